// The public surface of server/basket/: what other server modules may import
// (architecture.md §6, rule `only-through-module-index`). Everything else is internal.

export { resolveBasket } from "./service.ts";
