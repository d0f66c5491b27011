import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, notInArray, sum } from "drizzle-orm";
import { formatPrice } from "../../common/money.ts";
import { type Refusal, refuse } from "../../common/refusal.ts";
import type { Db } from "../db/client.ts";
import { inTransaction } from "../db/transaction.ts";
import {
  FINAL_STATES,
  type Payment,
  PaymentAmountMismatchError,
  type PaymentProvider,
  type ProviderRefund,
  RefundRefusedError,
  type RefundRequest,
  type TestOutcome,
} from "./provider.ts";
import { testPaymentIntents, testPaymentRefunds } from "./schema.ts";

type TestIntent = typeof testPaymentIntents.$inferSelect;

export const TEST_CARD_DECLINED = "Your card was declined. Try another card.";
export const TEST_BANK_REFUSED = "Your bank did not approve this payment. Try another card.";

/** What one attempt with this outcome makes of the intent. */
function attempt(outcome: TestOutcome): Pick<TestIntent, "state" | "declineMessage"> {
  switch (outcome) {
    case "success":
      return { state: "succeeded", declineMessage: null };
    case "decline":
      return { state: "declined", declineMessage: TEST_CARD_DECLINED };
    case "authenticate":
      return { state: "requires_action", declineMessage: null };
  }
}

function asPayment(intent: TestIntent): Payment {
  return {
    provider: "test",
    reference: intent.reference,
    orderId: intent.orderId,
    amount: intent.amount,
    currency: "gbp",
    state: intent.state,
    ...(intent.state === "requires_action" ? { clientSecret: intent.clientSecret } : {}),
    ...(intent.state === "declined" && intent.declineMessage
      ? { declineMessage: intent.declineMessage }
      : {}),
  };
}

async function intentByReference(db: Db, reference: string): Promise<TestIntent | undefined> {
  const [intent] = await db
    .select()
    .from(testPaymentIntents)
    .where(eq(testPaymentIntents.reference, reference));
  return intent;
}

async function knownIntent(db: Db, reference: string): Promise<TestIntent> {
  const intent = await intentByReference(db, reference);
  if (!intent) throw new Error(`The test provider has no payment ${reference}.`);
  return intent;
}

/**
 * The default provider: no card data and no money, for the demo shop and tests. It keeps its
 * state in its own table as an external provider would, so checkout treats it exactly like
 * Stripe. The charge's `outcome` picks the simulated card: `success`, `decline`, or
 * `authenticate` (the shopper's test bank step, `completeTestAuthentication`, decides).
 */
export const testProvider: PaymentProvider = {
  id: "test",

  async charge(db, request) {
    const outcome = attempt(request.outcome ?? "success");
    const reference = `tpi_${randomBytes(12).toString("hex")}`;
    const [created] = await db
      .insert(testPaymentIntents)
      .values({
        reference,
        orderId: request.orderId,
        amount: request.amount,
        clientSecret: `${reference}_secret_${randomBytes(18).toString("base64url")}`,
        ...outcome,
      })
      // The order's intent exists already (a repeat, a retry, or a charge racing this one).
      .onConflictDoNothing({ target: testPaymentIntents.orderId })
      .returning();
    if (created) return asPayment(created);

    // After a decline the shopper tries again: a new attempt on the same intent, as a Stripe
    // PaymentIntent takes another card, so the order keeps one payment. One guarded UPDATE, so
    // of retries racing, each finds the state the one before left: none declines a success.
    const [retried] = await db
      .update(testPaymentIntents)
      .set({ ...outcome, updatedAt: new Date() })
      .where(
        and(
          eq(testPaymentIntents.orderId, request.orderId),
          eq(testPaymentIntents.state, "declined"),
          eq(testPaymentIntents.amount, request.amount),
        ),
      )
      .returning();
    if (retried) return asPayment(retried);

    const [existing] = await db
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.orderId, request.orderId));
    if (!existing) throw new Error(`The test intent of order ${request.orderId} vanished.`);
    if (existing.amount !== request.amount) {
      throw new PaymentAmountMismatchError(request.orderId, existing.amount, request.amount);
    }
    return asPayment(existing);
  },

  async retrieve(db, reference) {
    return asPayment(await knownIntent(db, reference));
  },

  async paymentForOrder(db, orderId) {
    const [intent] = await db
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.orderId, orderId));
    return intent && asPayment(intent);
  },

  async cancel(db, reference) {
    const [cancelled] = await db
      .update(testPaymentIntents)
      .set({ state: "cancelled", declineMessage: null, updatedAt: new Date() })
      .where(
        and(
          eq(testPaymentIntents.reference, reference),
          notInArray(testPaymentIntents.state, [...FINAL_STATES]),
        ),
      )
      .returning();
    return asPayment(cancelled ?? (await knownIntent(db, reference)));
  },

  refund: refundTestPayment,

  async retrieveRefund(db, reference) {
    const [refund] = await db
      .select()
      .from(testPaymentRefunds)
      .where(eq(testPaymentRefunds.reference, reference));
    if (!refund)
      throw new RefundRefusedError(`No such refund: '${reference}'.`, "resource_missing");
    return asRefund(refund);
  },

  // It plays a provider that keeps its subscriptions: its reference follows from the key, so a
  // repeat answers the same subscription, and it renews nothing by itself.
  async subscribe(_db, request) {
    const id = createHash("sha256").update(request.idempotencyKey).digest("hex").slice(0, 24);
    return {
      reference: `tsub_${id}`,
      customerReference: `tcus_${id}`,
      state: "active",
      currentPeriodEnd: request.paidUntil,
    };
  },

  async cancelSubscription() {},
};

