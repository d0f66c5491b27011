/**
 * How a product is paid for and sent (behaviour.md §7 billing model types): bought outright,
 * pre-ordered (charged now, sent from its release date), or a fan-club membership that renews each
 * period.
 */
export const BILLING_MODEL_TYPES = ["one_off", "pre_order", "membership"] as const;
export type BillingModelType = (typeof BILLING_MODEL_TYPES)[number];

/** How often a membership renews (behaviour.md §7 billing periods). */
export const BILLING_PERIODS = ["month", "year"] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

/**
 * How an order mixing pre-orders and goods in stock is sent: what is in stock now and the rest
 * on release (`split`), or everything together at the later date (`together`).
 */
export const DISPATCH_PLANS = ["split", "together"] as const;
export type DispatchPlan = (typeof DISPATCH_PLANS)[number];

/** What staff read for each billing model type (behaviour.md §7 `GET /billing-model-types`). */
export const BILLING_MODEL_TYPE_TITLES: Readonly<Record<BillingModelType, string>> = {
  one_off: "One-off",
  pre_order: "Pre-order",
  membership: "Membership",
};

/** What staff read for each renewal period (behaviour.md §7 `GET /billing-periods`). */
export const BILLING_PERIOD_TITLES: Readonly<Record<BillingPeriod, string>> = {
  month: "Monthly",
  year: "Yearly",
};

export const billingModelTypeChoices = (): Array<{ id: string; title: string }> =>
  BILLING_MODEL_TYPES.map((id) => ({ id, title: BILLING_MODEL_TYPE_TITLES[id] }));
export const billingPeriodChoices = (): Array<{ id: string; title: string }> =>
  BILLING_PERIODS.map((id) => ({ id, title: BILLING_PERIOD_TITLES[id] }));

/** Where a membership's renewal stands with the payment provider (decision 0016). */
export const MEMBERSHIP_STATES = ["active", "past_due", "cancelled"] as const;
export type MembershipState = (typeof MEMBERSHIP_STATES)[number];
