// The public surface of server/audit/: what other server modules may import
// (architecture.md §6, rule `only-through-module-index`). Everything else is internal.

export { scrubAuditOf } from "./erasure.ts";
export type { Actor, AuditWrite } from "./service.ts";
