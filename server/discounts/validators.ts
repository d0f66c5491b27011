import { z } from "zod";
import { BasketLineInput } from "../basket/validators.ts";
import { MAX_CODE_LENGTH } from "./schema.ts";

/** POST /api/discounts/basket/apply: the code as typed, and the basket's ids and quantities. */
export const PublicDiscountApplyInput = z.strictObject({
  discount: z
    .string({ error: "Enter a discount code." })
    .trim()
    .min(1, "Enter a discount code.")
    .max(MAX_CODE_LENGTH, `A discount code is at most ${MAX_CODE_LENGTH} characters.`),
  lines: z
    .array(BasketLineInput, { error: "Send the basket lines." })
    .min(1, "Your basket is empty")
    .max(100, "A basket holds at most 100 different items."),
});

export type PublicDiscountApply = z.output<typeof PublicDiscountApplyInput>;
