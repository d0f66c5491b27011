// The public surface of server/discounts/: what other server modules may import
// (architecture.md §6, rule `only-through-module-index`). Everything else is internal.

export { splitProportionally } from "./amounts.ts";
export { anonymiseRedemptionsOf, redemptionsOf } from "./erasure.ts";
export { codesLimitedTo } from "./segment-usage.ts";
export type { Shopper } from "./service.ts";
export {
  evaluateDiscount,
  liveDiscountCount,
  redeemDiscount,
  releaseRedemptions,
  signedInShopper,
} from "./service.ts";
