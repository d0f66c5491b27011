import { Outlet } from "react-router";
import { AppLink } from "../../components/ui/app-link";

/** The guest layout (spec §2): a focused page for signing in, without the shop's navigation. */
export default function GuestLayout() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center bg-ink px-4 py-12">
      <AppLink to="/" className="mb-8 font-display text-3xl text-white" aria-label="Encore home">
        ENCORE<span className="text-accent">.</span>
      </AppLink>
      <main id="main" className="w-full max-w-md rounded-2xl bg-paper p-8 shadow-xl">
        <Outlet />
      </main>
      <p className="mt-6 text-sm text-zinc-300">
        <AppLink to="/" className="underline hover:text-white">
          Back to the shop
        </AppLink>
      </p>
    </div>
  );
}
