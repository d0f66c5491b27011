import type { RouterContextProvider } from "react-router";
import { londonDayStart } from "../../common/london-time";
import { auditRoutes } from "../../server/audit/api.ts";
import { findUserByEmail } from "../../server/customers/service.ts";
import type { AuditEntryItem } from "../components/admin/audit-types";
import type { ListScreen } from "../components/admin/screen-types";
import type { ListQueryInput } from "./admin-resource.server";
import { loadList } from "./admin-resource.server";
import { appContext } from "./app-context.server";

const listRoute = (() => {
  const route = auditRoutes
    .filter((group) => group.area === "staff")
    .flatMap((group) => group.routes)
    .find((entry) => entry.method === "get" && entry.path === "/audit-log");
  if (!route) throw new Error("No staff route GET /audit-log");
  return route;
})();

/** The audit log's filters, as its screen's address holds them (people's terms). */
export const AUDIT_FILTERS = ["resource", "action", "actor", "from", "to", "page"] as const;

/**
 * The screen's address as the audit API's query: a day in London becomes the instants that
 * bound it (`to` includes its whole day), and "who" an account id, typed or found by email.
 */
async function auditQuery(
  search: URLSearchParams,
  context: Readonly<RouterContextProvider>,
): Promise<ListQueryInput> {
  const query: Record<string, string> = {};
  const problems: string[] = [];
  for (const [name, value] of search) {
    if (value === "") continue;
    if (name === "from" || name === "to") {
      const start = londonDayStart(value, name === "to" ? 1 : 0);
      if (start) query[name] = start.toISOString();
      else problems.push(`${name}: Use a date like 2026-11-24.`);
    } else if (name === "actor") {
      const who = value.trim();
      if (/^\d{1,10}$/.test(who)) query.actorId = who;
      else {
        const user = await findUserByEmail(context.get(appContext).db, who.slice(0, 254));
        if (user) query.actorId = String(user.id);
        else throw new NobodyByThatEmail(who.slice(0, 254));
      }
    } else query[name] = value;
  }
  if (query.from && query.to && query.from >= query.to) {
    problems.push("to: The end date must not be before the start date.");
    delete query.to;
  }
  return { query, problems };
}

class NobodyByThatEmail extends Error {}

/** The audit log screen's loader: one page of entries, newest first, filtered by its address. */
export async function auditLog(args: {
  url: URL;
  context: Readonly<RouterContextProvider>;
}): Promise<ListScreen<AuditEntryItem>> {
  try {
    return await loadList<AuditEntryItem>(listRoute, args, { query: auditQuery });
  } catch (error) {
    if (!(error instanceof NobodyByThatEmail)) throw error;
    // Nothing can match: an empty page that says why, rather than every entry.
    return {
      rows: [],
      meta: { currentPage: 1, perPage: 24, total: 0, lastPage: 1 },
      problem: `No account has the email address ${error.message}. The log keeps each entry's email as it was when it was written; try the person's account number instead.`,
    };
  }
}
