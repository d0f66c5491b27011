import { z } from "zod";
import { BasketLineInput } from "../basket/validators.ts";
import { MAX_CODE_LENGTH } from "./schema.ts";

/** A code as a shopper may send it anywhere (checkout too): trimmed, at most the stored length. */
export const DiscountCodeText = z
  .string({ error: "Enter a discount code." })
  .trim()
  .max(MAX_CODE_LENGTH, `A discount code is at most ${MAX_CODE_LENGTH} characters.`);

/** POST /api/discounts/basket/apply: the code as typed, and the basket's ids and quantities. */
export const PublicDiscountApplyInput = z.strictObject({
  discount: DiscountCodeText.min(1, "Enter a discount code."),
  lines: z
    .array(BasketLineInput, { error: "Send the basket lines." })
    .min(1, "Your basket is empty")
    .max(100, "A basket holds at most 100 different items."),
});

export type PublicDiscountApply = z.output<typeof PublicDiscountApplyInput>;
