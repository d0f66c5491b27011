import type { AuditSource } from "../../../common/audit-labels";
import type { AuditChange } from "../../../common/audit-wording";

/**
 * One entry of the audit log as GET /api/staff/audit-log answers it (server/audit/api.ts keeps
 * its schema; screens may not import server files, decision 0008).
 */
export type AuditEntryItem = {
  id: number;
  actorId: number | null;
  actorEmail: string;
  action: "create" | "update" | "delete";
  resource: string;
  resourceId: string;
  label: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /** The import that wrote it (common/audit-labels.ts), or null for a write made on a screen. */
  source: AuditSource | null;
  sourceFile: string | null;
  createdAt: string;
};

/**
 * An entry as the audit log screen shows it: its record's kind and its changes in words, and the
 * import that wrote it, worked out by the loader (app/lib/admin-audit.server.ts).
 */
export type AuditLogRow = AuditEntryItem & {
  /** The record's kind as its screen names it: "Variant". */
  kind: string;
  changes: AuditChange[];
  /** "Product CSV import", when an import wrote it. */
  sourceLabel: string | null;
};
