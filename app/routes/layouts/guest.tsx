import { Outlet } from "react-router";
import { FlashMessages } from "../../components/flash-messages";
import { AppLink } from "../../components/ui/app-link";
import { clearFlash, takeFlash } from "../../lib/flash.server";
import type { Route } from "./+types/guest";

export const middleware = [clearFlash];

export function loader({ request, context }: Route.LoaderArgs) {
  return { flash: takeFlash(request, context).messages };
}

/**
 * The guest layout (behaviour.md §2): a focused page for signing in, without the shop's navigation.
 */
export default function GuestLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center bg-ink px-4 py-12">
      {/* The logo and the way back are landmarks too, so nothing on the page sits outside one. */}
      <header className="mb-8">
        <AppLink to="/" className="font-display text-3xl text-white" aria-label="Encore home">
          ENCORE<span className="text-accent">.</span>
        </AppLink>
      </header>
      <main id="main" className="mt-4 w-full max-w-md rounded-2xl bg-paper p-8 shadow-xl">
        <FlashMessages messages={loaderData.flash} />
        <Outlet />
      </main>
      <nav aria-label="Shop" className="mt-6 text-sm text-zinc-300">
        <AppLink to="/" className="underline hover:text-white">
          Back to the shop
        </AppLink>
      </nav>
    </div>
  );
}
