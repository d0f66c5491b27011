import { z } from "zod";
import { BILLING_MODEL_TYPES, BILLING_PERIODS } from "../../common/billing.ts";
import { Search, sortParam } from "../catalog/validators.ts";
import { Pagination } from "../http/query-schemas.ts";

// The billing models' staff inputs (issue 15, decision 0016). Whether a period belongs to the
// type spans fields, so the service checks it on the saved result (an update may send either).

const billingModelFields = {
  title: z
    .string()
    .trim()
    .min(1, "Enter the billing model's name.")
    .max(80, "At most 80 characters."),
  type: z.enum(BILLING_MODEL_TYPES, {
    error: `Type is one of: ${BILLING_MODEL_TYPES.join(", ")}.`,
  }),
  period: z
    .enum(BILLING_PERIODS, { error: `Period is one of: ${BILLING_PERIODS.join(", ")}.` })
    .nullable()
    .optional(),
};

/** POST /api/staff/billing-models/store. */
export const BillingModelCreateInput = z.strictObject(billingModelFields);
export type BillingModelCreateInput = z.output<typeof BillingModelCreateInput>;

/** POST /api/staff/billing-models/update: the fields sent change, the others stay. */
export const BillingModelUpdateFields = z.strictObject(billingModelFields);
export type BillingModelUpdateInput = Partial<BillingModelCreateInput> & { id: number };

/** GET /api/staff/billing-models. */
export const StaffBillingModelListQuery = z.strictObject({
  ...Pagination,
  q: Search,
  type: z
    .enum(BILLING_MODEL_TYPES, { error: `Type is one of: ${BILLING_MODEL_TYPES.join(", ")}.` })
    .optional(),
  sort: sortParam(["title", "type", "updated"], "title"),
});
export type StaffBillingModelListQuery = z.output<typeof StaffBillingModelListQuery>;
