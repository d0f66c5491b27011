import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { productVariants } from "../catalog/schema.ts";
import { users } from "../customers/schema.ts";
import { pence, timestamps } from "../db/columns.ts";
import { discounts } from "../discounts/schema.ts";

/**
 * spec §4: `pending_payment → paid → dispatched`, and `cancelled` / `refunded`. Only
 * `server/orders/status.ts` moves an order between them.
 */
export const ORDER_STATUSES = [
  "pending_payment",
  "paid",
  "dispatched",
  "cancelled",
  "refunded",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Where an order's units stand: taken from stock for the payment (`reserved`, until
 * `reserved_until`), sold once paid, or given back after a decline, a failure or expiry.
 */
export const STOCK_STATES = ["reserved", "sold", "released"] as const;
export type StockState = (typeof STOCK_STATES)[number];

/** An address as the order keeps it: a copy, so later edits of saved addresses never change it. */
export type OrderAddress = {
  fullName: string;
  line1: string;
  line2?: string;
  city: string;
  county?: string;
  postcode: string;
  country: string;
  phone?: string;
};

/** Order numbers shoppers read and quote: EN-10001 onwards, never reused. */
export const orderNumbers = pgSequence("order_numbers", { startWith: 10001 });

/**
 * An order: the snapshot of what was bought, for how much (pence, VAT included), where it goes,
 * and where its payment and stock stand. Totals and VAT are stored as worked out at the charge,
 * so receipts and refunds use the same figures.
 */
export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    number: text("number").notNull().default(sql`'EN-' || nextval('order_numbers')`),
    /** The account it belongs to: the signed-in customer, or the guest record of its email. */
    customerId: integer("customer_id").references(() => users.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("pending_payment"),
    stockState: text("stock_state", { enum: STOCK_STATES }).notNull().default("reserved"),
    reservedUntil: timestamp("reserved_until", { withTimezone: true }).notNull(),
    shippingAddress: jsonb("shipping_address").$type<OrderAddress>().notNull(),
    billingAddress: jsonb("billing_address").$type<OrderAddress>().notNull(),
    deliveryOptionId: integer("delivery_option_id").notNull(),
    deliveryTitle: text("delivery_title").notNull(),
    deliveryCarrier: text("delivery_carrier").notNull(),
    deliveryDaysMin: smallint("delivery_days_min").notNull(),
    deliveryDaysMax: smallint("delivery_days_max").notNull(),
    /** Shipped outside the UK VAT area: prices are without VAT. */
    exported: boolean("exported").notNull().default(false),
    discountId: integer("discount_id").references(() => discounts.id, { onDelete: "set null" }),
    discountCode: text("discount_code"),
    subtotal: pence("subtotal").notNull(),
    discount: pence("discount").notNull(),
    delivery: pence("delivery").notNull(),
    deliveryVat: pence("delivery_vat").notNull(),
    vat: pence("vat").notNull(),
    total: pence("total").notNull(),
    paymentProvider: text("payment_provider").notNull(),
    paymentReference: text("payment_reference"),
    /** A guest reads the order only with this token (SHA-256 here; the token is shown once). */
    accessTokenHash: text("access_token_hash").notNull(),
    /** The confirmation email's own link token (hashed): it opens the order as the above does. */
    mailTokenHash: text("mail_token_hash"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    dispatchedAt: timestamp("dispatched_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    /** Why it was cancelled, in the shopper's words: a decline, an expired reservation. */
    cancelReason: text("cancel_reason"),
    confirmationSentAt: timestamp("confirmation_sent_at", { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex("orders_number_idx").on(table.number),
    index("orders_customer_idx").on(table.customerId, table.createdAt),
    // The sweeper's question: which reservations have run out.
    index("orders_pending_idx")
      .on(table.reservedUntil)
      .where(sql`${table.status} = 'pending_payment'`),
    check(
      "orders_status",
      sql`${table.status} in ('pending_payment', 'paid', 'dispatched', 'cancelled', 'refunded')`,
    ),
    check("orders_stock_state", sql`${table.stockState} in ('reserved', 'sold', 'released')`),
    check(
      "orders_money",
      sql`${table.subtotal} >= 0 and ${table.discount} >= 0 and ${table.delivery} >= 0 and ${table.vat} >= 0 and ${table.total} > 0`,
    ),
  ],
);

export type OrderRow = typeof orders.$inferSelect;

/** A line as bought: a snapshot of the variant, so renamed or deleted products leave it intact. */
export const orderLines = pgTable(
  "order_lines",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    variantId: integer("variant_id").references(() => productVariants.id, {
      onDelete: "set null",
    }),
    productId: integer("product_id").notNull(),
    productSlug: text("product_slug").notNull(),
    title: text("title").notNull(),
    band: text("band").notNull(),
    attributes: jsonb("attributes").$type<string[]>().notNull(),
    sku: text("sku").notNull(),
    unitPrice: pence("unit_price").notNull(),
    quantity: integer("quantity").notNull(),
    lineTotal: pence("line_total").notNull(),
    discount: pence("discount").notNull(),
    vatRate: smallint("vat_rate").notNull(),
    vat: pence("vat").notNull(),
    position: smallint("position").notNull(),
  },
  (table) => [
    index("order_lines_order_idx").on(table.orderId, table.position),
    check(
      "order_lines_amounts",
      sql`${table.quantity} > 0 and ${table.unitPrice} > 0 and ${table.lineTotal} = ${table.unitPrice} * ${table.quantity} and ${table.discount} >= 0 and ${table.vat} >= 0`,
    ),
  ],
);

export type OrderLineRow = typeof orderLines.$inferSelect;
