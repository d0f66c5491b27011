import { z } from "zod";
import { MAX_ID } from "../http/query-schemas.ts";

/** behaviour.md §3: checkout and basket lines are a variant id and a quantity. */
export const BasketLineInput = z.strictObject({
  id: z
    .number({ error: "Must be a variant id." })
    .int("Must be a variant id.")
    .positive("Must be a variant id.")
    .max(MAX_ID),
  quantity: z
    .number({ error: "Must be a whole number." })
    .int("Must be a whole number.")
    .min(0, "Must not be below 0.")
    .max(1000, "Must be 1000 or fewer."),
});

/** A basket's lines as a request names them, within the basket's limit. */
export const BasketLinesInput = z
  .array(BasketLineInput)
  .max(100, "A basket holds at most 100 different items.");

/** POST /api/basket/lines. */
export const PublicBasketLinesInput = z.strictObject({ lines: BasketLinesInput });

export type BasketLineRequest = z.output<typeof BasketLineInput>;

const FormId = z.coerce.number().int().positive().max(MAX_ID);
const FormQuantity = z.coerce.number().int().min(0).max(1000);

/**
 * What the product page and the basket page post without JavaScript: a change to the lines (an
 * add names the variant, or the product and its chosen option values), or the discount code.
 */
export const BasketFormInput = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("add"),
    variantId: z.union([FormId, z.literal("")]).optional(),
    productId: FormId.optional(),
    options: z.array(FormId).max(20).default([]),
    quantity: FormQuantity.default(1),
  }),
  z.object({ intent: z.literal("set"), variantId: FormId, quantity: FormQuantity }),
  z.object({ intent: z.literal("remove"), variantId: FormId }),
  z.object({ intent: z.literal("empty") }),
  // Brings back what "Empty basket" removed, while it can (issue 29).
  z.object({ intent: z.literal("undo-empty") }),
  z.object({ intent: z.literal("apply-discount"), code: z.string().trim().max(50) }),
  z.object({ intent: z.literal("remove-discount") }),
]);
export type BasketFormInput = z.output<typeof BasketFormInput>;

/** The intents of `BasketFormInput` that change the lines. */
export type BasketLineChange = Extract<
  BasketFormInput,
  { intent: "add" | "set" | "remove" | "empty" }
>;
