import { sql } from "drizzle-orm";
import { check, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { BILLING_MODEL_TYPES, BILLING_PERIODS } from "../../common/billing.ts";
import { timestamps } from "../db/columns.ts";

/**
 * A way of selling a product that staff name and assign: "Pre-order", "Fan club (yearly)". A
 * product without one is sold one-off. A pre-order ships from its product's release date; a
 * membership renews every `period`.
 */
export const billingModels = pgTable(
  "billing_models",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    type: text("type", { enum: BILLING_MODEL_TYPES }).notNull(),
    period: text("period", { enum: BILLING_PERIODS }),
    ...timestamps(),
  },
  (table) => [
    // The product CSV names a product's billing model by its name: two of one name would leave
    // the import to pick one (issue 30). Compared without case, as the import reads it.
    uniqueIndex("billing_models_title_unique").on(sql`lower(${table.title})`),
    check("billing_models_type", sql`${table.type} in ('one_off', 'pre_order', 'membership')`),
    // Only a membership renews, and it always has a period.
    check(
      "billing_models_period",
      sql`(${table.type} = 'membership') = (${table.period} is not null) and (${table.period} is null or ${table.period} in ('month', 'year'))`,
    ),
  ],
);

export type BillingModelRow = typeof billingModels.$inferSelect;
