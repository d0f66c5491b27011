import { Form, NavLink, Outlet } from "react-router";
import { logout } from "../../client/auth";
import { FlashMessages } from "../../components/flash-messages";
import { AppLink } from "../../components/ui/app-link";
import { clearFlash, takeFlash } from "../../lib/flash.server";
import { STAFF_LOGIN } from "../../lib/redirect-target";
import { routeMiddleware } from "../../lib/route-middleware.server";
import { requireSession } from "../../lib/session.server";
import type { Route } from "./+types/layout";

/** The back office: staff and admins only, checked on the server for every page and request. */
export const middleware = [clearFlash, ...routeMiddleware("staff")];
export const headers = () => ({ "Cache-Control": "private, no-store" });

export function loader({ request, context }: Route.LoaderArgs) {
  const { user } = requireSession(context);
  return { staff: { name: user.name, role: user.role }, flash: takeFlash(request).messages };
}

const sections = [
  { to: "/admin", label: "Overview", end: true },
  { to: "/admin/outbox", label: "Outbox", end: false },
];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { staff, flash } = loaderData;
  return (
    <div className="flex min-h-dvh flex-col bg-zinc-100">
      <header className="bg-ink text-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-8 gap-y-3 px-4 py-4 sm:px-6">
          <AppLink to="/admin" className="font-display text-xl">
            ENCORE<span className="text-accent">.</span>{" "}
            <span className="font-sans text-sm font-semibold text-zinc-300">Back office</span>
          </AppLink>
          <nav aria-label="Back office" className="flex-1">
            <ul className="flex flex-wrap gap-1">
              {sections.map((section) => (
                <li key={section.to}>
                  <NavLink
                    to={section.to}
                    end={section.end}
                    className="block rounded-full px-4 py-1.5 text-sm font-semibold text-zinc-200 hover:bg-white/10 aria-[current=page]:bg-white aria-[current=page]:text-ink"
                  >
                    {section.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="flex items-center gap-4 text-sm">
            <span>
              {staff.name} <span className="text-zinc-400">({staff.role})</span>
            </span>
            <Form
              method="post"
              action="/logout"
              reloadDocument
              onSubmit={(event) => {
                event.preventDefault();
                void logout(STAFF_LOGIN);
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
      <FlashMessages messages={flash} />
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 sm:px-6">
        <Outlet />
      </main>
    </div>
  );
}
