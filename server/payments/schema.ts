import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, pence, timestamps } from "../db/columns.ts";
import { orders } from "../orders/schema.ts";

export const PAYMENT_PROVIDERS = ["test", "stripe"] as const;

/**
 * Where a payment stands, in the provider's words made ours. `succeeded` and `cancelled` are
 * final; `declined` is not, as the shopper may try again on the same payment.
 */
export const PAYMENT_STATES = [
  "succeeded",
  "requires_action",
  "declined",
  "processing",
  "cancelled",
] as const;

/** `'a', 'b'`: a list of names for a CHECK constraint. */
const sqlList = (names: readonly string[]) => sql.raw(names.map((name) => `'${name}'`).join(", "));

/**
 * Our record of each provider payment, as the provider last reported it (a charge's answer, a
 * retrieve, a signed webhook). Its state only moves forward: once `succeeded` or `cancelled` it
 * never changes (SECURITY §13). The order is paid only from the provider's answer with the
 * order's amount (SECURITY §9), never from a client.
 */
export const payments = pgTable(
  "payments",
  {
    id: serial("id").primaryKey(),
    // An order with a payment is never deleted: it is cancelled or refunded instead.
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    provider: text("provider", { enum: PAYMENT_PROVIDERS }).notNull(),
    /** The provider's id of the payment: `pi_…` (Stripe), `tpi_…` (test). */
    reference: text("reference").notNull(),
    amount: pence("amount").notNull(),
    currency: text("currency").notNull().default("gbp"),
    state: text("state", { enum: PAYMENT_STATES }).notNull(),
    /** The provider's words for the last decline, for staff. */
    declineMessage: text("decline_message"),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex("payments_reference_idx").on(table.reference),
    index("payments_order_idx").on(table.orderId),
    check("payments_provider", sql`${table.provider} in (${sqlList(PAYMENT_PROVIDERS)})`),
    check("payments_amount", sql`${table.amount} > 0`),
    check("payments_currency", sql`${table.currency} = 'gbp'`),
    check("payments_state", sql`${table.state} in (${sqlList(PAYMENT_STATES)})`),
  ],
);

/**
 * The test provider's own store: it plays an external provider (no card data, nothing leaves the
 * shop), so it keeps its state apart from our `payments` record, as Stripe does. One intent per
 * order (`order_id` unique): a repeated charge finds it, and a retry after a decline is a new
 * attempt on the same intent, as with a Stripe PaymentIntent.
 */
export const testPaymentIntents = pgTable(
  "test_payment_intents",
  {
    reference: text("reference").primaryKey(),
    orderId: integer("order_id").notNull(),
    amount: pence("amount").notNull(),
    state: text("state", { enum: PAYMENT_STATES }).notNull(),
    /** What the shopper's page holds to approve or fail the test bank's check. */
    clientSecret: text("client_secret").notNull(),
    declineMessage: text("decline_message"),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex("test_payment_intents_order_idx").on(table.orderId),
    check("test_payment_intents_amount", sql`${table.amount} > 0`),
    check("test_payment_intents_state", sql`${table.state} in (${sqlList(PAYMENT_STATES)})`),
  ],
);

/**
 * Every provider event we acted on, by its id: a replayed webhook finds its id here and changes
 * nothing (SECURITY §13).
 */
export const paymentWebhookEvents = pgTable(
  "payment_webhook_events",
  {
    eventId: text("event_id").primaryKey(),
    provider: text("provider", { enum: PAYMENT_PROVIDERS }).notNull(),
    type: text("type").notNull(),
    // When it arrived.
    createdAt: createdAt(),
  },
  (table) => [
    check(
      "payment_webhook_events_provider",
      sql`${table.provider} in (${sqlList(PAYMENT_PROVIDERS)})`,
    ),
  ],
);

/**
 * The test provider's refunds, kept apart like its intents: a refund is idempotent on its key (a
 * retry answers the first refund), and the intent never gives back more than it took.
 */
export const testPaymentRefunds = pgTable(
  "test_payment_refunds",
  {
    reference: text("reference").primaryKey(),
    paymentReference: text("payment_reference")
      .notNull()
      .references(() => testPaymentIntents.reference, { onDelete: "cascade" }),
    /** The caller's idempotency key: the same key answers the same refund. */
    idempotencyKey: text("idempotency_key").notNull(),
    amount: pence("amount").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("test_payment_refunds_key_idx").on(table.idempotencyKey),
    index("test_payment_refunds_payment_idx").on(table.paymentReference),
    check("test_payment_refunds_amount", sql`${table.amount} > 0`),
  ],
);
