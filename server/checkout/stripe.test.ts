import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChargeResult } from "../../common/checkout.ts";
import type { OrderView } from "../../common/orders.ts";
import type { StaffOrderEdit, StaffOrderItem } from "../../common/orders-admin.ts";
import { startTestApp, type TestApp } from "../../tests/support/app.ts";
import {
  charge,
  makeCheckoutStock,
  orderRow,
  post,
  stockLeft,
  UK_ADDRESS,
  ukDeliveryOptions,
} from "../../tests/support/checkout.ts";
import { databaseKinds } from "../../tests/support/databases.ts";
import { read, signInEveryone, staffCaller } from "../../tests/support/staff-api.ts";
import { type StripeServer, startStripeServer } from "../../tests/support/stripe-server.ts";
import { loadConfig, type StripeSettings } from "../config.ts";
import { orderEvents, orders } from "../orders/schema.ts";
import { payments } from "../payments/schema.ts";
import { stripeClient } from "../payments/stripe-provider.ts";

// Issue 13 with Stripe: the official SDK against a server that answers in Stripe's formats, and
// webhooks signed as Stripe signs them. The shopper's card step (Stripe Elements, in the browser)
// is the SDK confirming the PaymentIntent with a test card.
describe.each(databaseKinds)("checkout with Stripe on %s", (kind) => {
  let stripe: StripeServer;
  let app: TestApp;
  let shopper: Stripe;
  let tracked48: number;
  beforeAll(async () => {
    stripe = await startStripeServer();
    app = await startTestApp(kind, { env: stripe.env });
    shopper = await stripeClient(loadConfig(stripe.env).stripe as StripeSettings);
    tracked48 = (await ukDeliveryOptions(app))[0]?.id ?? 0;
  });
  afterAll(async () => {
    await app.close();
    await stripe.close();
  });

  const startOrder = async (teeId: number) => {
    const response = await charge(app, {
      lines: [{ id: teeId, quantity: 1 }],
      email: "card.fan@example.com",
      shippingAddress: UK_ADDRESS,
      deliveryOptionId: tracked48,
      payment: { provider: "stripe" },
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: ChargeResult }).data;
  };
  const store = (order: ChargeResult) =>
    post(
      app,
      "/api/orders/store",
      { orderId: order.orderId, accessToken: order.accessToken },
      { "Idempotency-Key": randomUUID() },
    );
  const webhook = (event: Parameters<StripeServer["sendWebhook"]>[1], secret?: string) =>
    stripe.sendWebhook(`${app.url}/api/webhooks/stripe`, event, secret ? { secret } : undefined);

  it("is paid only once Stripe says so: the card step, then the signed webhook", async () => {
    const { teeId } = await makeCheckoutStock(app.database.db, 3);
    const order = await startOrder(teeId);
    expect(order).toMatchObject({ status: "requires_action", provider: "stripe" });
    expect(order.clientSecret).toMatch(/^pi_.+_secret_/);
    expect(await stockLeft(app.database.db, teeId)).toBe(2);
    // Before the card step the order cannot be placed.
    expect((await store(order)).status).toBe(409);

    await shopper.paymentIntents.confirm(order.paymentReference, {
      payment_method: "pm_card_visa",
    });
    const succeeded = stripe.event(
      "payment_intent.succeeded",
      stripe.paymentIntent(order.paymentReference),
    );
    // A forged event changes nothing.
    expect((await webhook(succeeded, "whsec_not_ours")).status).toBe(400);
    expect((await orderRow(app.database.db, order.orderId))?.status).toBe("pending_payment");

    expect((await webhook(succeeded)).status).toBe(200);
    expect(await orderRow(app.database.db, order.orderId)).toMatchObject({
      status: "paid",
      stockState: "sold",
    });
    // Replayed: handled once, still paid once.
    expect((await webhook(succeeded)).status).toBe(200);
    const placed = await store(order);
    expect(placed.status).toBe(200);
    expect(((await placed.json()) as { data: OrderView }).data.status).toBe("paid");
  });

  it("is placed from Stripe's own state when the webhook has not come yet", async () => {
    const { teeId } = await makeCheckoutStock(app.database.db, 3);
    const order = await startOrder(teeId);
    await shopper.paymentIntents.confirm(order.paymentReference, {
      payment_method: "pm_card_visa",
    });
    const placed = await store(order);
    expect(placed.status).toBe(200);
    expect((await orderRow(app.database.db, order.orderId))?.status).toBe("paid");
  });

  it("never pays an order on a succeeded payment of another amount or currency: flagged for staff, answered 200", async () => {
    const { teeId } = await makeCheckoutStock(app.database.db, 3);
    const order = await startOrder(teeId);
    await shopper.paymentIntents.confirm(order.paymentReference, {
      payment_method: "pm_card_visa",
    });
    const intent = stripe.paymentIntent(order.paymentReference);
    // Correctly signed, but Stripe took a penny less than the order's total.
    const short = stripe.event("payment_intent.succeeded", {
      ...intent,
      amount_received: order.total - 1,
    });
    const answered = await webhook(short);
    expect(answered.status).toBe(200);
    const flagged = await orderRow(app.database.db, order.orderId);
    expect(flagged).toMatchObject({ status: "pending_payment", stockState: "reserved" });
    expect(flagged?.paymentProblem).toMatch(
      new RegExp(
        `${((order.total - 1) / 100).toFixed(2)} GBP.*${(order.total / 100).toFixed(2)} GBP`,
      ),
    );
    // Stripe's next delivery, and another in euros: still 200, still unpaid, flagged once.
    expect((await webhook(short)).status).toBe(200);
    const inEuros = stripe.event("payment_intent.succeeded", { ...intent, currency: "eur" });
    expect((await webhook(inEuros)).status).toBe(200);
    const events = await app.database.db
      .select({ type: orderEvents.type })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.orderId), eq(orderEvents.type, "payment_flagged")));
    expect(events).toHaveLength(1);
    expect((await orderRow(app.database.db, order.orderId))?.status).toBe("pending_payment");
    // Staff see it on the order and in the list.
    const staff = staffCaller(app, await signInEveryone(app));
    const edit = (await read<StaffOrderEdit>(await staff(`/orders/edit/${order.orderId}`, "staff")))
      .data;
    expect(edit.payment.problem).toBe(flagged?.paymentProblem);
    const listed = await read<StaffOrderItem[]>(
      await staff("/orders?status=pending_payment", "staff"),
    );
    expect(listed.data.find((item) => item.id === order.orderId)?.paymentProblem).toBe(true);
    // Past its reservation the sweeper leaves it to staff, its stock still held.
    await app.database.db
      .update(orders)
      .set({ reservedUntil: sql`now() - interval '1 minute'` })
      .where(eq(orders.id, order.orderId));
    await app.server.sweepReservations();
    expect((await orderRow(app.database.db, order.orderId))?.status).toBe("pending_payment");
    expect(await stockLeft(app.database.db, teeId)).toBe(2);
  });

  it("finds a payment our record lost by its order id at Stripe, and pays the order rather than cancel it", async () => {
    const { teeId } = await makeCheckoutStock(app.database.db, 3);
    const order = await startOrder(teeId);
    await shopper.paymentIntents.confirm(order.paymentReference, {
      payment_method: "pm_card_visa",
    });
    // As if the connection dropped between Stripe's answer and our writing it down.
    await app.database.db.delete(payments).where(eq(payments.orderId, order.orderId));
    await app.database.db
      .update(orders)
      .set({ paymentReference: null, reservedUntil: sql`now() - interval '1 minute'` })
      .where(eq(orders.id, order.orderId));
    await app.server.sweepReservations();
    expect(await orderRow(app.database.db, order.orderId)).toMatchObject({
      status: "paid",
      paymentReference: order.paymentReference,
    });
    expect(stripe.paymentIntent(order.paymentReference).status).toBe("succeeded");
  });

  it("keeps the order for another card after a decline, and stops the payment on expiry", async () => {
    const { teeId } = await makeCheckoutStock(app.database.db, 1);
    const order = await startOrder(teeId);
    await shopper.paymentIntents
      .confirm(order.paymentReference, { payment_method: "pm_card_chargeDeclined" })
      .catch(() => undefined);
    const failed = stripe.event(
      "payment_intent.payment_failed",
      stripe.paymentIntent(order.paymentReference),
    );
    expect((await webhook(failed)).status).toBe(200);
    // Stripe Elements lets the shopper try another card on the same payment: still reserved.
    expect((await orderRow(app.database.db, order.orderId))?.status).toBe("pending_payment");
    expect(await stockLeft(app.database.db, teeId)).toBe(0);

    await app.database.db
      .update(orders)
      .set({ reservedUntil: sql`now() - interval '1 minute'` })
      .where(eq(orders.id, order.orderId));
    await app.server.sweepReservations();
    expect(await orderRow(app.database.db, order.orderId)).toMatchObject({
      status: "cancelled",
    });
    expect(await stockLeft(app.database.db, teeId)).toBe(1);
    expect(stripe.paymentIntent(order.paymentReference).status).toBe("canceled");
  });
});
