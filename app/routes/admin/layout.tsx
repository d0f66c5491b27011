import { Form, Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import { logout } from "../../client/auth";
import { BackOfficeNav } from "../../components/admin/back-office-nav";
import { FlashMessages } from "../../components/flash-messages";
import { AppLink } from "../../components/ui/app-link";
import { clearFlash, takeFlash } from "../../lib/flash.server";
import { STAFF_SIGNED_OUT_PATH } from "../../lib/redirect-target";
import { routeMiddleware } from "../../lib/route-middleware.server";
import { MEMBER_COUNT_INTENT } from "../../lib/segment-intents";
import { requireSession } from "../../lib/session.server";
import type { Route } from "./+types/layout";

/**
 * The back office: staff and admins only, checked on the server for every page and request (no
 * live staff token: the staff sign-in; a signed-in customer: 403).
 */
export const middleware = [clearFlash, ...routeMiddleware("staff")];
export const headers = () => ({ "Cache-Control": "private, no-store" });

/**
 * The live member count of the segment screens posts the form as the rules change, and changes
 * nothing: this loader (the staff member, and the flash a save's redirect left) is not run again
 * for it. Run again, it could take the flash meant for the page a save is landing on, in a request
 * whose answer React Router then drops for the save's own, and the message would never show.
 */
export function shouldRevalidate({
  formData,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return formData?.get("intent") === MEMBER_COUNT_INTENT ? false : defaultShouldRevalidate;
}

export function loader({ request, context }: Route.LoaderArgs) {
  const { user } = requireSession(context);
  return {
    staff: { name: user.name, role: user.role },
    flash: takeFlash(request, context).messages,
  };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { staff, flash } = loaderData;
  return (
    <div className="flex min-h-dvh flex-col bg-zinc-100 print:bg-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-3 focus:left-3 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-ink"
      >
        Skip to content
      </a>
      <header className="bg-ink text-white print:hidden">
        <div className="flex flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3 sm:px-6">
          <AppLink to="/admin" className="font-display text-xl">
            ENCORE<span className="text-accent">.</span>{" "}
            <span className="font-sans text-sm font-semibold text-zinc-300">Back office</span>
          </AppLink>
          <a
            href="/"
            target="_blank"
            rel="noopener"
            className="text-sm font-semibold text-zinc-300 underline-offset-2 hover:text-white hover:underline"
          >
            View the shop<span className="sr-only"> (opens in a new tab)</span>
          </a>
          <div className="ml-auto flex items-center gap-4 text-sm">
            <span className="flex items-center gap-2">
              <span
                aria-hidden="true"
                className="grid h-8 w-8 place-items-center rounded-full bg-white/15 font-bold"
              >
                {staff.name.slice(0, 1).toUpperCase()}
              </span>
              {staff.name}{" "}
              <span className="rounded-full bg-white/10 px-2 py-0.5 text-xs font-semibold text-zinc-200">
                {staff.role}
              </span>
            </span>
            <Form
              method="post"
              action="/logout"
              reloadDocument
              onSubmit={(event) => {
                event.preventDefault();
                void logout(STAFF_SIGNED_OUT_PATH);
              }}
            >
              <input type="hidden" name="area" value="staff" />
              <button type="submit" className="font-semibold underline hover:text-zinc-300">
                Sign out
              </button>
            </Form>
          </div>
        </div>
      </header>
      <div className="flex flex-1 flex-col lg:flex-row">
        <aside className="print:hidden border-b border-line bg-zinc-100 px-3 py-3 lg:w-60 lg:shrink-0 lg:border-r lg:border-b-0 lg:py-6">
          <div className="lg:sticky lg:top-6">
            <BackOfficeNav role={staff.role} />
          </div>
        </aside>
        <div className="min-w-0 flex-1">
          <FlashMessages messages={flash} />
          <main id="main" className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-8">
            <Outlet />
          </main>
        </div>
      </div>
    </div>
  );
}
