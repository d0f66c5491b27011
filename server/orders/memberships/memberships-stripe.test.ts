import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChargeResult } from "../../../common/checkout.ts";
import { formatLongDate } from "../../../common/dates.ts";
import type { OrderView } from "../../../common/orders.ts";
import type { StaffOrderEdit } from "../../../common/orders-admin.ts";
import { startTestApp, type TestApp } from "../../../tests/support/app.ts";
import {
  charge,
  makeProductOnModel,
  orderRow,
  UK_ADDRESS,
  ukDeliveryOptions,
} from "../../../tests/support/checkout.ts";
import { databaseKinds } from "../../../tests/support/databases.ts";
import { read, signInEveryone, type Who } from "../../../tests/support/staff-api.ts";
import { type StripeServer, startStripeServer } from "../../../tests/support/stripe-server.ts";
import { loadConfig, type StripeSettings } from "../../config.ts";
import { membershipSubscriptions } from "../../payments/schema.ts";
import { stripeClient } from "../../payments/stripe-provider.ts";
import { orderEvents, orderLines } from "../schema.ts";
import { periodEnd } from "./memberships.ts";

const EMAIL = "fan.club@example.com";

// Decision 0016's renewal: a paid membership line becomes a Stripe subscription through the
// official SDK (against the local Stripe), renewed, moved and cancelled by signed webhooks.
describe.each(databaseKinds)("membership renewal through Stripe on %s", (kind) => {
  let stripe: StripeServer;
  let app: TestApp;
  let shopper: Stripe;
  let headers: Record<Who, Record<string, string>>;
  let delivery: number;
  let yearly: number;
  beforeAll(async () => {
    stripe = await startStripeServer();
    app = await startTestApp(kind, { env: stripe.env });
    shopper = await stripeClient(loadConfig(stripe.env).stripe as StripeSettings);
    headers = await signInEveryone(app);
    delivery = (await ukDeliveryOptions(app))[0]?.id ?? 0;
    yearly = await makeProductOnModel(app.database.db, "Fan club (yearly)", null);
  });
  afterAll(async () => {
    await app.close();
    await stripe.close();
  });

  const db = () => app.database.db;
  const webhook = (event: Parameters<StripeServer["sendWebhook"]>[1]) =>
    stripe.sendWebhook(`${app.url}/api/webhooks/stripe`, event);
  const membershipOf = async (orderId: number) => {
    const [row] = await db()
      .select()
      .from(membershipSubscriptions)
      .where(eq(membershipSubscriptions.orderId, orderId));
    return row;
  };
  const eventsOf = (orderId: number) =>
    db()
      .select({ type: orderEvents.type, message: orderEvents.message })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, orderId))
      .orderBy(asc(orderEvents.id));
  const guestView = async (order: ChargeResult) => {
    const response = await app.fetch(
      `/api/orders/show/${order.orderId}?token=${encodeURIComponent(order.accessToken ?? "")}`,
    );
    expect(response.status).toBe(200);
    return (await read<OrderView>(response)).data;
  };
  const staffView = async (orderId: number) => {
    const response = await app.fetch(`/api/staff/orders/edit/${orderId}`, {
      headers: headers.staff,
    });
    expect(response.status).toBe(200);
    return (await read<StaffOrderEdit>(response)).data;
  };

  /** A yearly membership bought by card, the payment's webhook delivered. */
  async function paidMembership() {
    const response = await charge(app, {
      lines: [{ id: yearly, quantity: 1 }],
      email: EMAIL,
      shippingAddress: UK_ADDRESS,
      deliveryOptionId: delivery,
      payment: { provider: "stripe" },
    });
    const order = (await read<ChargeResult>(response)).data;
    await shopper.paymentIntents.confirm(order.paymentReference, {
      payment_method: "pm_card_visa",
    });
    const succeeded = stripe.event(
      "payment_intent.succeeded",
      stripe.paymentIntent(order.paymentReference),
    );
    expect((await webhook(succeeded)).status).toBe(200);
    return order;
  }
  const subscriptionOf = (orderId: number) =>
    stripe.subscriptions().find((candidate) => candidate.metadata.orderId === String(orderId));

  it("records the membership as the order is paid, then subscribes it at Stripe once, from the end of the paid year", async () => {
    const order = await paidMembership();
    const paidAt = (await orderRow(db(), order.orderId))?.paidAt ?? new Date();
    const [line] = await db()
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order.orderId));
    const until = periodEnd(paidAt, "year");
    expect(await membershipOf(order.orderId)).toMatchObject({
      orderLineId: line?.id,
      provider: "stripe",
      reference: null,
      period: "year",
      amount: line?.unitPrice,
      state: "active",
      currentPeriodEnd: until,
    });
    // Waiting for Stripe, as staff see it.
    expect((await staffView(order.orderId)).memberships).toEqual([
      expect.objectContaining({ atProvider: false, state: "active" }),
    ]);

    await app.server.reconcileOrders();
    const subscription = subscriptionOf(order.orderId);
    const item = subscription?.items.data[0];
    expect(subscription).toMatchObject({
      status: "trialing",
      trial_end: Math.floor(until.getTime() / 1000),
      collection_method: "send_invoice",
      metadata: { orderId: String(order.orderId), orderLineId: String(line?.id) },
    });
    expect(item?.price).toMatchObject({
      currency: "gbp",
      unit_amount: line?.unitPrice,
      recurring: { interval: "year" },
      product: `encore_product_${line?.productId}`,
    });
    expect(stripe.product(`encore_product_${line?.productId}`)?.name).toBe(line?.title);
    expect(
      stripe.customers().find((customer) => customer.id === subscription?.customer),
    ).toMatchObject({
      email: EMAIL,
      metadata: { orderId: String(order.orderId) },
    });
    // Stripe's answer is kept, to its second.
    const renewsAt = new Date(Math.floor(until.getTime() / 1000) * 1000);
    expect(await membershipOf(order.orderId)).toMatchObject({
      reference: subscription?.id,
      customerReference: subscription?.customer,
      currentPeriodEnd: renewsAt,
    });
    await app.server.reconcileOrders();
    expect(
      stripe.subscriptions().filter((s) => s.metadata.orderId === String(order.orderId)),
    ).toHaveLength(1);
    expect((await guestView(order)).memberships).toEqual([
      expect.objectContaining({
        orderLineId: line?.id,
        state: "active",
        renewsAt: renewsAt.toISOString(),
        atProvider: true,
      }),
    ]);
  });

  it("a Stripe outage while subscribing is retried by the sweeper with the same keys: one customer, one subscription", async () => {
    const order = await paidMembership();
    const customersBefore = stripe.customers().length;
    // The SDK's first try and its two retries.
    stripe.failNext("/v1/subscriptions", 3);
    await app.server.reconcileOrders();
    expect((await membershipOf(order.orderId))?.reference).toBeNull();
    expect(subscriptionOf(order.orderId)).toBeUndefined();

    await app.server.reconcileOrders();
    expect((await membershipOf(order.orderId))?.reference).toBe(subscriptionOf(order.orderId)?.id);
    expect(stripe.customers().length).toBe(customersBefore + 1);
    const keys = stripe.requests
      .filter((request) => request.path === "/v1/subscriptions")
      .map((request) => request.idempotencyKey);
    const line = (await membershipOf(order.orderId))?.orderLineId;
    expect(keys.filter((key) => key === `encore-membership-${line}`)).toHaveLength(4);
    // Every membership of the product shares its one Stripe Product.
    const productsMade = stripe.requests.filter(
      (request) => request.method === "POST" && request.path === "/v1/products",
    );
    expect(productsMade).toHaveLength(1);
  });

  it("a paid renewal invoice moves the period and tells the order's timeline, once", async () => {
    const order = await paidMembership();
    await app.server.reconcileOrders();
    const subscription = subscriptionOf(order.orderId);
    const invoice = stripe.renew(subscription?.id ?? "");
    const paid = stripe.event("invoice.paid", invoice);
    expect(await (await webhook(paid)).json()).toMatchObject({ outcome: "handled" });
    const until = new Date((invoice.lines.data[0]?.period.end ?? 0) * 1000);
    expect(await membershipOf(order.orderId)).toMatchObject({
      state: "active",
      currentPeriodEnd: until,
    });
    const renewed = (await eventsOf(order.orderId)).filter(
      (event) => event.type === "membership_renewed",
    );
    expect(renewed).toEqual([
      {
        type: "membership_renewed",
        message: `Membership renewed until ${formatLongDate(until.toISOString())}`,
      },
    ]);
    expect(await (await webhook(paid)).json()).toMatchObject({ outcome: "replayed" });
    // The same invoice in another event (Stripe retried it under a new id): still once.
    expect((await webhook(stripe.event("invoice.paid", invoice))).status).toBe(200);
    expect(
      (await eventsOf(order.orderId)).filter((event) => event.type === "membership_renewed"),
    ).toHaveLength(1);
  });

  it("subscription webhooks move the state: past due, then deleted is cancelled for good", async () => {
    const order = await paidMembership();
    await app.server.reconcileOrders();
    const subscription = subscriptionOf(order.orderId);
    if (!subscription) throw new Error("not subscribed");
    const pastDue = stripe.event("customer.subscription.updated", {
      ...subscription,
      status: "past_due",
    });
    expect(await (await webhook(pastDue)).json()).toMatchObject({ outcome: "handled" });
    expect((await membershipOf(order.orderId))?.state).toBe("past_due");

    const canceledAt = Math.floor(Date.now() / 1000);
    const deleted = stripe.event("customer.subscription.deleted", {
      ...subscription,
      status: "canceled",
      canceled_at: canceledAt,
    });
    expect(await (await webhook(deleted)).json()).toMatchObject({ outcome: "handled" });
    expect(await membershipOf(order.orderId)).toMatchObject({
      state: "cancelled",
      cancelledAt: new Date(canceledAt * 1000),
      currentPeriodEnd: null,
    });
    // A late `updated` never brings it back.
    const late = stripe.event("customer.subscription.updated", {
      ...subscription,
      status: "active",
    });
    expect((await webhook(late)).status).toBe(200);
    expect((await membershipOf(order.orderId))?.state).toBe("cancelled");
    expect((await guestView(order)).memberships[0]).toMatchObject({
      state: "cancelled",
      renewsAt: null,
    });
  });

  it("refunding the membership line cancels its subscription at Stripe", async () => {
    const order = await paidMembership();
    await app.server.reconcileOrders();
    const [line] = await db()
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order.orderId));
    const response = await app.fetch(`/api/staff/orders/refund/${order.orderId}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "Idempotency-Key": randomUUID(),
        ...headers.staff,
      },
      body: JSON.stringify({ lines: [{ lineId: line?.id, quantity: 1 }] }),
    });
    expect(response.status).toBe(200);
    // Told at once, not at the sweeper's next round.
    expect(subscriptionOf(order.orderId)?.status).toBe("canceled");
    expect((await membershipOf(order.orderId))?.cancelledAt).toBeInstanceOf(Date);
    expect((await eventsOf(order.orderId)).map((event) => event.type)).toContain(
      "membership_cancelled",
    );
    expect((await staffView(order.orderId)).memberships[0]).toMatchObject({
      state: "cancelled",
      renewsAt: null,
    });
  });

  it("cancelling the order cancels its membership's subscription at Stripe", async () => {
    const order = await paidMembership();
    await app.server.reconcileOrders();
    const response = await app.fetch(`/api/staff/orders/cancel/${order.orderId}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "Idempotency-Key": randomUUID(),
        ...headers.staff,
      },
      body: JSON.stringify({}),
    });
    expect(response.status).toBe(200);
    expect((await orderRow(db(), order.orderId))?.status).toBe("cancelled");
    expect(subscriptionOf(order.orderId)?.status).toBe("canceled");
    expect(await membershipOf(order.orderId)).toMatchObject({
      state: "cancelled",
      cancelledAt: expect.any(Date),
    });
    // Stripe's own news of the end changes nothing more.
    const deleted = stripe.event(
      "customer.subscription.deleted",
      subscriptionOf(order.orderId) ?? {},
    );
    expect((await webhook(deleted)).status).toBe(200);
    expect((await membershipOf(order.orderId))?.state).toBe("cancelled");
  });

  it("a Stripe that fails the cancel leaves it to the sweeper, which cancels it later", async () => {
    const order = await paidMembership();
    await app.server.reconcileOrders();
    const subscription = subscriptionOf(order.orderId);
    // The SDK's first try and its two retries.
    stripe.failNext(`/v1/subscriptions/${subscription?.id}`, 3);
    const response = await app.fetch(`/api/staff/orders/cancel/${order.orderId}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "Idempotency-Key": randomUUID(),
        ...headers.staff,
      },
      body: JSON.stringify({}),
    });
    expect(response.status).toBe(200);
    expect(subscriptionOf(order.orderId)?.status).toBe("trialing");
    expect(await membershipOf(order.orderId)).toMatchObject({
      state: "cancelled",
      cancelledAt: null,
    });
    await app.server.reconcileOrders();
    expect(subscriptionOf(order.orderId)?.status).toBe("canceled");
    expect((await membershipOf(order.orderId))?.cancelledAt).toBeInstanceOf(Date);
  });
});
