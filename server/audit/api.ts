import { z } from "zod";
import { AUDIT_SOURCES } from "../../common/audit-labels.ts";
import { pageOf } from "../../common/pagination.ts";
import { MAX_ID, Pagination } from "../http/query-schemas.ts";
import { defineRoute, type RouteGroup } from "../http/route-table.ts";
import { AUDIT_ACTIONS } from "./schema.ts";
import { listAudit } from "./service.ts";

const Instant = z.iso
  .datetime({ offset: true, error: "Use an ISO 8601 time, like 2026-11-24T09:00:00Z." })
  .max(40, "Use an ISO 8601 time, like 2026-11-24T09:00:00Z.")
  .transform((value) => new Date(value));

/** GET /api/staff/audit-log: filters held in the screen's address. */
export const AuditLogQuery = z.strictObject({
  ...Pagination,
  resource: z
    .string()
    .max(40)
    .regex(/^[a-z-]+$/, "A resource name, like brands.")
    .optional(),
  resourceId: z.string().max(40).optional(),
  actorId: z.coerce.number().int().min(1).max(MAX_ID, "No such id.").optional(),
  action: z.enum(AUDIT_ACTIONS, { error: "One of: create, update, delete." }).optional(),
  from: Instant.optional(),
  to: Instant.optional(),
});

const AuditEntryView = z
  .object({
    id: z.number().int(),
    actorId: z.number().int().nullable(),
    actorEmail: z.string(),
    action: z.enum(AUDIT_ACTIONS),
    resource: z.string(),
    resourceId: z.string(),
    label: z.string(),
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
    source: z
      .enum(AUDIT_SOURCES)
      .nullable()
      .meta({ description: "The import that wrote it; null for a write made on a screen." }),
    sourceFile: z.string().nullable().meta({ description: "The imported file's name." }),
    createdAt: z.string(),
  })
  .meta({ id: "AuditEntry", description: "One staff write: who, what, when, the fields changed." });

export const auditLogRoute = defineRoute({
  method: "get",
  path: "/audit-log",
  tag: "audit",
  summary: "Every staff write, newest first, filtered by resource, record, actor, action and time",
  query: AuditLogQuery,
  answers: { page: pageOf(AuditEntryView) },
  call: ({ db }, { query }) => listAudit(db, query),
});

/** architecture.md §5: the audit log of every staff write, newest first. */
export const auditRoutes: RouteGroup[] = [
  {
    area: "staff",
    routes: [auditLogRoute],
  },
];
