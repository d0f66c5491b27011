/**
 * How a product is paid for and sent (spec §7 billing model types): bought outright, pre-ordered
 * (charged now, sent from its release date), or a fan-club membership that renews each period.
 */
export const BILLING_MODEL_TYPES = ["one_off", "pre_order", "membership"] as const;
export type BillingModelType = (typeof BILLING_MODEL_TYPES)[number];

/** How often a membership renews (spec §7 billing periods). */
export const BILLING_PERIODS = ["month", "year"] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];
