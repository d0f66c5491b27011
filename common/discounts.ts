import { z } from "zod";
import { DISCOUNT_UNIT_TYPES, ELIGIBLE_USER_GROUPS } from "./discount-choices.ts";

export type { DiscountUnitType, EligibleUserGroup } from "./discount-choices.ts";
export {
  DISCOUNT_UNIT_TYPE_LABELS,
  DISCOUNT_UNIT_TYPES,
  ELIGIBLE_USER_GROUP_LABELS,
  ELIGIBLE_USER_GROUPS,
} from "./discount-choices.ts";

const Pence = z.number().int().min(0);

/** GET /api/discount-unit-types: one of these per unit type. */
export const DiscountUnitTypeOption = z
  .object({ id: z.enum(DISCOUNT_UNIT_TYPES), title: z.string() })
  .meta({ id: "DiscountUnitTypeOption", description: "A discount unit type and its name." });
export type DiscountUnitTypeOption = z.output<typeof DiscountUnitTypeOption>;

/** GET /api/eligible-user-groups: one of these per group. */
export const EligibleUserGroupOption = z
  .object({ id: z.enum(ELIGIBLE_USER_GROUPS), title: z.string() })
  .meta({ id: "EligibleUserGroupOption", description: "Who may use a code, and its name." });
export type EligibleUserGroupOption = z.output<typeof EligibleUserGroupOption>;

/** POST /api/discounts/basket/apply: a code applied to a basket, all money in pence, VAT included. */
export const AppliedDiscount = z
  .object({
    id: z.number().int().min(1),
    code: z.string(),
    description: z.string(),
    unitType: z.enum(DISCOUNT_UNIT_TYPES),
    value: z.number().int().min(1).meta({ description: "A whole percent, or pence off." }),
    discount: Pence.meta({ description: "The money off; never more than eligibleSubtotal." }),
    subtotal: Pence.meta({ description: "Every line of the basket." }),
    eligibleSubtotal: Pence.meta({ description: "The lines the code covers." }),
    total: Pence.meta({ description: "subtotal − discount, never below 0." }),
    lines: z
      .array(z.object({ id: z.number().int().min(1), discount: Pence }))
      .meta({ description: "The discount per variant id, summing exactly to discount." }),
  })
  .meta({ id: "AppliedDiscount", description: "A discount code applied to a basket." });
export type AppliedDiscount = z.output<typeof AppliedDiscount>;
