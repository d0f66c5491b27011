// The public surface of server/delivery/: what other server modules may import
// (architecture.md §6, rule `only-through-module-index`). Everything else is internal.

export { deliveryOptionFor } from "./service.ts";
