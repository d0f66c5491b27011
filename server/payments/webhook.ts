import type Stripe from "stripe";
import { type Refusal, refuse } from "../../common/refusal.ts";
import type { Db } from "../db/client.ts";
import { inTransaction } from "../db/transaction.ts";
import type { Payment, RefundSettlement, WebhookListeners } from "./provider.ts";
import { findPaymentByReference, recordPayment } from "./record.ts";
import { paymentWebhookEvents } from "./schema.ts";
import {
  loadStripe,
  paymentFromIntent,
  periodEndOf,
  refundSettlementOf,
  subscriptionStateOf,
} from "./stripe-provider.ts";
import { recordRenewal, recordSubscriptionNews } from "./subscriptions.ts";

/** security.md #13, as Stripe advises: a signature older than this is a replay. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

/** The events that say a PaymentIntent moved; the rest are acknowledged and left alone. */
const PAYMENT_INTENT_EVENTS = new Set([
  "payment_intent.succeeded",
  "payment_intent.payment_failed",
  "payment_intent.canceled",
  "payment_intent.processing",
]);

/**
 * `handled`: the event moved (or confirmed) our record; `replayed`: its id was handled before;
 * `ignored`: a type we do not act on, or a PaymentIntent we have no record of.
 */
export type WebhookOutcome = "handled" | "replayed" | "ignored";

export type StripeWebhook = {
  /** The body exactly as it arrived: the signature covers these bytes. */
  payload: Buffer;
  /** The `Stripe-Signature` header. */
  signature: string | undefined;
  webhookSecret: string;
  listeners: WebhookListeners;
};

/** The events that settle a refund Stripe had left pending. */
const REFUND_EVENTS = new Set(["refund.updated", "refund.failed", "charge.refunded"]);
const SUBSCRIPTION_EVENTS = new Set([
  "customer.subscription.updated",
  "customer.subscription.deleted",
]);

/**
 * Acts on one event in the transaction that records its id (`record` answers false for a
 * replay). One that concerns nothing of this shop's answers `ignored`, or throws `NotOurs` once
 * its id is written, so the rollback leaves no trace and a later delivery can still act.
 */
type EventAction = (tx: Db, record: () => Promise<boolean>) => Promise<WebhookOutcome>;

/** Records the event's id once: false when it was recorded before (a replay). */
const recordEvent = (tx: Db, event: Stripe.Event) => async () => {
  const [first] = await tx
    .insert(paymentWebhookEvents)
    .values({ eventId: event.id, provider: "stripe", type: event.type })
    .onConflictDoNothing()
    .returning({ eventId: paymentWebhookEvents.eventId });
  return Boolean(first);
};

function onPayment(payment: Payment, listeners: WebhookListeners): EventAction {
  return async (tx, record) => {
    // Only a payment this shop started counts: another shop on the same Stripe account sends
    // its own orders' ids too. One started but not yet recorded is recorded by checkout's next
    // charge or retrieve (the reconciler's).
    const known = await findPaymentByReference(tx, payment.reference);
    if (known?.provider !== "stripe" || known.orderId !== payment.orderId) return "ignored";
    if (!(await record())) return "replayed";
    const recorded = await recordPayment(tx, payment);
    // An event older than what we hold (processing after succeeded) is kept out of the listener.
    if (recorded.state === payment.state) await listeners.payment(tx, payment);
    return "handled";
  };
}

/** `refund.*` carry the Refund; `charge.refunded` the Charge, with its refunds when expanded. */
function refundsIn(event: Stripe.Event): RefundSettlement[] {
  const object = event.data.object as Stripe.Refund | Stripe.Charge;
  const refunds = object.object === "refund" ? [object] : (object.refunds?.data ?? []);
  return refunds.flatMap((refund) => refundSettlementOf(refund) ?? []);
}

function onRefunds(settled: RefundSettlement[], listeners: WebhookListeners): EventAction {
  return async (tx, record) => {
    if (!(await record())) return "replayed";
    let ours = false;
    for (const refund of settled) ours = (await listeners.refund(tx, refund)) || ours;
    // A refund we hold no reference for yet: the sweeper asks Stripe about it instead.
    if (!ours) throw new NotOurs();
    return "handled";
  };
}

