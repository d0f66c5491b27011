// A discount code's choices and their words: its unit, who may use it, what it takes money off.
// Free of zod, so the discount form does not carry the validators to the browser.

/** How a discount's value reads: a whole percent (1–100) or pence off. */
export const DISCOUNT_UNIT_TYPES = ["percentage", "fixed"] as const;
export type DiscountUnitType = (typeof DISCOUNT_UNIT_TYPES)[number];

/** Each unit type as staff read it: the discount form's choice, the API's list, the audit log. */
export const DISCOUNT_UNIT_TYPE_LABELS: Readonly<Record<DiscountUnitType, string>> = {
  percentage: "Percentage off",
  fixed: "Fixed amount off",
};

/** Who may use a code; "segment" names one segment. */
export const ELIGIBLE_USER_GROUPS = ["everyone", "guests", "registered", "segment"] as const;
export type EligibleUserGroup = (typeof ELIGIBLE_USER_GROUPS)[number];

/** Each group as the discount form offers it (and the audit log says it). */
export const ELIGIBLE_USER_GROUP_LABELS: Readonly<Record<EligibleUserGroup, string>> = {
  everyone: "Everyone",
  guests: "Guests only",
  registered: "Registered customers",
  segment: "Members of a segment",
};

/** What a code takes money off: the whole basket, or only its selected bands/products/collections. */
export const DISCOUNT_SCOPE_VALUES = ["basket", "selected"] as const;

/** Each scope as the discount form offers it (and the audit log says it). */
export const DISCOUNT_SCOPE_LABELS: Readonly<
  Record<(typeof DISCOUNT_SCOPE_VALUES)[number], string>
> = { basket: "The whole basket", selected: "Selected bands, products or collections" };
