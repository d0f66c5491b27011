import type Stripe from "stripe";
import type { StripeSettings } from "../config.ts";
import {
  type Payment,
  PaymentAmountMismatchError,
  type PaymentProvider,
  type PaymentState,
  type ProviderRefund,
  type ProviderSubscription,
  RefundRefusedError,
  type RefundSettlement,
  type SubscriptionRequest,
} from "./provider.ts";
import { findPaymentForOrder } from "./record.ts";
import type { SubscriptionState } from "./schema.ts";

/**
 * Stripe's SDK, loaded when a process first talks to Stripe: about 21 MB of memory that a process
 * which never does should not hold from its start (decision 0030).
 */
export const loadStripe = async () => (await import("stripe")).default;

/** The SDK on Stripe's API, or on the Stripe-compatible server at `apiUrl`. */
export async function stripeClient(settings: StripeSettings): Promise<Stripe> {
  const api = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
  const protocol = api?.protocol === "http:" ? "http" : "https";
  const StripeSdk = await loadStripe();
  return new StripeSdk(settings.secretKey, {
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
 * A PaymentIntent as this shop's payment, or undefined when it names no order of ours: another
 * integration on the same Stripe account. One in another currency is still the order's, and
 * checkout refuses to count it as paid.
 */
export function paymentFromIntent(intent: Stripe.PaymentIntent): Payment | undefined {
  const orderId = Number(intent.metadata?.orderId);
  if (!Number.isSafeInteger(orderId) || orderId <= 0) return undefined;
  const state = stateOf(intent);
  // The shopper has something to do: pay, authenticate, or try another card.
  const clientSecret =
    state === "requires_action" || state === "declined" ? intent.client_secret : null;
  return {
    provider: "stripe",
    reference: intent.id,
    orderId,
    // What Stripe took, once it took it: the shop checks that, not what was asked
    // (docs/security.md #9).
    amount: state === "succeeded" ? intent.amount_received : intent.amount,
    currency: intent.currency,
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
const isUnexpectedState = async (error: unknown) =>
  error instanceof (await loadStripe()).errors.StripeInvalidRequestError &&
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

/** A refund Stripe has settled (`succeeded`, `failed`, `canceled`); undefined while it is not. */
export function refundSettlementOf(refund: Stripe.Refund): RefundSettlement | undefined {
  if (refund.status === "succeeded") return { reference: refund.id, state: "succeeded" };
  if (refund.status === "failed" || refund.status === "canceled") {
    return {
      reference: refund.id,
      state: "failed",
      failureMessage: `Stripe could not refund this payment (${refund.failure_reason ?? refund.status}).`,
    };
  }
  return undefined;
}

/**
 * Stripe's subscription status in our words: a trial (the period the order paid) and `active`
 * renew; a renewal not paid yet (`past_due`, `unpaid`, `incomplete`, `paused`) is past due; the
 * rest have ended.
 */
export function subscriptionStateOf(status: Stripe.Subscription.Status): SubscriptionState {
  switch (status) {
    case "active":
    case "trialing":
      return "active";
    case "canceled":
    case "incomplete_expired":
      return "cancelled";
    default:
      return "past_due";
  }
}

/** When a subscription next charges: its item's period end (Stripe keeps it per item). */
export function periodEndOf(subscription: Stripe.Subscription): Date | undefined {
  const end = subscription.items.data[0]?.current_period_end;
  return end ? new Date(end * 1000) : undefined;
}

function subscriptionOf(subscription: Stripe.Subscription): ProviderSubscription {
  const currentPeriodEnd = periodEndOf(subscription);
  if (!currentPeriodEnd) throw new Error(`Stripe subscription ${subscription.id} has no items.`);
  const customer = subscription.customer;
  return {
    reference: subscription.id,
    customerReference: typeof customer === "string" ? customer : customer.id,
    state: subscriptionStateOf(subscription.status),
    currentPeriodEnd,
  };
}

const isMissing = async (error: unknown) =>
  error instanceof (await loadStripe()).errors.StripeInvalidRequestError &&
  error.code === "resource_missing";

/**
 * The shop product's Stripe Product, made once under an id of our own (`encore_product_<id>`),
 * so every membership of that product, in any process, shares it long after an idempotency key
 * (24 h) would have been forgotten.
 */
async function productFor(stripe: Stripe, request: SubscriptionRequest): Promise<string> {
  const id = `encore_product_${request.productId}`;
  try {
    return (await stripe.products.retrieve(id)).id;
  } catch (error) {
    if (!(await isMissing(error))) throw error;
  }
  const created = await stripe.products.create(
    { id, name: request.productTitle, metadata: { productId: String(request.productId) } },
    { idempotencyKey: `encore-product-${request.productId}` },
  );
  return created.id;
}

/**
 * Stripe PaymentIntents (the shopper pays through Stripe Elements with the client secret; card
 * data never reaches us). One PaymentIntent per order: the order id is its idempotency key and in
 * its metadata, and a repeated charge finds it through our record and asks Stripe for its present
 * state. A declined one takes the shopper's next card itself.
 */
export function stripeProvider(settings: StripeSettings): PaymentProvider {
  let client: Promise<Stripe> | undefined;
  // One SDK client, made on the first call, so its connections are reused.
  const sdk = () => {
    client ??= stripeClient(settings);
    return client;
  };
  const retrieve = async (reference: string) =>
    ours(await (await sdk()).paymentIntents.retrieve(reference));
  return {
    id: "stripe",

    async charge(db, request) {
      const stripe = await sdk();
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

    async paymentForOrder(db, orderId) {
      const recorded = await findPaymentForOrder(db, "stripe", orderId);
      if (recorded) return retrieve(recorded.reference);
      // Our record missed the answer: Stripe's search finds the intent by the order id it carries.
      const found = await (await sdk()).paymentIntents.search({
        query: `metadata['orderId']:'${orderId}'`,
      });
      const intent = found.data.find((each) => paymentFromIntent(each)?.orderId === orderId);
      return intent && ours(intent);
    },

    async cancel(_db, reference) {
      const stripe = await sdk();
      try {
        return ours(await stripe.paymentIntents.cancel(reference));
      } catch (error) {
        // Already final, or processing (Stripe no longer lets it be cancelled): as it stands.
        if (await isUnexpectedState(error)) return retrieve(reference);
        throw error;
      }
    },

    async refund(_db, request) {
      const stripe = await sdk();
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
        if (error instanceof (await loadStripe()).errors.StripeInvalidRequestError) {
          throw new RefundRefusedError(error.message, error.code);
        }
        throw error;
      }
    },

    async retrieveRefund(_db, reference) {
      return refundOf(await (await sdk()).refunds.retrieve(reference));
    },

    /**
     * A Customer and a Subscription for the membership line. The order paid the first period, so
     * the subscription's trial runs until then (`trial_end`): Stripe bills nothing now, needs no
     * card at creation, and starts the first full period at the trial's end. It sends each
     * renewal's invoice to the member to pay (`send_invoice`), as the shop stores no card.
     */
    async subscribe(_db, request) {
      const stripe = await sdk();
      const product = await productFor(stripe, request);
      const metadata = {
        orderId: String(request.orderId),
        orderLineId: String(request.orderLineId),
      };
      const customer = await stripe.customers.create(
        { email: request.email, metadata },
        { idempotencyKey: `${request.idempotencyKey}-customer` },
      );
      const subscription = await stripe.subscriptions.create(
        {
          customer: customer.id,
          items: [
            {
              price_data: {
                currency: "gbp",
                product,
                unit_amount: request.amount,
                recurring: { interval: request.period },
              },
            },
          ],
          trial_end: Math.floor(request.paidUntil.getTime() / 1000),
          collection_method: "send_invoice",
          days_until_due: INVOICE_DAYS,
          metadata,
        },
        { idempotencyKey: request.idempotencyKey },
      );
      return subscriptionOf(subscription);
    },

    async cancelSubscription(_db, reference) {
      try {
        await (await sdk()).subscriptions.cancel(reference);
      } catch (error) {
        // Ended already: Stripe no longer finds it among the live ones.
        if (!(await isMissing(error))) throw error;
      }
    },
  };
}

/** Days a member has to pay a renewal's invoice before the subscription is past due. */
const INVOICE_DAYS = 14;
