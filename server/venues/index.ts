// The public surface of server/venues/: what other server modules may import
// (architecture.md §6, rule `only-through-module-index`). Everything else is internal.

export { venuesByIds } from "./service.ts";
