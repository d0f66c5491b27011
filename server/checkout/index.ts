// The public surface of server/checkout/: what other server modules may import
// (architecture.md §6, rule `only-through-module-index`). Everything else is internal.

export { vatIn } from "./vat.ts";
