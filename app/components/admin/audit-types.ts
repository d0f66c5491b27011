import type { AuditSource } from "../../../common/audit-labels";

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
