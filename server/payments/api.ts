import { z } from "zod";
import { isRefusal, refuse } from "../../common/refusal.ts";
import { refusalAsApiError } from "../http/refusals.ts";
import { defineRoute, type RouteGroup } from "../http/route-table.ts";
import { receiveStripeWebhook } from "./webhook.ts";

const WebhookReceipt = z
  .object({ received: z.literal(true), outcome: z.enum(["handled", "replayed", "ignored"]) })
  .meta({
    id: "WebhookReceipt",
    description:
      "Taken: `handled` (the event was acted on), `replayed` (this event id was handled before) or `ignored` (not an event, or not a payment, refund or subscription, the shop acts on).",
  });

const WebhookRejected = z.object({ message: z.string() }).meta({ id: "WebhookRejected" });

/**
 * POST /api/webhooks/stripe: Stripe's signed news of payments, refunds and subscriptions, server
 * to server. Not
 * cookie-authenticated and reads no cookie: the signature is its authentication. The API's
 * cross-site rule does not stand in its way, as Stripe sends neither `Origin` nor
 * `Sec-Fetch-Site`. Its body is read raw (no `body` schema), since the signature covers the
 * exact bytes.
 */
const stripeWebhook = defineRoute({
  method: "post",
  path: "/webhooks/stripe",
  tag: "payments",
  summary:
    "Stripe's signed payment, refund and subscription events (called by Stripe, not by browsers)",
  description:
    "The raw body must carry a valid `Stripe-Signature` header made with the shop's webhook secret, at most 300 s old; otherwise 400 and nothing changes. Each event id is acted on once; `payment_intent.succeeded`, `.payment_failed`, `.canceled` and `.processing` move the payment forward only; `refund.updated`, `refund.failed` and `charge.refunded` settle a refund Stripe had left pending; `customer.subscription.updated` and `.deleted` move a membership's renewal (cancelled is final); `invoice.paid` for a renewal moves its period and notes it on the order. Other events, and objects not of this shop, are acknowledged and ignored. 404 when the shop does not use Stripe.",
  refusals: ["not-found"],
  answers: [
    { json: WebhookReceipt, description: "Received." },
    {
      json: WebhookRejected,
      status: 400,
      description:
        "The signature is missing, wrong or older than 300 s, or the body is not an event.",
    },
  ],
  async handle(c) {
    const stripe = c.get("config").stripe;
    if (!stripe) throw refusalAsApiError(refuse("not-found", "This shop does not use Stripe."));
    const received = await receiveStripeWebhook(c.get("db"), {
      payload: Buffer.from(await c.req.arrayBuffer()),
      signature: c.req.header("stripe-signature"),
      webhookSecret: stripe.webhookSecret,
      listeners: c.get("webhookListeners"),
    });
    if (isRefusal(received)) {
      c.get("logger").warn({ reason: received.message }, "stripe webhook refused");
      return c.json({ message: received.message }, 400);
    }
    const { outcome, eventId, type } = received;
    c.get("logger").info({ eventId, type, outcome }, "stripe webhook");
    return c.json({ received: true, outcome });
  },
});

export const paymentsRoutes: RouteGroup[] = [{ area: "public", routes: [stripeWebhook] }];
