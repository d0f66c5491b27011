// The public surface of server/analytics/: what other server modules may import
// (architecture.md §6, rule `only-through-module-index`). Everything else is internal.

export { forgetSearchesFor } from "./erasure.ts";
export { shopFunnel } from "./funnel.ts";
