// The public surface of server/auth/: what other server modules may import
// (architecture.md §6, rule `only-through-module-index`). Everything else is internal.

export { revokeEverythingOf } from "./erasure.ts";
export type { LiveToken } from "./tokens.ts";
