import { and, count, desc, eq, gte, lt, type SQL } from "drizzle-orm";
import type { AuditSource } from "../../common/audit-labels.ts";
import type { Page } from "../../common/pagination.ts";
import { inBatches, insertRecords } from "../db/bulk-insert.ts";
import type { Db } from "../db/client.ts";
import { pageMeta, pageOffset } from "../db/pagination.ts";
import { type AuditAction, type AuditFields, auditEntries } from "./schema.ts";

/** Who made a staff write: their id, and their email as it is now (kept on the entry). */
export type Actor = { id: number; email: string };

export type AuditWrite = {
  actor: Actor;
  action: AuditAction;
  resource: string;
  resourceId: string | number;
  label: string;
  /** The fields before the write (none for a create). */
  before?: AuditFields | null;
  /** The fields after it (none for a delete). */
  after?: AuditFields | null;
  /** The import that made the write, and its file's name (none for a write made on a screen). */
  via?: AuditVia;
};

/** An import behind writes (docs/architecture.md §5): which one, and the file it read. */
export type AuditVia = { source: AuditSource; file: string | null };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Of two versions of a resource, only the fields that differ, each side with its own value: what
 * a reader of the log wants to see, and no copy of the whole record at every save.
 */
export function changedFields(before: AuditFields, after: AuditFields) {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const changed = keys.filter((key) => !same(before[key], after[key]));
  return {
    before: Object.fromEntries(changed.map((key) => [key, before[key] ?? null])),
    after: Object.fromEntries(changed.map((key) => [key, after[key] ?? null])),
  };
}

/** Entries per statement when many are written at once (one JSON parameter each). */
const AUDIT_BATCH = 1000;
const AUDIT_COLUMNS = [
  ["actorId", "int"],
  ["actorEmail", "text"],
  ["action", "text"],
  ["resource", "text"],
  ["resourceId", "text"],
  ["label", "text"],
  ["before", "jsonb"],
  ["after", "jsonb"],
  ["source", "text"],
  ["sourceFile", "text"],
] as const;

/**
 * Records staff writes in the caller's transaction (architecture.md §5), so the entries and the
 * change commit together or not at all, in a few statements however many (an import of a file).
 * An update that changed nothing is not recorded. Staff writes reach it through their command's
 * audit trail (server/http/command.ts), never directly.
 */
export async function recordAudits(tx: Db, writes: AuditWrite[]): Promise<void> {
  const rows = writes.flatMap((write) => {
    const fields =
      write.action === "update"
        ? changedFields(write.before ?? {}, write.after ?? {})
        : { before: write.before ?? null, after: write.after ?? null };
    if (write.action === "update" && Object.keys(fields.before ?? {}).length === 0) return [];
    return [
      {
        actorId: write.actor.id,
        actorEmail: write.actor.email,
        action: write.action,
        resource: write.resource,
        resourceId: String(write.resourceId),
        label: write.label,
        before: fields.before,
        after: fields.after,
        source: write.via?.source ?? null,
        sourceFile: write.via?.file ?? null,
      },
    ];
  });
  await inBatches(rows, AUDIT_BATCH, (batch) =>
    insertRecords(
      tx,
      auditEntries,
      AUDIT_COLUMNS.map(([key, type]) => [auditEntries[key], type]),
      batch.map((row) => AUDIT_COLUMNS.map(([key]) => row[key])),
    ),
  );
}

export type AuditQuery = {
  page: number;
  perPage: number;
  resource?: string;
  resourceId?: string;
  actorId?: number;
  action?: AuditAction;
  /** Entries on or after this instant. */
  from?: Date;
  /** Entries before this instant. */
  to?: Date;
};

export type AuditEntry = {
  id: number;
  actorId: number | null;
  actorEmail: string;
  action: AuditAction;
  resource: string;
  resourceId: string;
  label: string;
  before: AuditFields | null;
  after: AuditFields | null;
  source: AuditSource | null;
  sourceFile: string | null;
  createdAt: string;
};

/** The log, newest first, filtered by resource, record, actor, action and time. */
export async function listAudit(db: Db, query: AuditQuery): Promise<Page<AuditEntry>> {
  const where = and(
    ...([
      query.resource ? eq(auditEntries.resource, query.resource) : undefined,
      query.resourceId ? eq(auditEntries.resourceId, query.resourceId) : undefined,
      query.actorId ? eq(auditEntries.actorId, query.actorId) : undefined,
      query.action ? eq(auditEntries.action, query.action) : undefined,
      query.from ? gte(auditEntries.createdAt, query.from) : undefined,
      query.to ? lt(auditEntries.createdAt, query.to) : undefined,
    ].filter(Boolean) as SQL[]),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditEntries)
      .where(where)
      .orderBy(desc(auditEntries.createdAt), desc(auditEntries.id))
      .limit(query.perPage)
      .offset(pageOffset(query.page, query.perPage)),
    db.select({ value: count() }).from(auditEntries).where(where),
  ]);
  return {
    data: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    meta: pageMeta(query.page, query.perPage, total?.value ?? 0),
  };
}
