import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
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
import { BILLING_MODEL_TYPES, BILLING_PERIODS, DISPATCH_PLANS } from "../../common/billing.ts";
import { productVariants } from "../catalog/schema.ts";
import { users } from "../customers/schema.ts";
import { createdAt, pence, timestamps } from "../db/columns.ts";
import { discounts } from "../discounts/schema.ts";

/**
 * behaviour.md §4: `pending_payment → paid → dispatched`, and `cancelled` / `refunded`. Only
 * `server/orders/placement/status.ts` moves an order between them.
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
    /**
     * A provider reported a payment for this order that is not what it should be (another amount
     * or currency): the order is not paid on it, the sweeper leaves it alone, and staff decide
     * (docs/security.md #9). The words are for staff.
     */
    paymentProblem: text("payment_problem"),
    /**
     * Pence given back so far, VAT included. Only `refunds/refunds.ts` changes it, by a
     * guarded UPDATE that can never take it past the total, so two refunds racing for the last
     * pound cannot both win.
     */
    refundedTotal: pence("refunded_total").notNull().default(0),
    /** When the order holds pre-orders: the latest release date, from which it can all ship. */
    shipsFrom: date("ships_from"),
    /**
     * A basket mixing pre-orders and goods in stock: ship what is in stock now and the rest on
     * release (`split`), or everything together at the later date (`together`). Null otherwise.
     */
    dispatchPlan: text("dispatch_plan", { enum: DISPATCH_PLANS }),
    /** Archived by staff: out of the lists, kept for the accounts and the audit trail. */
    archivedAt: timestamp("archived_at", { withTimezone: true }),
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
      "orders_refunded_total",
      sql`${table.refundedTotal} >= 0 and ${table.refundedTotal} <= ${table.total}`,
    ),
    check(
      "orders_dispatch_plan",
      sql`${table.dispatchPlan} is null or ${table.dispatchPlan} in ('split', 'together')`,
    ),
    index("orders_created_idx").on(table.createdAt),
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
    /** Units refunded so far; never more than were bought (guarded like `refundedTotal`). */
    refundedQuantity: integer("refunded_quantity").notNull().default(0),
    /** Of those, units staff said came back and were returned to stock. */
    restockedQuantity: integer("restocked_quantity").notNull().default(0),
    /** How the line was sold: as bought, a pre-order, or a membership. */
    billingModelType: text("billing_model_type", { enum: BILLING_MODEL_TYPES })
      .notNull()
      .default("one_off"),
    /** A pre-order's release date: it cannot be dispatched before. */
    shipsFrom: date("ships_from"),
    /** A membership's renewal period, for the payment provider to renew. */
    billingPeriod: text("billing_period", { enum: BILLING_PERIODS }),
    /** The shipment that carried it; null until dispatched. */
    shipmentId: integer("shipment_id").references(() => orderShipments.id, {
      onDelete: "restrict",
    }),
  },
  (table) => [
    index("order_lines_order_idx").on(table.orderId, table.position),
    check(
      "order_lines_refunds",
      sql`${table.refundedQuantity} >= 0 and ${table.refundedQuantity} <= ${table.quantity} and ${table.restockedQuantity} >= 0 and ${table.restockedQuantity} <= ${table.refundedQuantity}`,
    ),
    check(
      "order_lines_billing_model_type",
      sql`${table.billingModelType} in ('one_off', 'pre_order', 'membership')`,
    ),
    check(
      "order_lines_billing_period",
      sql`(${table.billingModelType} = 'membership') = (${table.billingPeriod} is not null) and (${table.billingPeriod} is null or ${table.billingPeriod} in ('month', 'year'))`,
    ),
    check(
      "order_lines_amounts",
      sql`${table.quantity} > 0 and ${table.unitPrice} > 0 and ${table.lineTotal} = ${table.unitPrice} * ${table.quantity} and ${table.discount} >= 0 and ${table.vat} >= 0`,
    ),
  ],
);

export type OrderLineRow = typeof orderLines.$inferSelect;

/**
 * A parcel sent: the carrier and tracking number staff entered at dispatch. An order is sent in
 * one shipment, or two when its plan is `split` (goods in stock now, pre-orders on release).
 */
export const orderShipments = pgTable(
  "order_shipments",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    carrier: text("carrier").notNull(),
    trackingNumber: text("tracking_number").notNull(),
    /** The carrier's tracking page for this parcel, as mailed to the shopper. */
    trackingUrl: text("tracking_url"),
    createdAt: createdAt(),
  },
  (table) => [index("order_shipments_order_idx").on(table.orderId)],
);

