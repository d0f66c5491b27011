import { z } from "zod";
import { BILLING_MODEL_TYPES, BILLING_PERIODS } from "./billing.ts";

/**
 * How a product is sold when not one-off (`BillingTerms` in billing-notes.ts), as the basket and
 * product views carry it. Apart from the notes, so the pages that print a note load no zod.
 */
export const BillingTermsView = z
  .object({
    type: z.enum(BILLING_MODEL_TYPES),
    period: z.enum(BILLING_PERIODS).nullable(),
    shipsFrom: z
      .string()
      .nullable()
      .meta({ description: "A pre-order's release date, YYYY-MM-DD." }),
  })
  .meta({
    id: "BillingTerms",
    description: "How the product is sold when not one-off: a pre-order or a membership.",
  });
