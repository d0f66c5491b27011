import { Hono } from "hono";
import { z } from "zod";
import { optionalCustomer } from "../auth/middleware.ts";
import type { AppEnv } from "../http/env.ts";
import { ok } from "../http/envelope.ts";
import { validationFailed } from "../http/errors.ts";
import { jsonBody, queryParams } from "../http/validate.ts";
import {
  applyDiscountToBasket,
  customerShopper,
  DISCOUNT_UNIT_TYPE_LIST,
  ELIGIBLE_USER_GROUP_LIST,
  GUEST,
} from "./service.ts";
import { PublicDiscountApplyInput } from "./validators.ts";

/** spec §7, public: discount reference data, and a code applied to a basket. */
export function discountsPublicApi() {
  return new Hono<AppEnv>()
    .get("/discount-unit-types", (c) => {
      queryParams(c, z.strictObject({}));
      return ok(c, DISCOUNT_UNIT_TYPE_LIST);
    })
    .get("/eligible-user-groups", (c) => {
      queryParams(c, z.strictObject({}));
      return ok(c, ELIGIBLE_USER_GROUP_LIST);
    })
    .post("/discounts/basket/apply", async (c) => {
      const { discount, lines } = await jsonBody(c, PublicDiscountApplyInput);
      c.header("Cache-Control", "no-store");
      // A signed-in customer is evaluated as one (registered-only codes, their own uses).
      // Nothing is counted here; the order's transaction redeems the code.
      const customer = await optionalCustomer(c);
      const result = await applyDiscountToBasket(c.get("db"), {
        code: discount,
        lines,
        shopper: customer ? customerShopper(customer.user.email) : GUEST,
      });
      // DESIGN §6.4: a refused code is an expected answer, a 422 on the field it is about.
      if (!result.ok) throw validationFailed({ [result.field]: [result.message] });
      return ok(c, result.discount);
    });
}
