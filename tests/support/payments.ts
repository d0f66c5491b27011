// Test support for payments (tests only): what the tables hold, read in SQL.

import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../server/db/client.ts";
import { orders } from "../../server/orders/schema.ts";
import {
  payments,
  paymentWebhookEvents,
  testPaymentIntents,
} from "../../server/payments/schema.ts";

/**
 * A pending order of the test's own for payments to belong to: reserved for a day, so no sweep
 * settles it while the test runs; payments read only its id.
 */
export async function newOrderId(db: Db): Promise<number> {
  const address = {
    fullName: "Pay Test",
    line1: "1 High Street",
    city: "Leeds",
    postcode: "LS1 4AP",
    country: "GB",
  };
  const [order] = await db
    .insert(orders)
    .values({
      email: "payments@example.com",
      reservedUntil: new Date(Date.now() + 24 * 60 * 60 * 1000),
      shippingAddress: address,
      billingAddress: address,
      deliveryOptionId: 1,
      deliveryTitle: "UK Standard",
      deliveryCarrier: "Royal Mail Tracked 48",
      deliveryDaysMin: 2,
      deliveryDaysMax: 3,
      subtotal: 1000,
      discount: 0,
      delivery: 0,
      deliveryVat: 0,
      vat: 167,
      total: 1000,
      paymentProvider: "test",
      accessTokenHash: randomUUID(),
    })
    .returning({ id: orders.id });
  if (!order) throw new Error("The test order was not written");
  return order.id;
}

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
