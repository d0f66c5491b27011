// The public surface of server/idempotency/: what other server modules may import
// (architecture.md §6, rule `only-through-module-index`). Everything else is internal.

export { forgetOutcomesOf } from "./erasure.ts";
export type { AbandonedKey, HeldKey, KeyProgress } from "./service.ts";
export { abandonedKeys, finishAbandonedKey, forgetOldKeys, NO_KEY } from "./service.ts";
