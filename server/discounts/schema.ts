import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { DISCOUNT_UNIT_TYPES, ELIGIBLE_USER_GROUPS } from "../../common/discounts.ts";
import { brands, productCollections, products } from "../catalog/schema.ts";
import { createdAt, pence, timestamps } from "../db/columns.ts";
import { segments } from "../segments/schema.ts";

/**
 * What a code takes money off: the whole basket, or only the lines whose product matches one of
 * its targets (a band, a product or a collection). A "selected" code whose targets were all
 * deleted applies to nothing; it never widens to the whole basket.
 */
export const DISCOUNT_SCOPES = ["basket", "selected"] as const;
export type DiscountScope = (typeof DISCOUNT_SCOPES)[number];

/** The longest code a shopper can type (and staff can store). */
export const MAX_CODE_LENGTH = 50;

/**
 * A run of unique single-use codes generated at once ("500 codes for a band's mailing list"),
 * made from one discount's rules. Each code is its own `discounts` row, so a shopper's code is
 * checked and redeemed exactly as any other; the batch groups them for staff and the CSV export.
 */
export const discountBatches = pgTable("discount_batches", {
  id: serial("id").primaryKey(),
  title: text("title").notNull(),
  prefix: text("prefix").notNull(),
  count: integer("count").notNull(),
  createdAt: createdAt(),
});

/**
 * Discount codes. `code` is stored normalised (trimmed, upper case) under a unique index, so a
 * shopper's code matches whatever case they type. Instants are UTC; a code is live from
 * `starts_at` inclusive to `ends_at` exclusive. `times_used` is only ever changed by
 * `redeemDiscount`'s guarded UPDATE (security.md #7).
 */
export const discounts = pgTable(
  "discounts",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull(),
    description: text("description").notNull().default(""),
    unitType: text("unit_type", { enum: DISCOUNT_UNIT_TYPES }).notNull(),
    // percentage: a whole percent 1–100; fixed: pence.
    value: integer("value").notNull(),
    // Pence the lines in scope must add up to; null for no minimum.
    minSubtotal: pence("min_subtotal"),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    usageLimit: integer("usage_limit"),
    perCustomerLimit: integer("per_customer_limit"),
    timesUsed: integer("times_used").notNull().default(0),
    eligibleGroup: text("eligible_group", { enum: ELIGIBLE_USER_GROUPS })
      .notNull()
      .default("everyone"),
    // Restrict: a segment a code is limited to cannot be deleted from under it (a 409).
    segmentId: integer("segment_id").references(() => segments.id, { onDelete: "restrict" }),
    /** One of a batch of generated single-use codes; they share the batch's rules. */
    batchId: integer("batch_id").references(() => discountBatches.id, { onDelete: "cascade" }),
    scope: text("scope", { enum: DISCOUNT_SCOPES }).notNull().default("basket"),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex("discounts_code_idx").on(table.code),
    index("discounts_batch_idx").on(table.batchId),
    // Normalised: what `normaliseCode` makes of any input that can match.
    check("discounts_code_format", sql`${table.code} ~ '^[A-Z0-9][A-Z0-9_-]{0,49}$'`),
    // security.md #6: no zero or negative discounts, no more than 100%.
    check("discounts_value", sql`${table.value} > 0`),
    check("discounts_percentage", sql`${table.unitType} <> 'percentage' or ${table.value} <= 100`),
    check("discounts_min_subtotal", sql`${table.minSubtotal} is null or ${table.minSubtotal} >= 0`),
    check("discounts_dates", sql`${table.endsAt} is null or ${table.endsAt} > ${table.startsAt}`),
    check("discounts_times_used", sql`${table.timesUsed} >= 0`),
    check("discounts_usage_limit", sql`${table.usageLimit} is null or ${table.usageLimit} > 0`),
    check(
      "discounts_per_customer_limit",
      sql`${table.perCustomerLimit} is null or ${table.perCustomerLimit} > 0`,
    ),
    check(
      "discounts_segment",
      sql`(${table.eligibleGroup} = 'segment') = (${table.segmentId} is not null)`,
    ),
  ],
);

/** What a "selected" discount applies to: exactly one band, product or collection per row. */
export const discountTargets = pgTable(
  "discount_targets",
  {
    id: serial("id").primaryKey(),
    discountId: integer("discount_id")
      .notNull()
      .references(() => discounts.id, { onDelete: "cascade" }),
    brandId: integer("brand_id").references(() => brands.id, { onDelete: "cascade" }),
    productId: integer("product_id").references(() => products.id, { onDelete: "cascade" }),
    collectionId: integer("collection_id").references(() => productCollections.id, {
      onDelete: "cascade",
    }),
  },
  (table) => [
    index("discount_targets_discount_idx").on(table.discountId),
    check(
      "discount_targets_one_target",
      sql`num_nonnulls(${table.brandId}, ${table.productId}, ${table.collectionId}) = 1`,
    ),
  ],
);

/**
 * One use of a discount. Keyed on the normalised email for guests and accounts alike, so a
 * per-customer limit cannot be dodged by checking out as a guest (security.md #8).
 */
export const discountRedemptions = pgTable(
  "discount_redemptions",
  {
    id: serial("id").primaryKey(),
    // Restrict: a used code's history outlives it; staff retire a used code by ending it.
    discountId: integer("discount_id")
      .notNull()
      .references(() => discounts.id, { onDelete: "restrict" }),
    email: text("email").notNull(),
    // The customers and orders modules will add their foreign keys.
    customerId: integer("customer_id"),
    orderId: integer("order_id"),
    createdAt: createdAt(),
  },
  (table) => [
    index("discount_redemptions_discount_email_idx").on(table.discountId, table.email),
    check(
      "discount_redemptions_email",
      sql`${table.email} <> '' and ${table.email} = lower(btrim(${table.email}))`,
    ),
  ],
);
