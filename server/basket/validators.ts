import { z } from "zod";
import { MAX_ID } from "../http/query-schemas.ts";

/** spec §3: checkout and basket lines are a variant id and a quantity. */
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

/** POST /api/basket/lines. */
export const PublicBasketLinesInput = z.strictObject({
  lines: z.array(BasketLineInput).max(100, "A basket holds at most 100 different items."),
});

export type BasketLineRequest = z.output<typeof BasketLineInput>;
