import type { RouterContextProvider } from "react-router";
import type { FieldErrors } from "../../common/refusal";
import { fieldErrors } from "../../server/http/errors.ts";
import { DashboardQuery } from "../../server/platform/dashboard.ts";
import { dashboardRoute } from "../../server/platform/dashboard-api.ts";
import { callRoute } from "./admin-resource.server";
import { backOffice } from "./back-office.server";
import { readDashboard } from "./page-query.server";

/** The overview's range as its address holds it: days in London, both included. */
const RANGE_FIELDS = ["from", "to"] as const;

/**
 * The overview screen's loader: the trade figures for the range in the address (through the
 * staff API's route, in process), and the shop's counts. A range the API would refuse keeps
 * the default range and says why beside the field.
 */
export async function dashboardScreen({
  url,
  context,
}: {
  url: URL;
  context: Readonly<RouterContextProvider>;
}) {
  const asked: Partial<Record<(typeof RANGE_FIELDS)[number], string>> = {};
  const range = readDashboard(url);
  for (const name of RANGE_FIELDS) {
    const value = range[name];
    if (value) asked[name] = value;
  }
  const parsed = DashboardQuery.safeParse(asked);
  const errors: FieldErrors = parsed.success ? {} : fieldErrors(parsed.error);
  const query = parsed.success ? parsed.data : DashboardQuery.parse({});
  const [figures, overview] = await Promise.all([
    callRoute(dashboardRoute, context, { query }),
    backOffice(context).shopOverview(),
  ]);
  return { figures, overview, asked, errors };
}
