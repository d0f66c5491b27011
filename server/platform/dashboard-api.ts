import { DashboardView } from "../../common/dashboard.ts";
import { defineRoute, type RouteGroup } from "../http/route-table.ts";
import { DashboardQuery, dashboard } from "./dashboard.ts";

/** GET /api/staff/dashboard: the back office's overview of trade (issue 15). */
export const dashboardRoute = defineRoute({
  method: "get",
  path: "/dashboard",
  tag: "platform",
  summary:
    "Sales and orders today, this month and per day of a range (London days), orders to dispatch, low stock, top products and bands, and the shop-event funnel",
  query: DashboardQuery,
  answers: { data: DashboardView },
  call: ({ db }, { query }) => dashboard(db, query),
});

export const dashboardRoutes: RouteGroup[] = [{ area: "staff", routes: [dashboardRoute] }];
