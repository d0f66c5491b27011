// The public surface of server/platform/: what other server modules may import
// (architecture.md §6, rule `only-through-module-index`). Everything else is internal.

export { forgetRateLimitsOf } from "./erasure.ts";
export type { RateLimit } from "./rate-limit.ts";
export { takeRateLimit } from "./rate-limit.ts";
export { sanitizeRichText } from "./rich-text.ts";
