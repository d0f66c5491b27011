import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StripeServer, startStripeServer, stripeSignature } from "./stripe-server.ts";

// The local Stripe must answer as Stripe documents, or the tests that use it prove nothing.
describe("the local Stripe server", () => {
  let server: StripeServer;
  let sdk: Stripe;
  beforeAll(async () => {
    server = await startStripeServer();
    const { port } = new URL(server.url);
    sdk = new Stripe(server.secretKey, { host: "127.0.0.1", port, protocol: "http" });
  });
  afterAll(() => server.close());

  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${server.secretKey}`,
        "content-type": "application/x-www-form-urlencoded",
        ...headers,
      },
      body,
    });

  it("needs the secret key as a bearer token: 401 in Stripe's error shape otherwise", async () => {
    for (const authorization of [undefined, "Bearer sk_test_someoneelse"]) {
      const response = await fetch(`${server.url}/v1/payment_intents/pi_1`, {
        headers: authorization ? { authorization } : {},
      });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        error: { type: "invalid_request_error", message: expect.any(String) },
      });
    }
    const stranger = new Stripe("sk_test_someoneelse", {
      host: "127.0.0.1",
      port: new URL(server.url).port,
      protocol: "http",
    });
    await expect(stranger.paymentIntents.retrieve("pi_1")).rejects.toThrow(
      Stripe.errors.StripeAuthenticationError,
    );
  });

  it("reads form-encoded bodies with nested keys", async () => {
    const response = await post(
      "/v1/payment_intents",
      "amount=1500&currency=gbp&metadata[orderId]=7&metadata[orderNumber]=EN-7&automatic_payment_methods[enabled]=true",
    );
    expect(response.status).toBe(200);
    const intent = (await response.json()) as { id: string; client_secret: string };
    expect(intent).toMatchObject({
      id: expect.stringMatching(/^pi_\w{24}$/),
      object: "payment_intent",
      amount: 1500,
      currency: "gbp",
      status: "requires_payment_method",
      client_secret: expect.stringMatching(new RegExp(`^${intent.id}_secret_\\w+$`)),
      metadata: { orderId: "7", orderNumber: "EN-7" },
      automatic_payment_methods: { enabled: true },
      livemode: false,
      last_payment_error: null,
    });
    const unknown = await post("/v1/payment_intents", "amount=1500&currency=gbp&colour=red");
    expect(unknown.status).toBe(400);
  });

  it("replays a repeated Idempotency-Key, and refuses it with other parameters", async () => {
    const body = "amount=2000&currency=gbp";
    const key = { "idempotency-key": "order-42" };
    const first = await post("/v1/payment_intents", body, key);
    const again = await post("/v1/payment_intents", body, key);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    expect(await again.json()).toEqual(await first.json());

    const other = await post("/v1/payment_intents", "amount=2001&currency=gbp", key);
    expect(other.status).toBe(400);
    expect(await other.json()).toMatchObject({ error: { type: "idempotency_error" } });
    await expect(
      sdk.paymentIntents.create({ amount: 2001, currency: "gbp" }, { idempotencyKey: "order-42" }),
    ).rejects.toThrow(Stripe.errors.StripeIdempotencyError);
  });

  it("confirms with Stripe's test cards and cancels only what is not final", async () => {
    const declined = await sdk.paymentIntents.create({ amount: 900, currency: "gbp" });
    const error = await sdk.paymentIntents
      .confirm(declined.id, { payment_method: "pm_card_chargeDeclined" })
      .catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error).toMatchObject({ statusCode: 402, code: "card_declined" });
    expect(server.paymentIntent(declined.id)).toMatchObject({
      status: "requires_payment_method",
      last_payment_error: { code: "card_declined", message: "Your card was declined." },
    });

    const checked = await sdk.paymentIntents.create({ amount: 900, currency: "gbp" });
    const waiting = await sdk.paymentIntents.confirm(checked.id, {
      payment_method: "pm_card_authenticationRequired",
    });
    expect(waiting).toMatchObject({
      status: "requires_action",
      next_action: { type: "use_stripe_sdk" },
    });

    const paid = await sdk.paymentIntents.confirm(declined.id, { payment_method: "pm_card_visa" });
    expect(paid).toMatchObject({
      status: "succeeded",
      amount_received: 900,
      last_payment_error: null,
    });
    await expect(sdk.paymentIntents.cancel(paid.id)).rejects.toMatchObject({
      code: "payment_intent_unexpected_state",
    });
    expect(await sdk.paymentIntents.cancel(checked.id)).toMatchObject({ status: "canceled" });
    await expect(sdk.paymentIntents.retrieve("pi_missing")).rejects.toMatchObject({
      statusCode: 404,
      code: "resource_missing",
    });
  });

  it("lets Stripe.js confirm with the publishable key and the client secret only", async () => {
    const intent = await sdk.paymentIntents.create({ amount: 1200, currency: "gbp" });
    const fromBrowser = (path: string, fields: Record<string, string>) =>
      fetch(`${server.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields),
      });
    const confirm = `/v1/payment_intents/${intent.id}/confirm`;
    const card = { payment_method: "pm_card_visa", return_url: "https://shop.example/done" };

    const stranger = await fromBrowser(confirm, {
      ...card,
      key: server.publishableKey,
      client_secret: `${intent.id}_secret_guessed`,
    });
    expect(stranger.status).toBe(400);
    expect(await stranger.json()).toMatchObject({ error: { param: "client_secret" } });
    const notBrowsers = await fromBrowser(`/v1/payment_intents/${intent.id}/cancel`, {
      key: server.publishableKey,
      client_secret: intent.client_secret ?? "",
    });
    expect(notBrowsers.status).toBe(401);
    expect(server.paymentIntent(intent.id).status).toBe("requires_payment_method");

    const paid = await fromBrowser(confirm, {
      ...card,
      key: server.publishableKey,
      client_secret: intent.client_secret ?? "",
    });
    expect(paid.status).toBe(200);
    // Stripe.js calls from the shop's own origin.
    expect(paid.headers.get("access-control-allow-origin")).toBe("*");
    expect(await paid.json()).toMatchObject({ id: intent.id, status: "succeeded" });
  });

  it("delivers each move of a PaymentIntent to the webhook endpoint, signed", async () => {
    const received: Array<{ type: string; status: string }> = [];
    const endpoint = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => {
        body += chunk;
      });
      request.on("end", () => {
        const verified = sdk.webhooks.constructEvent(
          body,
          String(request.headers["stripe-signature"]),
          server.webhookSecret,
          300,
        );
        const intent = verified.data.object as Stripe.PaymentIntent;
        received.push({ type: verified.type, status: intent.status });
        response.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => endpoint.listen(0, "127.0.0.1", resolve));
    server.deliverWebhooksTo(`http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/`);

    const intent = await sdk.paymentIntents.create({ amount: 700, currency: "gbp" });
    await sdk.paymentIntents
      .confirm(intent.id, { payment_method: "pm_card_chargeDeclined" })
      .catch(() => undefined);
    await sdk.paymentIntents.confirm(intent.id, { payment_method: "pm_card_visa" });
    await expect.poll(() => received).toHaveLength(2);
    expect(received).toEqual([
      { type: "payment_intent.payment_failed", status: "requires_payment_method" },
      { type: "payment_intent.succeeded", status: "succeeded" },
    ]);
    expect(server.delivered.filter((event) => event.paymentIntent === intent.id)).toEqual([
      { type: "payment_intent.payment_failed", paymentIntent: intent.id, status: 200 },
      { type: "payment_intent.succeeded", paymentIntent: intent.id, status: 200 },
    ]);
    await new Promise<void>((resolve) => endpoint.close(() => resolve()));
  });

  it("makes products under the caller's id once, customers, and subscriptions trialing until trial_end", async () => {
    await expect(sdk.products.retrieve("encore_product_1")).rejects.toMatchObject({
      code: "resource_missing",
    });
    const product = await sdk.products.create({ id: "encore_product_1", name: "Fan club" });
    expect(product).toMatchObject({ id: "encore_product_1", object: "product", name: "Fan club" });
    await expect(
      sdk.products.create({ id: "encore_product_1", name: "Again" }),
    ).rejects.toMatchObject({ code: "resource_already_exists" });
    const customer = await sdk.customers.create({ email: "fan@example.com", metadata: { a: "1" } });
    expect(customer).toMatchObject({ object: "customer", email: "fan@example.com" });
    const trialEnd = Math.floor(Date.now() / 1000) + 3600;
    const subscription = await sdk.subscriptions.create({
      customer: customer.id,
      items: [
        {
          price_data: {
            currency: "gbp",
            product: product.id,
            unit_amount: 1500,
            recurring: { interval: "month" },
          },
        },
      ],
      trial_end: trialEnd,
      collection_method: "send_invoice",
      days_until_due: 14,
      metadata: { orderLineId: "9" },
    });
    expect(subscription).toMatchObject({
      status: "trialing",
      customer: customer.id,
      trial_end: trialEnd,
      metadata: { orderLineId: "9" },
    });
    expect(subscription.items.data[0]?.current_period_end).toBe(trialEnd);
    const invoice = server.renew(subscription.id);
    expect(invoice.lines.data[0]?.period).toEqual({
      start: trialEnd,
      end: expect.any(Number),
    });
    expect((await sdk.subscriptions.retrieve(subscription.id)).status).toBe("active");
    expect((await sdk.subscriptions.cancel(subscription.id)).status).toBe("canceled");
    // An ended subscription is no longer found to cancel.
    await expect(sdk.subscriptions.cancel(subscription.id)).rejects.toMatchObject({
      code: "resource_missing",
    });
  });

  it("leaves refunds pending when told, settles them, and fails the next calls to a path with 500", async () => {
    const intent = await sdk.paymentIntents.create({ amount: 2000, currency: "gbp" });
    await sdk.paymentIntents.confirm(intent.id, { payment_method: "pm_card_visa" });
    server.refundsPending(true);
    const pending = await sdk.refunds.create({ payment_intent: intent.id, amount: 500 });
    server.refundsPending(false);
    expect(pending.status).toBe("pending");
    expect(server.settleRefund(pending.id, "failed")).toMatchObject({
      status: "failed",
      failure_reason: "expired_or_canceled_card",
    });
    server.failNext("/v1/refunds", 1);
    const raw = await post("/v1/refunds", `payment_intent=${intent.id}&amount=100`);
    expect(raw.status).toBe(500);
    expect((await post("/v1/refunds", `payment_intent=${intent.id}&amount=100`)).status).toBe(200);
  });

  it("signs events as Stripe does, so the SDK verifies them", () => {
    const payload = JSON.stringify({ id: "evt_1", object: "event" });
    const header = stripeSignature(payload, server.webhookSecret);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(sdk.webhooks.constructEvent(payload, header, server.webhookSecret, 300)).toMatchObject({
      id: "evt_1",
    });
    const old = stripeSignature(payload, server.webhookSecret, Math.floor(Date.now() / 1000) - 400);
    expect(() => sdk.webhooks.constructEvent(payload, old, server.webhookSecret, 300)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });
});
