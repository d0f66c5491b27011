import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, serial, text } from "drizzle-orm/pg-core";
import { AUDIT_SOURCES } from "../../common/audit-labels.ts";
import { users } from "../customers/schema.ts";
import { createdAt } from "../db/columns.ts";

/** What a staff write did to a resource. */
export const AUDIT_ACTIONS = ["create", "update", "delete"] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** A resource's fields as the audit log keeps them: what a staff form shows, JSON-safe. */
export type AuditFields = Record<string, unknown>;

/**
 * architecture.md §5: every staff write, written in the transaction of the change itself, so a
 * change and its entry commit or roll back together. `before` and `after` hold only the fields that
 * changed (all of them for a create or a delete). The actor's email is kept as it was, so the
 * entry still names who did it after the account is renamed or removed. Entries are never
 * updated or deleted by the shop.
 */
export const auditEntries = pgTable(
  "audit_entries",
  {
    id: serial("id").primaryKey(),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email").notNull(),
    action: text("action", { enum: AUDIT_ACTIONS }).notNull(),
    /** The resource's name in the staff API: `brands`, `products`, `folders`. */
    resource: text("resource").notNull(),
    resourceId: text("resource_id").notNull(),
    /** What staff read in the log: the band's title, the file's name. */
    label: text("label").notNull(),
    before: jsonb("before").$type<AuditFields>(),
    after: jsonb("after").$type<AuditFields>(),
    /** An import that wrote it (`product-import`); null for a write made on a screen or by the API. */
    source: text("source", { enum: AUDIT_SOURCES }),
    /** The imported file's name as it was uploaded, when the entry has a `source`. */
    sourceFile: text("source_file"),
    createdAt: createdAt(),
  },
  (table) => [
    index("audit_entries_created_idx").on(table.createdAt),
    index("audit_entries_resource_idx").on(table.resource, table.resourceId),
    index("audit_entries_actor_idx").on(table.actorId),
    check("audit_entries_action", sql`${table.action} in ('create', 'update', 'delete')`),
    check(
      "audit_entries_source",
      sql`${table.source} is null or ${table.source} in ('product-import', 'dispatch-import')`,
    ),
  ],
);

export type AuditEntryRow = typeof auditEntries.$inferSelect;
