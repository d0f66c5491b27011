import Stripe from "stripe";
import type { StripeSettings } from "../config.ts";
import {
  type Payment,
  PaymentAmountMismatchError,
  type PaymentProvider,
  type PaymentState,
  type ProviderRefund,
  RefundRefusedError,
} from "./provider.ts";
import { findPaymentForOrder } from "./record.ts";

/** The SDK on Stripe's API, or on the Stripe-compatible server at `apiUrl`. */
export function stripeClient(settings: StripeSettings): Stripe {
  const api = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
  const protocol = api?.protocol === "http:" ? "http" : "https";
  return new Stripe(settings.secretKey, {
    // The SDK retries a dropped connection or a 409/5xx with the same idempotency key.
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(api
      ? { host: api.hostname, port: api.port || (protocol === "http" ? 80 : 443), protocol }
      : {}),
  });
}

/**
 * Stripe's status in our words. A PaymentIntent waiting for a card (`requires_payment_method`)
 * after a failed attempt is a decline the shopper may retry on the same intent; before any
 * attempt, like `requires_confirmation` and `requires_action`, the shopper has something to do.
 */
function stateOf(intent: Stripe.PaymentIntent): PaymentState {
  switch (intent.status) {
    case "succeeded":
      return "succeeded";
    case "canceled":
      return "cancelled";
    case "requires_payment_method":
      return intent.last_payment_error ? "declined" : "requires_action";
    case "requires_confirmation":
    case "requires_action":
      return "requires_action";
    default:
      // `processing`, `requires_capture` (we capture automatically) and any status Stripe adds
      // later: not taken yet, and not over.
      return "processing";
  }
}

const DECLINED = "Your card was declined. Try another card.";

/**
 * A PaymentIntent as this shop's payment, or undefined when it is not one of ours (no order id
 * in its metadata, or not in pounds): another integration on the same Stripe account.
 */
export function paymentFromIntent(intent: Stripe.PaymentIntent): Payment | undefined {
  const orderId = Number(intent.metadata?.orderId);
  if (!Number.isSafeInteger(orderId) || orderId <= 0 || intent.currency !== "gbp") return undefined;
  const state = stateOf(intent);
  // The shopper has something to do: pay, authenticate, or try another card.
  const clientSecret =
    state === "requires_action" || state === "declined" ? intent.client_secret : null;
  return {
    provider: "stripe",
    reference: intent.id,
    orderId,
    amount: intent.amount,
    currency: "gbp",
    state,
    ...(clientSecret ? { clientSecret } : {}),
    ...(state === "declined"
      ? { declineMessage: intent.last_payment_error?.message ?? DECLINED }
      : {}),
  };
}

function ours(intent: Stripe.PaymentIntent): Payment {
  const payment = paymentFromIntent(intent);
  if (!payment) throw new Error(`Stripe PaymentIntent ${intent.id} is not one of this shop's.`);
  return payment;
}

/** Stripe's answer to cancelling a PaymentIntent that has succeeded, is processing, or is cancelled. */
const isUnexpectedState = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError &&
  error.code === "payment_intent_unexpected_state";

/** Stripe's refund in our words; one it failed or cancelled gave nothing back. */
function refundOf(refund: Stripe.Refund): ProviderRefund {
  if (refund.status === "failed" || refund.status === "canceled") {
    throw new RefundRefusedError(
      `Stripe could not refund this payment (${refund.failure_reason ?? refund.status}).`,
      refund.failure_reason ?? undefined,
    );
  }
  return {
    reference: refund.id,
    amount: refund.amount,
    state: refund.status === "succeeded" ? "succeeded" : "pending",
  };
}

/**
 * Stripe PaymentIntents (the shopper pays through Stripe Elements with the client secret; card
 * data never reaches us). One PaymentIntent per order: the order id is its idempotency key and in
 * its metadata, and a repeated charge finds it through our record and asks Stripe for its present
 * state. A declined one takes the shopper's next card itself.
 */
export function stripeProvider(stripe: Stripe): PaymentProvider {
  const retrieve = async (reference: string) =>
    ours(await stripe.paymentIntents.retrieve(reference));
  return {
    id: "stripe",

    async charge(db, request) {
      const started = await findPaymentForOrder(db, "stripe", request.orderId);
      if (started) {
        if (started.amount !== request.amount) {
          throw new PaymentAmountMismatchError(request.orderId, started.amount, request.amount);
        }
        return retrieve(started.reference);
      }
      const created = await stripe.paymentIntents.create(
        {
          amount: request.amount,
          currency: "gbp",
          metadata: { orderId: String(request.orderId), orderNumber: request.orderNumber },
          receipt_email: request.email,
          automatic_payment_methods: { enabled: true },
        },
        // Stripe answers a repeat of this key with the first answer, so two racing charges, or a
        // charge retried after a crash before our record was written, get the same PaymentIntent.
        { idempotencyKey: `encore-order-${request.orderId}` },
      );
      // A replayed answer is the PaymentIntent as it was created; ask for it as it is now.
      const replayed = created.lastResponse.headers["idempotent-replayed"] === "true";
      return replayed ? retrieve(created.id) : ours(created);
    },

    retrieve: (_db, reference) => retrieve(reference),

    async cancel(_db, reference) {
      try {
        return ours(await stripe.paymentIntents.cancel(reference));
      } catch (error) {
        // Already final, or processing (Stripe no longer lets it be cancelled): as it stands.
        if (isUnexpectedState(error)) return retrieve(reference);
        throw error;
      }
    },

    async refund(_db, request) {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: request.reference, amount: request.amount },
          // Stripe answers a repeat of this key with the first refund: a retry never pays twice.
          { idempotencyKey: request.idempotencyKey },
        );
        return refundOf(refund);
      } catch (error) {
        // Stripe's "no" (more than is left, a payment not taken): its words, for staff. Anything
        // else (no answer, a 5xx) is thrown as it is: the provider could not be asked.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          throw new RefundRefusedError(error.message, error.code);
        }
        throw error;
      }
    },
  };
}
