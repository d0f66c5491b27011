import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from "../../tests/support/databases.ts";
import { newOrderId } from "../../tests/support/payments.ts";
import { type StripeServer, startStripeServer } from "../../tests/support/stripe-server.ts";
import { loadConfig, type StripeSettings } from "../config.ts";
import type { Db } from "../db/client.ts";
import { type PaymentProvider, RefundRefusedError } from "./provider.ts";
import { paymentProviderFor } from "./service.ts";
import { stripeClient } from "./stripe-provider.ts";

// Issue 15: each provider gives money back idempotently, only from a payment it took, and never
// more than it took.
describe.each(databaseKinds)("provider refunds on %s", (kind) => {
  let database: TestDatabase;
  let db: Db;
  let server: StripeServer;
  const providers: Record<"test" | "stripe", PaymentProvider | undefined> = {
    test: undefined,
    stripe: undefined,
  };
  let payWithCard: (reference: string) => Promise<unknown>;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = database.db;
    server = await startStripeServer();
    const stripeConfig = loadConfig(server.env);
    providers.test = paymentProviderFor(loadConfig({}), "test");
    providers.stripe = paymentProviderFor(stripeConfig, "stripe");
    const shopper = await stripeClient(stripeConfig.stripe as StripeSettings);
    payWithCard = (reference) =>
      shopper.paymentIntents.confirm(reference, { payment_method: "pm_card_visa" });
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  const providerOf = (id: "test" | "stripe") => {
    const provider = providers[id];
    if (!provider) throw new Error(`${id} is not configured`);
    return provider;
  };

  /** A payment of £10.00 taken by `id`, as checkout takes it. */
  async function takenPayment(
    id: "test" | "stripe",
    outcome: "success" | "authenticate" = "success",
  ) {
    const provider = providerOf(id);
    const orderId = await newOrderId(db);
    const payment = await provider.charge(db, {
      orderId,
      orderNumber: `EN-${orderId}`,
      amount: 1000,
      email: "fan@example.com",
      ...(id === "test" ? { outcome } : {}),
    });
    if (id === "stripe" && outcome === "success") await payWithCard(payment.reference);
    return payment.reference;
  }

  describe.each(["test", "stripe"] as const)("%s", (id) => {
    it("gives back parts of a payment, and a repeated key answers the first refund", async () => {
      const reference = await takenPayment(id);
      const refund = (amount: number, key: string) =>
        providerOf(id).refund(db, { reference, amount, idempotencyKey: key });
      const first = await refund(300, `${id}-${reference}-1`);
      expect(first).toMatchObject({ amount: 300, state: "succeeded" });
      expect(first.reference).toMatch(id === "test" ? /^tre_/ : /^re_/);
      expect(await refund(300, `${id}-${reference}-1`)).toEqual(first);
      const rest = await refund(700, `${id}-${reference}-2`);
      expect(rest.reference).not.toBe(first.reference);
      if (id === "stripe") {
        expect(server.refundsOf(reference).map((given) => given.amount)).toEqual([300, 700]);
        expect(
          server.requests.filter((r) => r.path === "/v1/refunds").map((r) => r.idempotencyKey),
        ).toContain(`${id}-${reference}-1`);
      }
    });

    it("refuses more than is left, in the provider's words, and gives nothing", async () => {
      const reference = await takenPayment(id);
      const refund = (amount: number, key: string) =>
        providerOf(id).refund(db, { reference, amount, idempotencyKey: key });
      await refund(600, `${id}-${reference}-a`);
      const tooMuch = refund(500, `${id}-${reference}-b`);
      await expect(tooMuch).rejects.toBeInstanceOf(RefundRefusedError);
      await expect(tooMuch).rejects.toMatchObject({ code: "amount_too_large" });
      await expect(tooMuch).rejects.toThrow(/greater than unrefunded amount .*£4\.00/);
      await refund(400, `${id}-${reference}-c`);
      await expect(refund(1, `${id}-${reference}-d`)).rejects.toMatchObject({
        code: "charge_already_refunded",
      });
    });

    it("refuses a payment that was not taken", async () => {
      const reference = await takenPayment(id, "authenticate");
      await expect(
        providerOf(id).refund(db, { reference, amount: 100, idempotencyKey: `${id}-${reference}` }),
      ).rejects.toMatchObject({ code: "charge_not_captured" });
    });
  });

  it("a Stripe refund can be read back as Stripe documents it", async () => {
    const reference = await takenPayment("stripe");
    const given = await providerOf("stripe").refund(db, {
      reference,
      amount: 250,
      idempotencyKey: `read-${reference}`,
    });
    const stripe = await stripeClient(loadConfig(server.env).stripe as StripeSettings);
    expect(await stripe.refunds.retrieve(given.reference)).toMatchObject({
      id: given.reference,
      object: "refund",
      amount: 250,
      currency: "gbp",
      payment_intent: reference,
      status: "succeeded",
    });
    await expect(stripe.refunds.retrieve("re_missing")).rejects.toMatchObject({
      code: "resource_missing",
      statusCode: 404,
    });
  });
});
