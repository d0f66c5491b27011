import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from "../../tests/support/databases.ts";
import { newOrderId, paymentRecords } from "../../tests/support/payments.ts";
import { type StripeServer, startStripeServer } from "../../tests/support/stripe-server.ts";
import { loadConfig, type StripeSettings } from "../config.ts";
import type { Db } from "../db/client.ts";
import { PaymentAmountMismatchError, type PaymentProvider } from "./provider.ts";
import { payments } from "./schema.ts";
import { paymentProviderFor } from "./service.ts";
import { stripeClient } from "./stripe-provider.ts";

describe.each(databaseKinds)("the Stripe payment provider on %s", (kind) => {
  let database: TestDatabase;
  let db: Db;
  let server: StripeServer;
  let provider: PaymentProvider;
  /** The shopper's side: Stripe Elements confirming with a test card. */
  let shopper: Stripe;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = database.db;
    server = await startStripeServer();
    const config = loadConfig(server.env);
    const stripe = paymentProviderFor(config, "stripe");
    if (!stripe) throw new Error("Stripe is configured");
    provider = stripe;
    shopper = await stripeClient(config.stripe as StripeSettings);
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  const charge = (orderId: number, amount = 5498) =>
    provider.charge(db, {
      orderId,
      orderNumber: `EN-${orderId}`,
      amount,
      email: "fan@example.com",
    });
  const creates = (orderId: number) =>
    server.requests.filter(
      (request) =>
        request.method === "POST" &&
        request.path === "/v1/payment_intents" &&
        request.idempotencyKey === `encore-order-${orderId}`,
    );
  const confirmWith = (reference: string, card: string) =>
    shopper.paymentIntents.confirm(reference, { payment_method: card });

  it("creates a PaymentIntent for the order, keyed on the order id", async () => {
    const orderId = await newOrderId(db);
    const payment = await charge(orderId);
    const intent = server.paymentIntent(payment.reference);
    expect(intent).toMatchObject({
      object: "payment_intent",
      amount: 5498,
      currency: "gbp",
      metadata: { orderId: String(orderId), orderNumber: `EN-${orderId}` },
      receipt_email: "fan@example.com",
      automatic_payment_methods: { enabled: true },
      status: "requires_payment_method",
    });
    expect(creates(orderId)).toHaveLength(1);
    // The shopper pays through Stripe Elements with the client secret.
    expect(payment).toEqual({
      provider: "stripe",
      reference: intent.id,
      orderId,
      amount: 5498,
      currency: "gbp",
      state: "requires_action",
      clientSecret: intent.client_secret,
    });
    expect(await paymentRecords(db, orderId)).toEqual([
      {
        provider: "stripe",
        reference: intent.id,
        amount: 5498,
        currency: "gbp",
        state: "requires_action",
        declineMessage: null,
      },
    ]);
  });

  it("a repeated charge returns the same PaymentIntent as it is now, without creating another", async () => {
    const orderId = await newOrderId(db);
    const first = await charge(orderId);
    await confirmWith(first.reference, "pm_card_visa");
    const again = await charge(orderId);
    expect(again).toEqual({ ...first, state: "succeeded", clientSecret: undefined });
    expect(again).not.toHaveProperty("clientSecret");
    expect(creates(orderId)).toHaveLength(1);
    expect(await paymentRecords(db, orderId)).toMatchObject([
      { reference: first.reference, state: "succeeded" },
    ]);
  });

  it("charges racing for one order get one PaymentIntent", async () => {
    const orderId = await newOrderId(db);
    const racing = await Promise.all(Array.from({ length: 5 }, () => charge(orderId)));
    expect(new Set(racing.map((payment) => payment.reference)).size).toBe(1);
    expect(await paymentRecords(db, orderId)).toHaveLength(1);
  });

  it("after a crash before our record was written, the idempotency key finds the PaymentIntent and asks for its present state", async () => {
    const orderId = await newOrderId(db);
    const first = await charge(orderId);
    await db.delete(payments).where(eq(payments.orderId, orderId));
    await confirmWith(first.reference, "pm_card_visa");
    const again = await charge(orderId);
    expect(again).toMatchObject({ reference: first.reference, state: "succeeded" });
    // Stripe replayed the first answer; the provider then read the PaymentIntent as it is now.
    expect(creates(orderId)).toHaveLength(2);
    expect(server.requests.at(-1)).toMatchObject({
      method: "GET",
      path: `/v1/payment_intents/${first.reference}`,
    });
    expect(await paymentRecords(db, orderId)).toMatchObject([{ state: "succeeded" }]);
  });

  it("a charge for the same order with another amount throws, and Stripe is not asked", async () => {
    const orderId = await newOrderId(db);
    await charge(orderId, 2000);
    const asked = server.requests.length;
    await expect(charge(orderId, 1999)).rejects.toThrow(PaymentAmountMismatchError);
    expect(server.requests).toHaveLength(asked);
    expect(await paymentRecords(db, orderId)).toMatchObject([{ amount: 2000 }]);
  });

  it("retrieve: a declined card is a decline the shopper may retry on the same PaymentIntent", async () => {
    const orderId = await newOrderId(db);
    const started = await charge(orderId);
    await expect(confirmWith(started.reference, "pm_card_chargeDeclined")).rejects.toThrow(
      Stripe.errors.StripeCardError,
    );
    const declined = await provider.retrieve(db, started.reference);
    expect(declined).toEqual({
      ...started,
      state: "declined",
      declineMessage: "Your card was declined.",
    });
    expect(await paymentRecords(db, orderId)).toMatchObject([
      { state: "declined", declineMessage: "Your card was declined." },
    ]);

    await confirmWith(started.reference, "pm_card_visa");
    expect(await provider.retrieve(db, started.reference)).toMatchObject({ state: "succeeded" });
    expect(await paymentRecords(db, orderId)).toMatchObject([
      { state: "succeeded", declineMessage: null },
    ]);
  });

  it("retrieve: a card that needs the bank's check waits for the shopper, then follows the bank", async () => {
    const orderId = await newOrderId(db);
    const started = await charge(orderId);
    await confirmWith(started.reference, "pm_card_authenticationRequired");
    expect(await provider.retrieve(db, started.reference)).toEqual({
      ...started,
      state: "requires_action",
    });
    server.authenticate(started.reference, false);
    expect(await provider.retrieve(db, started.reference)).toMatchObject({
      state: "declined",
      declineMessage: expect.stringContaining("failed authentication"),
      clientSecret: started.clientSecret,
    });
  });

  it("cancel: a PaymentIntent not taken is cancelled; again, or once paid, it is harmless", async () => {
    const orderId = await newOrderId(db);
    const started = await charge(orderId);
    const cancelled = await provider.cancel(db, started.reference);
    expect(cancelled).toEqual({
      provider: "stripe",
      reference: started.reference,
      orderId,
      amount: 5498,
      currency: "gbp",
      state: "cancelled",
    });
    expect(server.paymentIntent(started.reference).status).toBe("canceled");
    expect(await provider.cancel(db, started.reference)).toEqual(cancelled);
    expect(await paymentRecords(db, orderId)).toMatchObject([{ state: "cancelled" }]);

    const paidOrder = await newOrderId(db);
    const paid = await charge(paidOrder);
    await confirmWith(paid.reference, "pm_card_visa");
    expect(await provider.cancel(db, paid.reference)).toMatchObject({ state: "succeeded" });
    expect(server.paymentIntent(paid.reference).status).toBe("succeeded");
    expect(await paymentRecords(db, paidOrder)).toMatchObject([{ state: "succeeded" }]);
  });

  it("retrieve refuses a PaymentIntent that is not the shop's, or does not exist", async () => {
    const foreign = await shopper.paymentIntents.create({ amount: 1000, currency: "gbp" });
    await expect(provider.retrieve(db, foreign.id)).rejects.toThrow(
      `Stripe PaymentIntent ${foreign.id} is not one of this shop's.`,
    );
    await expect(provider.retrieve(db, "pi_missing")).rejects.toThrow(
      Stripe.errors.StripeInvalidRequestError,
    );
  });
});
