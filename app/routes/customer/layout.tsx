import { Outlet } from "react-router";
import { routeMiddleware } from "../../lib/route-middleware.server";

/** behaviour.md §4: every /customer page is for signed-in customers only. */
export const middleware = routeMiddleware("auth");

export const headers = () => ({ "Cache-Control": "private, no-store" });

export default function CustomerLayout() {
  return <Outlet />;
}
