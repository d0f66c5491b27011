import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChargeResult } from "../../../common/checkout.ts";
import type { RefundResult } from "../../../common/refunds.ts";
import { startTestApp, type TestApp } from "../../../tests/support/app.ts";
import {
  charge,
  makeCheckoutStock,
  orderRow,
  UK_ADDRESS,
  ukDeliveryOptions,
} from "../../../tests/support/checkout.ts";
import { databaseKinds } from "../../../tests/support/databases.ts";
import { read, signInEveryone, type Who } from "../../../tests/support/staff-api.ts";
import { type StripeServer, startStripeServer } from "../../../tests/support/stripe-server.ts";
import { startTcpProxy, type TcpProxy } from "../../../tests/support/tcp-proxy.ts";
import { loadConfig, type StripeSettings } from "../../config.ts";
import { mailOutbox } from "../../mail/schema.ts";
import { stripeClient } from "../../payments/stripe-provider.ts";
import { orderEvents, orderLines, orderRefunds } from "../schema.ts";

// Issue 15 with Stripe: refunds through the official SDK against the stand-in, its refusals, and
// issue 13's loose end: a payment that succeeds after its order was cancelled is given back.
describe.each(databaseKinds)("refunds through Stripe on %s", (kind) => {
  let stripe: StripeServer;
  /** Between the shop and Stripe, so a test can make Stripe unreachable. */
  let relay: TcpProxy;
  let app: TestApp;
  let shopper: Stripe;
  let headers: Record<Who, Record<string, string>>;
  let delivery: number;
  beforeAll(async () => {
    stripe = await startStripeServer();
    relay = await startTcpProxy("127.0.0.1", Number(new URL(stripe.url).port));
    app = await startTestApp(kind, {
      env: { ...stripe.env, STRIPE_API_URL: `http://127.0.0.1:${relay.port}` },
    });
    shopper = await stripeClient(loadConfig(stripe.env).stripe as StripeSettings);
    headers = await signInEveryone(app);
    delivery = (await ukDeliveryOptions(app))[0]?.id ?? 0;
  });
  afterAll(async () => {
    await app.close();
    await relay.close();
    await stripe.close();
  });

  const db = () => app.database.db;
  const staffPost = (path: string, body: unknown) =>
    app.fetch(`/api/staff${path}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "Idempotency-Key": randomUUID(),
        ...headers.staff,
      },
      body: JSON.stringify(body),
    });
  const webhook = (event: Parameters<StripeServer["sendWebhook"]>[1]) =>
    stripe.sendWebhook(`${app.url}/api/webhooks/stripe`, event);
  const eventsOf = (orderId: number) =>
    db()
      .select({ type: orderEvents.type, message: orderEvents.message })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, orderId))
      .orderBy(asc(orderEvents.id));

  /** An order paid by card through Stripe, the webhook delivered. */
  async function startOrder(quantity = 2) {
    const { teeId } = await makeCheckoutStock(db(), 10);
    const response = await charge(app, {
      lines: [{ id: teeId, quantity }],
      email: "card.refund@example.com",
      shippingAddress: UK_ADDRESS,
      deliveryOptionId: delivery,
      payment: { provider: "stripe" },
    });
    return (await read<ChargeResult>(response)).data;
  }
  async function paid(order: ChargeResult) {
    await shopper.paymentIntents.confirm(order.paymentReference, {
      payment_method: "pm_card_visa",
    });
    const succeeded = stripe.event(
      "payment_intent.succeeded",
      stripe.paymentIntent(order.paymentReference),
    );
    expect((await webhook(succeeded)).status).toBe(200);
  }

  it("refunds a line through Stripe, keyed on our refund", async () => {
    const order = await startOrder();
    await paid(order);
    const [line] = await db()
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order.orderId));
    const response = await staffPost(`/orders/refund/${order.orderId}`, {
      lines: [{ lineId: line?.id, quantity: 1 }],
    });
    expect(response.status).toBe(200);
    const { data } = await read<RefundResult>(response);
    expect(stripe.refundsOf(order.paymentReference)).toEqual([
      expect.objectContaining({ amount: data.refund?.amount, status: "succeeded" }),
    ]);
    expect(stripe.requests.find((request) => request.path === "/v1/refunds")?.idempotencyKey).toBe(
      `encore-refund-${data.refund?.id}`,
    );
  });

  it("a refund Stripe refuses changes nothing: 409 in Stripe's words, the refund failed, the guards back", async () => {
    const order = await startOrder();
    await paid(order);
    // Someone refunded the whole payment in Stripe's dashboard: Stripe has nothing left to give.
    await shopper.refunds.create({ payment_intent: order.paymentReference });
    const before = await orderRow(db(), order.orderId);
    const response = await staffPost(`/orders/refund/${order.orderId}`, { full: true });
    expect(response.status).toBe(409);
    expect((await read(response)).message).toMatch(/has already been refunded/);
    const after = await orderRow(db(), order.orderId);
    expect(after).toMatchObject({ status: "paid", refundedTotal: 0 });
    expect(after?.updatedAt.getTime()).toBeGreaterThanOrEqual(before?.updatedAt.getTime() ?? 0);
    const lines = await db().select().from(orderLines).where(eq(orderLines.orderId, order.orderId));
    expect(lines.map((line) => line.refundedQuantity)).toEqual([0]);
    expect(
      await db()
        .select({ state: orderRefunds.state, failure: orderRefunds.failureMessage })
        .from(orderRefunds)
        .where(eq(orderRefunds.orderId, order.orderId)),
    ).toEqual([{ state: "failed", failure: expect.stringMatching(/already been refunded/) }]);
    expect((await eventsOf(order.orderId)).at(-1)?.type).toBe("refund_failed");
  });

  const refundsOfOrder = (orderId: number) =>
    db()
      .select({
        state: orderRefunds.state,
        reference: orderRefunds.providerReference,
        failure: orderRefunds.failureMessage,
      })
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, orderId));
  const refundKeys = () =>
    stripe.requests
      .filter((request) => request.path === "/v1/refunds" && request.method === "POST")
      .map((request) => request.idempotencyKey);

  it("a Stripe that does not answer leaves the refund pending, and the sweeper gives it once with the same key", async () => {
    const order = await startOrder();
    await paid(order);
    // Stripe goes away: the SDK's connection is refused (after its own retries).
    await relay.cut();
    const response = await staffPost(`/orders/refund/${order.orderId}`, { full: true }).finally(
      () => relay.heal(),
    );
    expect(response.status).toBe(200);
    const { data } = await read<RefundResult>(response);
    expect(data.refund?.state).toBe("pending");
    const row = await orderRow(db(), order.orderId);
    // The guards stay up while Stripe is asked again: nobody can refund the same pounds twice.
    expect(row).toMatchObject({ status: "paid", refundedTotal: row?.total });
    expect(stripe.refundsOf(order.paymentReference)).toEqual([]);

    await app.server.reconcileOrders();
    expect(await refundsOfOrder(order.orderId)).toEqual([
      { state: "succeeded", reference: expect.stringMatching(/^re_/), failure: null },
    ]);
    expect(await orderRow(db(), order.orderId)).toMatchObject({ status: "refunded" });
    expect(stripe.refundsOf(order.paymentReference)).toHaveLength(1);
    await app.server.reconcileOrders();
    expect(stripe.refundsOf(order.paymentReference)).toHaveLength(1);
  });

  it("a refund call Stripe fails (500 on every try) is asked again by the sweeper with the same key", async () => {
    const order = await startOrder();
    await paid(order);
    const before = refundKeys().length;
    // The SDK's first try and its two retries.
    stripe.failNext("/v1/refunds", 3);
    const response = await staffPost(`/orders/refund/${order.orderId}`, { full: true });
    expect(response.status).toBe(200);
    expect((await read<RefundResult>(response)).data.refund?.state).toBe("pending");
    expect(stripe.refundsOf(order.paymentReference)).toEqual([]);

    await app.server.reconcileOrders();
    const keys = refundKeys().slice(before);
    expect(keys).toHaveLength(4);
    expect(new Set(keys).size).toBe(1);
    expect(stripe.refundsOf(order.paymentReference)).toEqual([
      expect.objectContaining({
        status: "succeeded",
        amount: (await orderRow(db(), order.orderId))?.total,
      }),
    ]);
    expect(await refundsOfOrder(order.orderId)).toEqual([
      expect.objectContaining({ state: "succeeded" }),
    ]);
  });

  it("a refund Stripe leaves pending is settled by refund.updated, once", async () => {
    const order = await startOrder();
    await paid(order);
    stripe.refundsPending(true);
    const response = await staffPost(`/orders/refund/${order.orderId}`, { full: true }).finally(
      () => stripe.refundsPending(false),
    );
    expect(response.status).toBe(200);
    expect((await read<RefundResult>(response)).data.refund?.state).toBe("pending");
    const [given] = stripe.refundsOf(order.paymentReference);
    expect(await refundsOfOrder(order.orderId)).toEqual([
      { state: "pending", reference: given?.id, failure: null },
    ]);
    // Still pending at Stripe: the sweeper looks, and leaves it.
    await app.server.reconcileOrders();
    expect((await refundsOfOrder(order.orderId))[0]?.state).toBe("pending");

    const updated = stripe.event(
      "refund.updated",
      stripe.settleRefund(given?.id ?? "", "succeeded"),
    );
    const answer = await webhook(updated);
    expect(await answer.json()).toMatchObject({ outcome: "handled" });
    expect((await refundsOfOrder(order.orderId))[0]?.state).toBe("succeeded");
    expect(await orderRow(db(), order.orderId)).toMatchObject({ status: "refunded" });
    const events = await eventsOf(order.orderId);
    // Delivered again: nothing more happens.
    expect(await (await webhook(updated)).json()).toMatchObject({ outcome: "replayed" });
    const replayedAgain = stripe.event(
      "refund.updated",
      stripe.refundsOf(order.paymentReference)[0] ?? {},
    );
    expect((await webhook(replayedAgain)).status).toBe(200);
    expect(await eventsOf(order.orderId)).toEqual(events);
    expect((await orderRow(db(), order.orderId))?.refundedTotal).toBe(given?.amount);
  });

  it("a refund Stripe leaves pending is settled by the sweeper when its webhook never comes", async () => {
    const order = await startOrder();
    await paid(order);
    stripe.refundsPending(true);
    await staffPost(`/orders/refund/${order.orderId}`, { full: true }).finally(() =>
      stripe.refundsPending(false),
    );
    const [given] = stripe.refundsOf(order.paymentReference);
    stripe.settleRefund(given?.id ?? "", "succeeded");
    await app.server.reconcileOrders();
    expect(await refundsOfOrder(order.orderId)).toEqual([
      { state: "succeeded", reference: given?.id, failure: null },
    ]);
    expect(await orderRow(db(), order.orderId)).toMatchObject({ status: "refunded" });
    expect(stripe.refundsOf(order.paymentReference)).toHaveLength(1);
  });

  it("charge.refunded settles the pending refunds it lists", async () => {
    const order = await startOrder();
    await paid(order);
    stripe.refundsPending(true);
    await staffPost(`/orders/refund/${order.orderId}`, { full: true }).finally(() =>
      stripe.refundsPending(false),
    );
    const [given] = stripe.refundsOf(order.paymentReference);
    const settled = stripe.settleRefund(given?.id ?? "", "succeeded");
    // The Charge, with its refunds listed (https://docs.stripe.com/api/charges/object).
    const refunded = stripe.event("charge.refunded", {
      id: settled.charge,
      object: "charge",
      amount_refunded: settled.amount,
      payment_intent: order.paymentReference,
      refunded: true,
      refunds: { object: "list", data: [settled], has_more: false, url: "/v1/refunds" },
    });
    expect(await (await webhook(refunded)).json()).toMatchObject({ outcome: "handled" });
    expect((await refundsOfOrder(order.orderId))[0]?.state).toBe("succeeded");
    expect(await orderRow(db(), order.orderId)).toMatchObject({ status: "refunded" });
  });

  it("a refund Stripe leaves pending and then fails gives the amount back to the order, once", async () => {
    const order = await startOrder();
    await paid(order);
    stripe.refundsPending(true);
    const response = await staffPost(`/orders/refund/${order.orderId}`, { full: true }).finally(
      () => stripe.refundsPending(false),
    );
    expect(response.status).toBe(200);
    const [given] = stripe.refundsOf(order.paymentReference);
    const failed = stripe.event("refund.failed", stripe.settleRefund(given?.id ?? "", "failed"));
    expect(await (await webhook(failed)).json()).toMatchObject({ outcome: "handled" });
    expect(await refundsOfOrder(order.orderId)).toEqual([
      {
        state: "failed",
        reference: given?.id,
        failure: expect.stringMatching(/expired_or_canceled_card/),
      },
    ]);
    expect(await orderRow(db(), order.orderId)).toMatchObject({ status: "paid", refundedTotal: 0 });
    const lines = await db().select().from(orderLines).where(eq(orderLines.orderId, order.orderId));
    expect(lines.map((line) => line.refundedQuantity)).toEqual([0]);
    expect(await (await webhook(failed)).json()).toMatchObject({ outcome: "replayed" });
    const failures = (await eventsOf(order.orderId)).filter(
      (event) => event.type === "refund_failed",
    );
    expect(failures).toHaveLength(1);
    expect((await orderRow(db(), order.orderId))?.refundedTotal).toBe(0);
  });

  it("refunds in full, at once, a payment that succeeds after its order was cancelled", async () => {
    const order = await startOrder(1);
    // Staff cancel it while the shopper is still at their bank.
    const cancelled = await staffPost(`/orders/cancel/${order.orderId}`, {});
    expect(cancelled.status).toBe(200);
    expect((await orderRow(db(), order.orderId))?.status).toBe("cancelled");
    await paid(order);
    const row = await orderRow(db(), order.orderId);
    expect(row).toMatchObject({ status: "cancelled", refundedTotal: row?.total });
    expect(stripe.refundsOf(order.paymentReference)).toEqual([
      expect.objectContaining({ amount: row?.total, status: "succeeded" }),
    ]);
    expect((await eventsOf(order.orderId)).at(-1)).toMatchObject({
      type: "refunded",
      message: expect.stringMatching(/^Paid after it was cancelled/),
    });
    // Delivered again: still refunded once.
    const again = stripe.event(
      "payment_intent.succeeded",
      stripe.paymentIntent(order.paymentReference),
    );
    expect((await webhook(again)).status).toBe(200);
    expect(stripe.refundsOf(order.paymentReference)).toHaveLength(1);
    await app.mailbox.waitFor("card.refund@example.com", /refund/i);
    const mails = await db()
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.recipient, "card.refund@example.com"),
          eq(mailOutbox.kind, "order-refund"),
        ),
      );
    expect(mails.map((mail) => mail.text).join("\n")).toMatch(
      /arrived after the order had been cancelled/,
    );
  });
});
