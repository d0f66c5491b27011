import { z } from "zod";
import {
  AppliedDiscount,
  DiscountUnitTypeOption,
  EligibleUserGroupOption,
} from "../../common/discounts.ts";
import { defineRoute, type RouteGroup } from "../http/route-table.ts";
import {
  applyDiscountToBasket,
  DISCOUNT_UNIT_TYPE_LIST,
  ELIGIBLE_USER_GROUP_LIST,
  GUEST,
  signedInShopper,
} from "./service.ts";
import { discountStaffRoutes } from "./staff-api.ts";
import { PublicDiscountApplyInput } from "./validators.ts";

const tag = "discounts";

/** POST /api/discounts/basket/apply: what a code takes off a basket; nothing is counted here. */
export const applyDiscount = defineRoute({
  method: "post",
  path: "/discounts/basket/apply",
  tag,
  summary: "What a discount code takes off a basket, or why it cannot be used",
  description:
    "A signed-in customer is evaluated as one (registered-only codes, their own uses). Nothing is counted: the order's transaction redeems the code.",
  identify: true,
  body: PublicDiscountApplyInput,
  headers: { "Cache-Control": "no-store" },
  answers: { data: AppliedDiscount },
  async call({ db, account }, { body }) {
    const result = await applyDiscountToBasket(db, {
      code: body.discount,
      lines: body.lines,
      shopper: account ? await signedInShopper(db, account.user) : GUEST,
    });
    return result.ok ? result.discount : result;
  },
});

/**
 * behaviour.md §7: discount reference data, a code applied to a basket, and the staff API (issue
 * 15).
 */
export const discountsRoutes: RouteGroup[] = [
  {
    area: "public",
    routes: [
      defineRoute({
        method: "get",
        path: "/discount-unit-types",
        tag,
        summary: "How a discount's value is counted",
        query: z.strictObject({}),
        answers: { data: z.array(DiscountUnitTypeOption) },
        call: () => DISCOUNT_UNIT_TYPE_LIST,
      }),
      defineRoute({
        method: "get",
        path: "/eligible-user-groups",
        tag,
        summary: "Who a discount can be limited to",
        query: z.strictObject({}),
        answers: { data: z.array(EligibleUserGroupOption) },
        call: () => ELIGIBLE_USER_GROUP_LIST,
      }),
      applyDiscount,
    ],
  },
  { area: "staff", routes: discountStaffRoutes },
];
