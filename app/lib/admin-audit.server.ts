import type { RouterContextProvider } from "react-router";
import { AUDIT_SOURCE_LABELS, auditResourceLabel } from "../../common/audit-labels";
import { type AuditNames, auditReferences, describeAuditChanges } from "../../common/audit-wording";
import { londonDayStart } from "../../common/london-time";
import { auditLogRoute } from "../../server/audit/api.ts";
import { billingModelsByIds } from "../../server/billing/service.ts";
import { catalogueTitles } from "../../server/catalog/service/titles.ts";
import { findUserByEmail } from "../../server/customers/service.ts";
import type { Db } from "../../server/db/client.ts";
import { mediaNames } from "../../server/media/library.ts";
import { allSegments } from "../../server/segments/service.ts";
import type { AuditEntryItem, AuditLogRow } from "../components/admin/audit-types";
import type { ListScreen } from "../components/admin/screen-types";
import type { ListQueryInput } from "./admin-resource.server";
import { loadList } from "./admin-resource.server";
import { appContext } from "./app-context.server";

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

/** The names of the records a page of entries points at by id (a band, a file), from their modules. */
async function namesFor(db: Db, entries: AuditEntryItem[]): Promise<AuditNames> {
  const refs = auditReferences(entries);
  const ids = (kind: keyof typeof refs) => [...refs[kind]];
  const [catalogue, media, models, segments] = await Promise.all([
    catalogueTitles(db, {
      brandIds: ids("bands"),
      productIds: ids("products"),
      collectionIds: ids("collections"),
      attributeTypeIds: ids("options"),
      attributeIds: ids("optionValues"),
    }),
    mediaNames(db, { fileIds: ids("files"), folderIds: ids("folders") }),
    billingModelsByIds(db, ids("billingModels")),
    refs.segments.size ? allSegments(db) : [],
  ]);
  const named = (map: Map<number, string>) => Object.fromEntries(map);
  return {
    bands: named(catalogue.brands),
    products: named(catalogue.products),
    collections: named(catalogue.collections),
    options: named(catalogue.attributeTypes),
    optionValues: named(catalogue.attributes),
    files: named(media.files),
    folders: named(media.folders),
    billingModels: Object.fromEntries([...models].map(([id, model]) => [id, model.title])),
    segments: Object.fromEntries(segments.map((segment) => [segment.id, segment.title])),
  };
}

/**
 * The audit log screen's loader: one page of entries, newest first, filtered by its address,
 * each said in words (issue 30): its record's kind as its screen names it, its changes field by
 * field, and the import that wrote it.
 */
export async function auditLog(args: {
  url: URL;
  context: Readonly<RouterContextProvider>;
}): Promise<ListScreen<AuditLogRow>> {
  try {
    const screen = await loadList(auditLogRoute, args, { query: auditQuery });
    const names = await namesFor(args.context.get(appContext).db, screen.rows);
    return {
      ...screen,
      rows: screen.rows.map((entry) => ({
        ...entry,
        kind: auditResourceLabel(entry.resource),
        changes: describeAuditChanges(entry, names),
        sourceLabel: entry.source ? AUDIT_SOURCE_LABELS[entry.source] : null,
      })),
    };
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
