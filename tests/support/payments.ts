// Test support for payments (tests only): what the tables hold, read in SQL.
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../server/db/client.ts";
import {
  payments,
  paymentWebhookEvents,
  testPaymentIntents,
} from "../../server/payments/schema.ts";

let lastOrderId = 900_000 + Math.floor(Math.random() * 50_000);

/** An order id no other test in the file uses (the orders table does not exist yet). */
export const newOrderId = () => {
  lastOrderId += 1;
  return lastOrderId;
};

/** Our payment records for the order, oldest first. */
export function paymentRecords(db: Db, orderId: number) {
  return db
    .select({
      provider: payments.provider,
      reference: payments.reference,
      amount: payments.amount,
      currency: payments.currency,
      state: payments.state,
      declineMessage: payments.declineMessage,
    })
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(asc(payments.id));
}

/** The test provider's intents for the order (at most one). */
export function testIntents(db: Db, orderId: number) {
  return db
    .select({
      reference: testPaymentIntents.reference,
      amount: testPaymentIntents.amount,
      state: testPaymentIntents.state,
    })
    .from(testPaymentIntents)
    .where(eq(testPaymentIntents.orderId, orderId));
}

/** The webhook events recorded as handled, oldest first. */
export function webhookEventIds(db: Db) {
  return db
    .select({ eventId: paymentWebhookEvents.eventId })
    .from(paymentWebhookEvents)
    .orderBy(asc(paymentWebhookEvents.createdAt))
    .then((rows) => rows.map((row) => row.eventId));
}