type TestRefund = typeof testPaymentRefunds.$inferSelect;

const asRefund = (refund: TestRefund): ProviderRefund => ({
  reference: refund.reference,
  amount: refund.amount,
  state: "succeeded",
});

/** The refund an idempotency key already made; the key with another payment or amount is a bug. */
function replayed(refund: TestRefund, request: RefundRequest): ProviderRefund {
  if (refund.paymentReference !== request.reference || refund.amount !== request.amount) {
    throw new Error(
      `Refund key ${request.idempotencyKey} was first used for another payment or amount.`,
    );
  }
  return asRefund(refund);
}

/**
 * The test provider's refund, as Stripe refunds: at once, idempotent on the key, only from a
 * succeeded payment, and never past what it took. The payment's row is locked while the sum is
 * checked, so two refunds racing for the last pound cannot both be given.
 */
async function refundTestPayment(db: Db, request: RefundRequest): Promise<ProviderRefund> {
  return inTransaction(db, async (tx) => {
    const byKey = () =>
      tx
        .select()
        .from(testPaymentRefunds)
        .where(eq(testPaymentRefunds.idempotencyKey, request.idempotencyKey));
    const [intent] = await tx
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.reference, request.reference))
      .for("update");
    // Looked for under the lock: a repeat racing its first answers the first, not "too much".
    const [earlier] = await byKey();
    if (earlier) return replayed(earlier, request);
    if (!intent) {
      throw new RefundRefusedError(`No such payment: '${request.reference}'.`, "resource_missing");
    }
    if (intent.state !== "succeeded") {
      throw new RefundRefusedError(
        `This payment has not been taken (it is ${intent.state}), so there is nothing to refund.`,
        "charge_not_captured",
      );
    }
    const [given] = await tx
      .select({ total: sum(testPaymentRefunds.amount).mapWith(Number) })
      .from(testPaymentRefunds)
      .where(eq(testPaymentRefunds.paymentReference, intent.reference));
    const left = intent.amount - (given?.total ?? 0);
    if (left <= 0) {
      throw new RefundRefusedError(
        `Payment ${intent.reference} has already been refunded.`,
        "charge_already_refunded",
      );
    }
    if (request.amount > left) {
      throw new RefundRefusedError(
        `Refund amount (${formatPrice(request.amount)}) is greater than unrefunded amount on payment (${formatPrice(left)}).`,
        "amount_too_large",
      );
    }
    const [created] = await tx
      .insert(testPaymentRefunds)
      .values({
        reference: `tre_${randomBytes(12).toString("hex")}`,
        paymentReference: intent.reference,
        idempotencyKey: request.idempotencyKey,
        amount: request.amount,
      })
      .onConflictDoNothing({ target: testPaymentRefunds.idempotencyKey })
      .returning();
    if (created) return asRefund(created);
    const [raced] = await byKey();
    if (!raced) throw new Error(`The test refund ${request.idempotencyKey} vanished.`);
    return replayed(raced, request);
  });
}

const sameSecret = (expected: string, given: string) =>
  expected.length === given.length && timingSafeEqual(Buffer.from(expected), Buffer.from(given));

/**
 * What the test bank asks the shopper to approve: the amount, in pence, of the order's payment
 * waiting for the bank, for the holder of its client secret only (undefined otherwise, or when
 * nothing waits).
 */
export async function testPaymentAwaitingBank(
  db: Db,
  orderId: number,
  clientSecret: string,
): Promise<{ amount: number } | undefined> {
  const [intent] = await db
    .select()
    .from(testPaymentIntents)
    .where(eq(testPaymentIntents.orderId, orderId));
  if (intent?.state !== "requires_action" || !sameSecret(intent.clientSecret, clientSecret)) {
    return undefined;
  }
  return { amount: intent.amount };
}

/**
 * The test bank's answer to a payment waiting for the shopper (`requires_action`): approved, it
 * succeeds; failed, it is declined and may be charged again. Only the holder of the payment's
 * client secret may answer; a wrong secret is answered like an unknown payment.
 */
export async function answerTestAuthentication(
  db: Db,
  reference: string,
  clientSecret: string,
  passed: boolean,
): Promise<Payment | Refusal> {
  const intent = await intentByReference(db, reference);
  if (!intent || !sameSecret(intent.clientSecret, clientSecret)) {
    return refuse("not-found", "This payment could not be found.");
  }
  const [answered] = await db
    .update(testPaymentIntents)
    .set({
      ...(passed ? attempt("success") : { state: "declined", declineMessage: TEST_BANK_REFUSED }),
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(testPaymentIntents.reference, reference),
        eq(testPaymentIntents.state, "requires_action"),
      ),
    )
    .returning();
  if (!answered) {
    return refuse("conflict", "This payment is not waiting for your bank's approval.");
  }
  return asPayment(answered);
}
