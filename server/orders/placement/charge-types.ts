import type { ChargeTypeOption } from "../../../common/orders.ts";

/**
 * The kinds of charge an order's lines carry: goods, delivery, and money off (a negative charge).
 * An order's VAT is worked out per charge, so a discount carries the split over product lines
 * that `evaluateDiscount` returns.
 */
export const CHARGE_TYPES: ReadonlyArray<ChargeTypeOption> = [
  { id: "product", title: "Products" },
  { id: "delivery", title: "Delivery" },
  { id: "discount", title: "Discount" },
];

export type ChargeType = ChargeTypeOption["id"];
