import { z } from "zod";
import { BILLING_MODEL_TYPES, BILLING_PERIODS } from "./billing.ts";

// The billing models' staff views (issue 15, decision 0016), shared with the back office.

const UpdatedAt = z.string().meta({
  description: "ISO 8601 UTC; send it back with an update to catch a colleague's save.",
});

/** GET /api/staff/billing-models: one row of the billing models table. */
export const StaffBillingModelItem = z
  .object({
    id: z.number().int(),
    title: z.string(),
    type: z.enum(BILLING_MODEL_TYPES),
    period: z.enum(BILLING_PERIODS).nullable(),
    /** The products sold on this model, whatever their status. */
    productCount: z.number().int(),
    updatedAt: z.string().meta({ description: "ISO 8601 UTC." }),
  })
  .meta({ id: "StaffBillingModelItem" });
export type StaffBillingModelItem = z.output<typeof StaffBillingModelItem>;

/** GET /api/staff/billing-models/edit/{id}, and what store and update answer. */
export const BillingModelEdit = z
  .object({
    id: z.number().int(),
    title: z.string(),
    type: z.enum(BILLING_MODEL_TYPES),
    period: z.enum(BILLING_PERIODS).nullable(),
    updatedAt: UpdatedAt,
  })
  .meta({ id: "BillingModelEdit" });
export type BillingModelEdit = z.output<typeof BillingModelEdit>;

/** GET /api/staff/billing-model-types and /billing-periods: an id and what staff read. */
export const BillingChoice = z
  .object({ id: z.string(), title: z.string() })
  .meta({ id: "BillingChoice" });
export type BillingChoice = z.output<typeof BillingChoice>;
