import type { FunnelStep } from "./dashboard.ts";

/** What staff read for each step. */
export const FUNNEL_STEP_LABELS: Record<FunnelStep, string> = {
  view_item: "Viewed a product",
  add_to_cart: "Added to basket",
  begin_checkout: "Began checkout",
  purchase: "Bought",
};
