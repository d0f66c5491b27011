import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isRefusal } from "../../common/refusal.ts";
import {
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from "../../tests/support/databases.ts";
import { newOrderId, paymentRecords, testIntents } from "../../tests/support/payments.ts";
import { loadConfig } from "../config.ts";
import type { Db } from "../db/client.ts";
import { type Payment, PaymentAmountMismatchError, type PaymentProvider } from "./provider.ts";
import { completeTestAuthentication, paymentProviderFor } from "./service.ts";
import { TEST_BANK_REFUSED, TEST_CARD_DECLINED } from "./test-provider.ts";

describe.each(databaseKinds)("the test payment provider on %s", (kind) => {
  let database: TestDatabase;
  let db: Db;
  let provider: PaymentProvider;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = database.db;
    const test = paymentProviderFor(loadConfig({}), "test");
    if (!test) throw new Error("the test provider is the default");
    provider = test;
  });
  afterAll(() => database.drop());

  const charge = (
    orderId: number,
    outcome?: "success" | "decline" | "authenticate",
    amount = 4599,
  ) =>
    provider.charge(db, {
      orderId,
      orderNumber: `EN-${orderId}`,
      amount,
      email: "fan@example.com",
      outcome,
    });
  const secretOf = (payment: Payment) => {
    if (!payment.clientSecret) throw new Error("no client secret");
    return payment.clientSecret;
  };

  describe("outcomes", () => {
    it("success: succeeded, and our record says so", async () => {
      const orderId = await newOrderId(db);
      const payment = await charge(orderId, "success");
      expect(payment).toEqual({
        provider: "test",
        reference: expect.stringMatching(/^tpi_[0-9a-f]{24}$/),
        orderId,
        amount: 4599,
        currency: "gbp",
        state: "succeeded",
      });
      expect(await testIntents(db, orderId)).toEqual([
        { reference: payment.reference, amount: 4599, state: "succeeded" },
      ]);
      expect(await paymentRecords(db, orderId)).toEqual([
        {
          provider: "test",
          reference: payment.reference,
          amount: 4599,
          currency: "gbp",
          state: "succeeded",
          declineMessage: null,
        },
      ]);
    });

    it("no outcome is a success", async () => {
      expect(await charge(await newOrderId(db))).toMatchObject({ state: "succeeded" });
    });

    it("decline: declined, with words for the shopper", async () => {
      const orderId = await newOrderId(db);
      const payment = await charge(orderId, "decline");
      expect(payment).toMatchObject({ state: "declined", declineMessage: TEST_CARD_DECLINED });
      expect(TEST_CARD_DECLINED).toBe("Your card was declined. Try another card.");
      expect(payment.clientSecret).toBeUndefined();
      expect(await paymentRecords(db, orderId)).toMatchObject([
        { state: "declined", declineMessage: TEST_CARD_DECLINED },
      ]);
    });

    it("authenticate: waits for the test bank, with a client secret for the shopper's page", async () => {
      const orderId = await newOrderId(db);
      const payment = await charge(orderId, "authenticate");
      expect(payment.state).toBe("requires_action");
      expect(payment.clientSecret).toMatch(new RegExp(`^${payment.reference}_secret_[\\w-]{24}$`));
      expect(await paymentRecords(db, orderId)).toMatchObject([{ state: "requires_action" }]);
    });
  });

  describe("the test bank's step", () => {
    it("approved: the payment succeeds", async () => {
      const orderId = await newOrderId(db);
      const waiting = await charge(orderId, "authenticate");
      const approved = await completeTestAuthentication(
        db,
        waiting.reference,
        secretOf(waiting),
        true,
      );
      expect(approved).toEqual({
        provider: "test",
        reference: waiting.reference,
        orderId,
        amount: 4599,
        currency: "gbp",
        state: "succeeded",
      });
      expect(await provider.retrieve(db, waiting.reference)).toEqual(approved);
      expect(await paymentRecords(db, orderId)).toMatchObject([{ state: "succeeded" }]);
    });

    it("failed: the payment is declined, and the shopper may try again", async () => {
      const orderId = await newOrderId(db);
      const waiting = await charge(orderId, "authenticate");
      const failed = await completeTestAuthentication(
        db,
        waiting.reference,
        secretOf(waiting),
        false,
      );
      expect(failed).toMatchObject({ state: "declined", declineMessage: TEST_BANK_REFUSED });
      expect(await paymentRecords(db, orderId)).toMatchObject([
        { state: "declined", declineMessage: TEST_BANK_REFUSED },
      ]);
      expect(await charge(orderId, "success")).toMatchObject({
        reference: waiting.reference,
        state: "succeeded",
      });
    });

    it("refuses a wrong client secret like an unknown payment, and changes nothing", async () => {
      const orderId = await newOrderId(db);
      const waiting = await charge(orderId, "authenticate");
      const secret = secretOf(waiting);
      const notFound = { refused: "not-found", message: "This payment could not be found." };
      const otherOrder = await charge(await newOrderId(db), "authenticate");
      // Its last character changed (a random secret may itself end in "x").
      const altered = `${secret.slice(0, -1)}${secret.endsWith("x") ? "y" : "x"}`;
      for (const wrong of [altered, "", secretOf(otherOrder)]) {
        expect(await completeTestAuthentication(db, waiting.reference, wrong, true)).toEqual(
          notFound,
        );
      }
      expect(await completeTestAuthentication(db, "tpi_unknown", secret, true)).toEqual(notFound);
      expect(await testIntents(db, orderId)).toMatchObject([{ state: "requires_action" }]);
      expect(await paymentRecords(db, orderId)).toMatchObject([{ state: "requires_action" }]);
    });

    it("refuses to answer twice, or for a payment not waiting for the bank", async () => {
      const waiting = await charge(await newOrderId(db), "authenticate");
      await completeTestAuthentication(db, waiting.reference, secretOf(waiting), false);
      const again = await completeTestAuthentication(
        db,
        waiting.reference,
        secretOf(waiting),
        true,
      );
      expect(again).toEqual({
        refused: "conflict",
        message: "This payment is not waiting for your bank's approval.",
      });
      expect(await provider.retrieve(db, waiting.reference)).toMatchObject({ state: "declined" });
    });
  });

  describe("one payment per order", () => {
    it("a repeated charge returns the same payment, whatever outcome it asks for", async () => {
      const orderId = await newOrderId(db);
      const first = await charge(orderId, "authenticate");
      expect(await charge(orderId, "success")).toEqual(first);
      const paid = await charge(await newOrderId(db), "success");
      expect(await charge(paid.orderId, "decline")).toEqual(paid);
      expect(await testIntents(db, orderId)).toHaveLength(1);
      expect(await paymentRecords(db, orderId)).toHaveLength(1);
    });

    it("a retry after a decline is a new attempt on the same payment", async () => {
      const orderId = await newOrderId(db);
      const declined = await charge(orderId, "decline");
      const declinedAgain = await charge(orderId, "decline");
      expect(declinedAgain).toEqual(declined);
      const waiting = await charge(orderId, "authenticate");
      expect(waiting).toMatchObject({ reference: declined.reference, state: "requires_action" });
      const approved = await completeTestAuthentication(
        db,
        waiting.reference,
        secretOf(waiting),
        true,
      );
      expect(approved).toMatchObject({ reference: declined.reference, state: "succeeded" });
      expect(await testIntents(db, orderId)).toEqual([
        { reference: declined.reference, amount: 4599, state: "succeeded" },
      ]);
      expect(await paymentRecords(db, orderId)).toMatchObject([
        { reference: declined.reference, state: "succeeded" },
      ]);
    });

    it("a charge for the same order with another amount throws and changes nothing", async () => {
      const orderId = await newOrderId(db);
      const declined = await charge(orderId, "decline", 2500);
      await expect(charge(orderId, "success", 2400)).rejects.toThrow(PaymentAmountMismatchError);
      expect(await testIntents(db, orderId)).toEqual([
        { reference: declined.reference, amount: 2500, state: "declined" },
      ]);
    });

    it("20 charges at once for one order make one payment", async () => {
      const orderId = await newOrderId(db);
      const payments = await Promise.all(
        Array.from({ length: 20 }, () => charge(orderId, "success")),
      );
      expect(new Set(payments.map((payment) => payment.reference)).size).toBe(1);
      expect(payments.every((payment) => payment.state === "succeeded")).toBe(true);
      expect(await testIntents(db, orderId)).toHaveLength(1);
      expect(await paymentRecords(db, orderId)).toHaveLength(1);
    });

    it("retries racing after a decline: once one succeeds, no later one declines it again", async () => {
      const orderId = await newOrderId(db);
      const declined = await charge(orderId, "decline");
      const outcomes = Array.from({ length: 20 }, (_, index) =>
        index % 2 === 0 ? ("success" as const) : ("decline" as const),
      );
      const retries = await Promise.all(outcomes.map((outcome) => charge(orderId, outcome)));
      expect(new Set(retries.map((payment) => payment.reference))).toEqual(
        new Set([declined.reference]),
      );
      // Each retry locks the intent: one asking for success makes or finds it paid, and a decline
      // that comes after finds it paid too, rather than declining it again.
      retries.forEach((payment, index) => {
        if (outcomes[index] === "success") expect(payment.state).toBe("succeeded");
      });
      expect(await testIntents(db, orderId)).toMatchObject([{ state: "succeeded" }]);
      expect(await paymentRecords(db, orderId)).toMatchObject([{ state: "succeeded" }]);
    });
  });

  describe("cancel", () => {
    it("cancels a payment not taken; a later charge does not revive it", async () => {
      const orderId = await newOrderId(db);
      const waiting = await charge(orderId, "authenticate");
      const cancelled = await provider.cancel(db, waiting.reference);
      expect(cancelled).toMatchObject({ reference: waiting.reference, state: "cancelled" });
      expect(cancelled.clientSecret).toBeUndefined();
      expect(await charge(orderId, "success")).toMatchObject({ state: "cancelled" });
      expect(
        await completeTestAuthentication(db, waiting.reference, secretOf(waiting), true),
      ).toSatisfy(isRefusal);
      expect(await paymentRecords(db, orderId)).toMatchObject([{ state: "cancelled" }]);
    });

    it("cancels a declined payment", async () => {
      const declined = await charge(await newOrderId(db), "decline");
      expect(await provider.cancel(db, declined.reference)).toMatchObject({ state: "cancelled" });
    });

    it("is harmless on a payment that succeeded", async () => {
      const orderId = await newOrderId(db);
      const paid = await charge(orderId, "success");
      expect(await provider.cancel(db, paid.reference)).toEqual(paid);
      expect(await paymentRecords(db, orderId)).toMatchObject([{ state: "succeeded" }]);
    });
  });

  it("retrieve throws for a payment it never made", async () => {
    await expect(provider.retrieve(db, "tpi_000000000000000000000000")).rejects.toThrow(
      "The test provider has no payment tpi_000000000000000000000000.",
    );
  });
});