function onSubscription(subscription: Stripe.Subscription): EventAction {
  return async (tx, record) => {
    if (!(await record())) return "replayed";
    const state = subscriptionStateOf(subscription.status);
    const moved = await recordSubscriptionNews(tx, {
      reference: subscription.id,
      state,
      currentPeriodEnd: periodEndOf(subscription),
      cancelledAt: subscription.canceled_at ? new Date(subscription.canceled_at * 1000) : undefined,
    });
    if (!moved) throw new NotOurs();
    return "handled";
  };
}

/** A paid renewal invoice (`subscription_cycle`): the subscription it renews, and until when. */
function renewalIn(invoice: Stripe.Invoice): { reference: string; until: Date } | undefined {
  const subscription = invoice.parent?.subscription_details?.subscription;
  const end = invoice.lines.data[0]?.period.end;
  if (invoice.billing_reason !== "subscription_cycle" || !subscription || !end) return undefined;
  const reference = typeof subscription === "string" ? subscription : subscription.id;
  return { reference, until: new Date(end * 1000) };
}

function onRenewal(
  renewal: { reference: string; until: Date },
  listeners: WebhookListeners,
): EventAction {
  return async (tx, record) => {
    if (!(await record())) return "replayed";
    const renewed = await recordRenewal(tx, renewal.reference, renewal.until);
    if (!renewed) throw new NotOurs();
    await listeners.renewal(tx, {
      orderId: renewed.orderId,
      orderLineId: renewed.orderLineId,
      until: renewal.until,
    });
    return "handled";
  };
}

/** Thrown inside the event's transaction to leave no trace of an event that is not ours. */
class NotOurs extends Error {}

/** What the shop does with `event`, or undefined for an event it does not act on. */
function actionFor(event: Stripe.Event, listeners: WebhookListeners): EventAction | undefined {
  if (PAYMENT_INTENT_EVENTS.has(event.type)) {
    const payment = paymentFromIntent(event.data.object as Stripe.PaymentIntent);
    return payment && onPayment(payment, listeners);
  }
  if (REFUND_EVENTS.has(event.type)) {
    const settled = refundsIn(event);
    return settled.length > 0 ? onRefunds(settled, listeners) : undefined;
  }
  if (SUBSCRIPTION_EVENTS.has(event.type)) {
    return onSubscription(event.data.object as Stripe.Subscription);
  }
  if (event.type === "invoice.paid") {
    const renewal = renewalIn(event.data.object as Stripe.Invoice);
    return renewal && onRenewal(renewal, listeners);
  }
  return undefined;
}

/**
 * Takes one Stripe webhook (security.md #13): the signature over the raw body with a 300 s
 * tolerance, or an `invalid` refusal and nothing changes. Then, for something of ours, in one
 * transaction: the event id is recorded once (a replay changes nothing) and the event acts.
 * A payment moves forward only, and the payment listener hears of each new event whose state our
 * record now holds (whether this event moved it or a charge or retrieve recorded it first), never
 * of one that came too late to count. A refund Stripe settled settles ours; a subscription's
 * news moves its membership; a paid renewal invoice moves its period and tells the renewal
 * listener. A listener that throws undoes it all, so Stripe delivers the event again.
 */
export async function receiveStripeWebhook(
  db: Db,
  webhook: StripeWebhook,
): Promise<{ outcome: WebhookOutcome; eventId: string; type: string } | Refusal> {
  const StripeSdk = await loadStripe();
  let event: Stripe.Event;
  try {
    event = StripeSdk.webhooks.constructEvent(
      webhook.payload,
      webhook.signature ?? "",
      webhook.webhookSecret,
      SIGNATURE_TOLERANCE_SECONDS,
    );
  } catch (error) {
    // The SDK checks the signature first, then parses: any other failure is a body signed by
    // Stripe's secret that is not JSON.
    return error instanceof StripeSdk.errors.StripeSignatureVerificationError
      ? refuse("invalid", "The webhook's signature is missing, wrong or too old.")
      : refuse("invalid", "The webhook's body is not a Stripe event.");
  }
  const seen = { eventId: event.id, type: event.type };
  const action = actionFor(event, webhook.listeners);
  if (!action) return { outcome: "ignored", ...seen };
  try {
    const outcome = await inTransaction(db, (tx) => action(tx, recordEvent(tx, event)));
    return { outcome, ...seen };
  } catch (error) {
    if (error instanceof NotOurs) return { outcome: "ignored", ...seen };
    throw error;
  }
}
