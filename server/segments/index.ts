// The public surface of server/segments/: what other server modules may import
// (architecture.md §6, rule `only-through-module-index`). Everything else is internal.

export { segmentOptions } from "./options.ts";
export { segmentIdsOf, segmentMembersWhere, segmentsOf } from "./service.ts";