/** Why money goes back: staff's refund, a cancellation, or a payment that arrived after one. */
export const REFUND_KINDS = ["refund", "cancel", "late"] as const;
export type RefundKind = (typeof REFUND_KINDS)[number];

/** Units of an order line that go back to stock once the provider has given the money back. */
export type RefundRestock = Array<{ orderLineId: number; quantity: number }>;

/** Where a refund stands with the payment provider. */
export const REFUND_STATES = ["pending", "succeeded", "failed"] as const;
export type RefundState = (typeof REFUND_STATES)[number];

/**
 * Money given back on an order, through its payment provider. The amount and its VAT come from
 * the order's stored figures (the lines' own VAT, the delivery's), never from the request. A
 * refund is written `pending` with the order's `refundedTotal` raised in one transaction, then
 * sent to the provider. The provider's "no" marks it `failed` and gives the amount back; a
 * provider that could not be asked, or that answered `pending`, leaves it `pending` until the
 * sweeper asks again with the same key or a webhook settles it (decision 0012).
 */
export const orderRefunds = pgTable(
  "order_refunds",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    amount: pence("amount").notNull(),
    vat: pence("vat").notNull(),
    /** The part of `amount` that is delivery. */
    delivery: pence("delivery").notNull().default(0),
    reason: text("reason").notNull().default(""),
    /** Staff said the goods came back: their units went back to stock. */
    restocked: boolean("restocked").notNull().default(false),
    state: text("state", { enum: REFUND_STATES }).notNull().default("pending"),
    /** The provider's id of the refund: `re_…` (Stripe), `tre_…` (test). */
    providerReference: text("provider_reference"),
    failureMessage: text("failure_message"),
    /*
     * What the sweeper needs to send the refund again, or settle it, after the provider could not
     * be asked or answered `pending`. Null on refunds from before they were kept: staff settle
     * those by hand.
     */
    kind: text("kind", { enum: REFUND_KINDS }),
    /** The provider's key when it is not `encore-refund-{id}` (a late payment's own key). */
    idempotencyKey: text("idempotency_key"),
    /** The payment the money comes back from. */
    paymentReference: text("payment_reference"),
    restock: jsonb("restock").$type<RefundRestock>(),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (table) => [
    index("order_refunds_order_idx").on(table.orderId),
    index("order_refunds_pending_idx").on(table.id).where(sql`${table.state} = 'pending'`),
    check(
      "order_refunds_amounts",
      sql`${table.amount} > 0 and ${table.vat} >= 0 and ${table.delivery} >= 0 and ${table.delivery} <= ${table.amount}`,
    ),
    check("order_refunds_state", sql`${table.state} in ('pending', 'succeeded', 'failed')`),
    check(
      "order_refunds_kind",
      sql`${table.kind} is null or ${table.kind} in ('refund', 'cancel', 'late')`,
    ),
  ],
);

/** The units of each line a refund gave back, with their share of money and VAT. */
export const orderRefundLines = pgTable(
  "order_refund_lines",
  {
    id: serial("id").primaryKey(),
    refundId: integer("refund_id")
      .notNull()
      .references(() => orderRefunds.id, { onDelete: "cascade" }),
    orderLineId: integer("order_line_id")
      .notNull()
      .references(() => orderLines.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    amount: pence("amount").notNull(),
    vat: pence("vat").notNull(),
  },
  (table) => [
    index("order_refund_lines_refund_idx").on(table.refundId),
    check(
      "order_refund_lines_amounts",
      sql`${table.quantity} > 0 and ${table.amount} >= 0 and ${table.vat} >= 0`,
    ),
  ],
);

/**
 * An order's timeline: each thing that happened to it (placed, paid, dispatched, refunded,
 * cancelled, archived, an email sent), who did it when staff did, and its details for the
 * order page. Written in the transaction of the change itself.
 */
export const orderEvents = pgTable(
  "order_events",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    /** What staff read on the timeline: "Dispatched with Royal Mail (AB123456789GB)". */
    message: text("message").notNull(),
    detail: jsonb("detail").$type<Record<string, unknown>>(),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email"),
    createdAt: createdAt(),
  },
  (table) => [index("order_events_order_idx").on(table.orderId, table.createdAt)],
);
