import Stripe from "stripe";
import { type Refusal, refuse } from "../../common/refusal.ts";
import type { Db } from "../db/client.ts";
import { inTransaction } from "../db/transaction.ts";
import type { PaymentListener } from "./provider.ts";
import { findPaymentByReference, recordPayment } from "./record.ts";
import { paymentWebhookEvents } from "./schema.ts";
import { paymentFromIntent } from "./stripe-provider.ts";

/** SECURITY §13, as Stripe advises: a signature older than this is a replay. */
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
  listener: PaymentListener;
};

/**
 * Takes one Stripe webhook (SECURITY §13): the signature over the raw body with a 300 s
 * tolerance, or an `invalid` refusal and nothing changes. Then, for a payment we recorded, in one
 * transaction: the event id is recorded once (a replay changes nothing), the payment moves
 * forward only, and `listener` hears of each new event whose state our record now holds (whether
 * this event moved it or a charge or retrieve recorded it first), never of one that came too late
 * to count. A listener that throws undoes it all, so Stripe delivers the event again.
 */
export async function receiveStripeWebhook(
  db: Db,
  webhook: StripeWebhook,
): Promise<{ outcome: WebhookOutcome; eventId: string; type: string } | Refusal> {
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(
      webhook.payload,
      webhook.signature ?? "",
      webhook.webhookSecret,
      SIGNATURE_TOLERANCE_SECONDS,
    );
  } catch (error) {
    // The SDK checks the signature first, then parses: any other failure is a body signed by
    // Stripe's secret that is not JSON.
    return error instanceof Stripe.errors.StripeSignatureVerificationError
      ? refuse("invalid", "The webhook's signature is missing, wrong or too old.")
      : refuse("invalid", "The webhook's body is not a Stripe event.");
  }
  const seen = { eventId: event.id, type: event.type };
  const payment = PAYMENT_INTENT_EVENTS.has(event.type)
    ? paymentFromIntent(event.data.object as Stripe.PaymentIntent)
    : undefined;
  if (!payment) return { outcome: "ignored", ...seen };

  const outcome = await inTransaction(db, async (tx): Promise<WebhookOutcome> => {
    // Only a payment this shop started counts: another shop on the same Stripe account sends
    // its own orders' ids too. One started but not yet recorded is recorded by checkout's next
    // charge or retrieve (the reconciler's).
    const known = await findPaymentByReference(tx, payment.reference);
    if (known?.provider !== "stripe" || known.orderId !== payment.orderId) return "ignored";
    const [first] = await tx
      .insert(paymentWebhookEvents)
      .values({ eventId: event.id, provider: "stripe", type: event.type })
      .onConflictDoNothing()
      .returning({ eventId: paymentWebhookEvents.eventId });
    if (!first) return "replayed";
    const recorded = await recordPayment(tx, payment);
    // An event older than what we hold (processing after succeeded) is kept out of the listener.
    if (recorded.state === payment.state) await webhook.listener(tx, payment);
    return "handled";
  });
  return { outcome, ...seen };
}
