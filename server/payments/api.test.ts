import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../tests/support/app.ts";
import { databaseKinds } from "../../tests/support/databases.ts";
import { newOrderId, paymentRecords, webhookEventIds } from "../../tests/support/payments.ts";
import {
  type StripeEventObject,
  type StripeServer,
  startStripeServer,
  stripeSignature,
} from "../../tests/support/stripe-server.ts";
import { loadConfig, type StripeSettings } from "../config.ts";
import type { Db } from "../db/client.ts";
import type { Payment, PaymentProvider } from "./provider.ts";
import { paymentProviderFor } from "./service.ts";
import { stripeClient } from "./stripe-provider.ts";

const PATH = "/api/webhooks/stripe";

describe.each(databaseKinds)("POST /api/webhooks/stripe on %s", (kind) => {
  let stripe: StripeServer;
  let app: TestApp;
  let db: Db;
  let provider: PaymentProvider;
  let shopper: Stripe;
  /** What the listener heard, in order; `failing` makes it throw. */
  let heard: Payment[] = [];
  let failing = false;

  beforeAll(async () => {
    stripe = await startStripeServer();
    app = await startTestApp(kind, {
      env: stripe.env,
      paymentListener: async (_db, payment) => {
        if (failing) throw new Error("the order could not be marked paid");
        heard.push(payment);
      },
    });
    db = app.database.db;
    const config = loadConfig(stripe.env);
    provider = paymentProviderFor(config, "stripe") as PaymentProvider;
    shopper = await stripeClient(config.stripe as StripeSettings);
  });
  afterAll(async () => {
    await app.close();
    await stripe.close();
  });
  beforeEach(() => {
    heard = [];
    failing = false;
  });

  /** An order's PaymentIntent, started by checkout: our record says `requires_action`. */
  async function started() {
    const orderId = await newOrderId(db);
    const payment = await provider.charge(db, {
      orderId,
      orderNumber: `EN-${orderId}`,
      amount: 3798,
      email: "fan@example.com",
    });
    return { orderId, reference: payment.reference };
  }
  const deliver = async (
    event: StripeEventObject,
    options?: { secret?: string; timestamp?: number },
  ) => {
    const response = await stripe.sendWebhook(`${app.url}${PATH}`, event, options);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const paid = async (reference: string) => {
    await shopper.paymentIntents.confirm(reference, { payment_method: "pm_card_visa" });
    return stripe.event("payment_intent.succeeded", stripe.paymentIntent(reference));
  };
  const stateOf = async (orderId: number) => (await paymentRecords(db, orderId))[0]?.state;

  it("a signed payment_intent.succeeded marks the payment succeeded and tells the listener", async () => {
    const { orderId, reference } = await started();
    const event = await paid(reference);
    expect(await deliver(event)).toEqual({
      status: 200,
      body: { received: true, outcome: "handled" },
    });
    expect(await stateOf(orderId)).toBe("succeeded");
    expect(heard).toEqual([
      { provider: "stripe", reference, orderId, amount: 3798, currency: "gbp", state: "succeeded" },
    ]);
    expect(await webhookEventIds(db)).toContain(event.id);
  });

  it("an event delivered again is answered 200 and handled once", async () => {
    const { orderId, reference } = await started();
    const event = stripe.event("payment_intent.processing", {
      ...stripe.paymentIntent(reference),
      status: "processing",
    });
    expect((await deliver(event)).body).toMatchObject({ outcome: "handled" });
    expect(await stateOf(orderId)).toBe("processing");
    const replays = await Promise.all([deliver(event), deliver(event)]);
    expect(replays).toEqual([
      { status: 200, body: { received: true, outcome: "replayed" } },
      { status: 200, body: { received: true, outcome: "replayed" } },
    ]);
    expect(heard).toHaveLength(1);
    expect((await webhookEventIds(db)).filter((id) => id === event.id)).toHaveLength(1);
  });

  it("payment_failed declines, canceled cancels", async () => {
    const declinedOrder = await started();
    await expect(
      shopper.paymentIntents.confirm(declinedOrder.reference, {
        payment_method: "pm_card_chargeDeclined",
      }),
    ).rejects.toThrow(Stripe.errors.StripeCardError);
    const failed = stripe.event(
      "payment_intent.payment_failed",
      stripe.paymentIntent(declinedOrder.reference),
    );
    expect((await deliver(failed)).status).toBe(200);
    expect(await paymentRecords(db, declinedOrder.orderId)).toMatchObject([
      { state: "declined", declineMessage: "Your card was declined." },
    ]);

    // The shopper's next card works on the same PaymentIntent.
    expect((await deliver(await paid(declinedOrder.reference))).status).toBe(200);
    expect(await stateOf(declinedOrder.orderId)).toBe("succeeded");

    const cancelledOrder = await started();
    await shopper.paymentIntents.cancel(cancelledOrder.reference);
    const canceled = stripe.event(
      "payment_intent.canceled",
      stripe.paymentIntent(cancelledOrder.reference),
    );
    expect((await deliver(canceled)).status).toBe(200);
    expect(await stateOf(cancelledOrder.orderId)).toBe("cancelled");
    expect(heard.map(({ state }) => state)).toEqual(["declined", "succeeded", "cancelled"]);
  });

  it("an event that comes too late never moves a succeeded payment back", async () => {
    const { orderId, reference } = await started();
    const earlier = stripe.paymentIntent(reference);
    await deliver(await paid(reference));
    for (const late of [
      stripe.event("payment_intent.processing", { ...earlier, status: "processing" }),
      stripe.event("payment_intent.payment_failed", {
        ...earlier,
        last_payment_error: { type: "card_error", message: "Your card was declined." },
      }),
      stripe.event("payment_intent.canceled", { ...earlier, status: "canceled" }),
    ]) {
      expect(await deliver(late)).toEqual({
        status: 200,
        body: { received: true, outcome: "handled" },
      });
    }
    expect(await paymentRecords(db, orderId)).toMatchObject([
      { state: "succeeded", declineMessage: null },
    ]);
    expect(heard.map(({ state }) => state)).toEqual(["succeeded"]);
  });

  it("a succeeded event for a payment already recorded as succeeded still tells the listener", async () => {
    const { orderId, reference } = await started();
    const event = await paid(reference);
    // Checkout read the payment first (the shopper came back from Stripe before the webhook).
    expect(await provider.retrieve(db, reference)).toMatchObject({ state: "succeeded" });
    await deliver(event);
    expect(await stateOf(orderId)).toBe("succeeded");
    expect(heard.map(({ state }) => state)).toEqual(["succeeded"]);
  });

  it("a listener that fails undoes the event, so Stripe's next delivery is handled", async () => {
    const { orderId, reference } = await started();
    const event = await paid(reference);
    failing = true;
    expect((await deliver(event)).status).toBe(500);
    expect(await stateOf(orderId)).toBe("requires_action");
    expect(await webhookEventIds(db)).not.toContain(event.id);
    failing = false;
    expect((await deliver(event)).body).toMatchObject({ outcome: "handled" });
    expect(await stateOf(orderId)).toBe("succeeded");
    expect(heard).toHaveLength(1);
  });

  describe("refused with 400, changing nothing", () => {
    const refusal = {
      status: 400,
      body: { message: "The webhook's signature is missing, wrong or too old." },
    };
    const post = async (body: string, headers: Record<string, string>) => {
      const response = await app.fetch(PATH, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body,
      });
      return { status: response.status, body: (await response.json()) as unknown };
    };
    const unchanged = async (orderId: number, eventId: string) => {
      expect(await stateOf(orderId)).toBe("requires_action");
      expect(await webhookEventIds(db)).not.toContain(eventId);
      expect(heard).toEqual([]);
    };

    it("a signature made with another secret", async () => {
      const { orderId, reference } = await started();
      const event = await paid(reference);
      expect(await deliver(event, { secret: "whsec_forged0000000000" })).toEqual(refusal);
      await unchanged(orderId, event.id);
    });

    it("no signature, or a body changed after signing", async () => {
      const { orderId, reference } = await started();
      const event = await paid(reference);
      const payload = JSON.stringify(event, null, 2);
      expect(await post(payload, {})).toEqual(refusal);
      expect(await post(payload, { "stripe-signature": "t=1,v1=00" })).toEqual(refusal);
      const signature = stripeSignature(payload, stripe.webhookSecret);
      const tampered = payload.replace('"amount": 3798', '"amount": 1');
      expect(tampered).not.toBe(payload);
      expect(await post(tampered, { "stripe-signature": signature })).toEqual(refusal);
      // Re-serialised, the same event is other bytes: the signature covers the raw body.
      expect(await post(JSON.stringify(event), { "stripe-signature": signature })).toEqual(refusal);
      await unchanged(orderId, event.id);
    });

    it("a signature older than 300 seconds", async () => {
      const { orderId, reference } = await started();
      const event = await paid(reference);
      const old = Math.floor(Date.now() / 1000) - 301;
      expect(await deliver(event, { timestamp: old })).toEqual(refusal);
      await unchanged(orderId, event.id);
    });

    it("a signed body that is not JSON", async () => {
      const body = "payment_intent.succeeded pi_123";
      expect(
        await post(body, { "stripe-signature": stripeSignature(body, stripe.webhookSecret) }),
      ).toEqual({ status: 400, body: { message: "The webhook's body is not a Stripe event." } });
      expect(heard).toEqual([]);
    });
  });

  it("a body over 1 MB is refused with 413 before it is read", async () => {
    const { orderId, reference } = await started();
    const event = await paid(reference);
    const huge = stripe.event("payment_intent.succeeded", {
      ...stripe.paymentIntent(reference),
      description: "x".repeat(1024 * 1024),
    });
    const response = await stripe.sendWebhook(`${app.url}${PATH}`, huge);
    expect(response.status).toBe(413);
    expect(await stateOf(orderId)).toBe("requires_action");
    expect(await webhookEventIds(db)).not.toContain(event.id);
  });

  it("other event types, and PaymentIntents that are not the shop's, are acknowledged and ignored", async () => {
    const { orderId, reference } = await started();
    const customer = stripe.event("customer.created", { id: "cus_123", object: "customer" });
    const succeeded = stripe.paymentIntent(reference);
    const foreign = stripe.event("payment_intent.succeeded", {
      ...succeeded,
      status: "succeeded",
      metadata: {},
    });
    for (const event of [customer, foreign]) {
      expect(await deliver(event)).toEqual({
        status: 200,
        body: { received: true, outcome: "ignored" },
      });
      expect(await webhookEventIds(db)).not.toContain(event.id);
    }
    expect(await stateOf(orderId)).toBe("requires_action");
    expect(heard).toEqual([]);
  });

  it("hears a succeeded payment of ours in another currency or amount as it is, for checkout to refuse", async () => {
    const { orderId, reference } = await started();
    const succeeded = { ...stripe.paymentIntent(reference), status: "succeeded" };
    const inEuros = stripe.event("payment_intent.succeeded", {
      ...succeeded,
      currency: "eur",
      amount_received: 3798,
    });
    expect(await deliver(inEuros)).toEqual({
      status: 200,
      body: { received: true, outcome: "handled" },
    });
    // What Stripe took (`amount_received`), not what was asked, in the currency it was taken in.
    expect(heard).toEqual([
      { provider: "stripe", reference, orderId, amount: 3798, currency: "eur", state: "succeeded" },
    ]);
    expect((await paymentRecords(db, orderId))[0]).toMatchObject({ currency: "eur" });
  });

  it("ignores a PaymentIntent it has no record of, even one naming an order id", async () => {
    // Another shop on the same Stripe account, or a charge not recorded yet (checkout's next
    // charge or retrieve records it).
    const orderId = await newOrderId(db);
    const intent = await shopper.paymentIntents.create({
      amount: 1250,
      currency: "gbp",
      metadata: { orderId: String(orderId), orderNumber: `EN-${orderId}` },
    });
    await shopper.paymentIntents.confirm(intent.id, { payment_method: "pm_card_visa" });
    const event = stripe.event("payment_intent.succeeded", stripe.paymentIntent(intent.id));
    expect((await deliver(event)).body).toEqual({ received: true, outcome: "ignored" });
    expect(await paymentRecords(db, orderId)).toEqual([]);
    expect(await webhookEventIds(db)).not.toContain(event.id);
    expect(heard).toEqual([]);

    // One of ours whose metadata names another order is not taken at its word either.
    const ours = await started();
    await shopper.paymentIntents.confirm(ours.reference, { payment_method: "pm_card_visa" });
    const renamed = stripe.event("payment_intent.succeeded", {
      ...stripe.paymentIntent(ours.reference),
      metadata: { orderId: String(orderId) },
    });
    expect((await deliver(renamed)).body).toEqual({ received: true, outcome: "ignored" });
    expect(await stateOf(ours.orderId)).toBe("requires_action");
  });

  it("is in the API document, and reached without a cookie, an Origin or an XSRF token", async () => {
    const document = (await (await app.fetch("/api/openapi.json")).json()) as {
      paths: Record<string, Record<string, { security?: unknown; responses: object }>>;
    };
    const operation = document.paths[PATH]?.post;
    expect(operation?.security).toBeUndefined();
    expect(Object.keys(operation?.responses ?? {})).toEqual(
      expect.arrayContaining(["200", "400", "404"]),
    );
  });
});

describe("POST /api/webhooks/stripe without Stripe configured", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp("pglite");
  });
  afterAll(() => app.close());

  it("is not found", async () => {
    const response = await app.fetch(PATH, { method: "POST", body: "{}" });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "This shop does not use Stripe." });
  });
});
