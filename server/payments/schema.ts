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
import { BILLING_PERIODS, MEMBERSHIP_STATES, type MembershipState } from "../../common/billing.ts";
import { createdAt, pence, timestamps } from "../db/columns.ts";
import { orderLines, orders } from "../orders/schema.ts";

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
 * never changes (security.md #13). The order is paid only from the provider's answer with the
 * order's amount (security.md #9), never from a client.
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
    // Zero when a provider reports a payment that took nothing (flagged by checkout, never paid).
    check("payments_amount", sql`${table.amount} >= 0`),
    // What the provider says it took, even in a currency the shop does not charge (flagged).
    check("payments_currency", sql`${table.currency} ~ '^[a-z]{3}$'`),
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
 * nothing (security.md #13).
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

/** Where a membership's renewal stands with its provider (Stripe's subscription statuses, ours). */
export const SUBSCRIPTION_STATES = MEMBERSHIP_STATES;
export type SubscriptionState = MembershipState;

/**
 * A paid membership line's renewal at its payment provider (decision 0016): a Stripe
 * subscription when Stripe is configured. The order paid the first period; the subscription
 * charges from the next. One per membership line (`order_line_id` unique), so settling an order
 * twice never subscribes twice.
 */
export const membershipSubscriptions = pgTable(
  "membership_subscriptions",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    orderLineId: integer("order_line_id")
      .notNull()
      .references(() => orderLines.id, { onDelete: "restrict" }),
    provider: text("provider", { enum: PAYMENT_PROVIDERS }).notNull(),
    /** The provider's id of the subscription: `sub_…` (Stripe); null until the provider answered. */
    reference: text("reference"),
    /** The provider's id of the paying customer: `cus_…` (Stripe). */
    customerReference: text("customer_reference"),
    period: text("period", { enum: BILLING_PERIODS }).notNull(),
    /** Pence charged each period, VAT included: the line's unit price when it was sold. */
    amount: pence("amount").notNull(),
    state: text("state", { enum: SUBSCRIPTION_STATES }).notNull().default("active"),
    /** When the provider next charges (the end of the period paid so far). */
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true, mode: "date" }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true, mode: "date" }),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex("membership_subscriptions_line_idx").on(table.orderLineId),
    uniqueIndex("membership_subscriptions_reference_idx").on(table.reference),
    index("membership_subscriptions_order_idx").on(table.orderId),
    check(
      "membership_subscriptions_provider",
      sql`${table.provider} in (${sqlList(PAYMENT_PROVIDERS)})`,
    ),
    check("membership_subscriptions_amount", sql`${table.amount} > 0`),
    check(
      "membership_subscriptions_state",
      sql`${table.state} in (${sqlList(SUBSCRIPTION_STATES)})`,
    ),
    check("membership_subscriptions_period", sql`${table.period} in (${sqlList(BILLING_PERIODS)})`),
  ],
);
