import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

/**
 * A local stand-in for the part of Stripe's API the shop uses, spoken as Stripe documents it, so
 * the real SDK talks real HTTP to it (no mocks of our code): form-encoded bodies with nested keys
 * (`metadata[orderId]`), `Authorization: Bearer sk_test_…`, `Idempotency-Key` (a repeat is
 * replayed with `Idempotent-Replayed: true`; the key with other parameters is a 400
 * `idempotency_error`), and PaymentIntents: create, retrieve, confirm with Stripe's test payment
 * methods, cancel. As for Stripe.js in the shopper's browser, a PaymentIntent is also retrieved
 * and confirmed with the publishable key (`key`) and its client secret in the body, answered with
 * CORS headers. It signs webhooks as Stripe signs them and, once told where the shop's endpoint
 * is, delivers each PaymentIntent's moves there as Stripe does.
 *
 * https://docs.stripe.com/api/payment_intents, https://docs.stripe.com/api/idempotent_requests,
 * https://docs.stripe.com/webhooks#verify-manually
 */

/** A request's parameters: strings, nested in objects and arrays. */
type Params = Record<string, unknown>;

/** A PaymentIntent as the API returns it (the fields the shop and these tests use). */
export type PaymentIntentObject = {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  automatic_payment_methods: { enabled: boolean } | null;
  canceled_at: number | null;
  cancellation_reason: string | null;
  capture_method: "automatic";
  client_secret: string;
  confirmation_method: "automatic";
  created: number;
  currency: string;
  description: string | null;
  last_payment_error: Record<string, unknown> | null;
  latest_charge: string | null;
  livemode: false;
  metadata: Record<string, string>;
  next_action: Record<string, unknown> | null;
  payment_method: string | null;
  payment_method_types: string[];
  receipt_email: string | null;
  status: Stripe.PaymentIntent.Status;
};

/** A Refund as the API returns it (https://docs.stripe.com/api/refunds/object). */
export type RefundObject = {
  id: string;
  object: "refund";
  amount: number;
  balance_transaction: string | null;
  charge: string | null;
  created: number;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: string | null;
  receipt_number: string | null;
  source_transfer_reversal: string | null;
  status: "succeeded" | "pending" | "failed" | "canceled" | "requires_action";
  /** Why a refund failed; absent otherwise. */
  failure_reason?: string;
  transfer_reversal: string | null;
};

/** A Customer as the API returns it (https://docs.stripe.com/api/customers/object). */
export type CustomerObject = {
  id: string;
  object: "customer";
  created: number;
  email: string | null;
  livemode: false;
  metadata: Record<string, string>;
  name: string | null;
};

/** A Product as the API returns it (https://docs.stripe.com/api/products/object). */
export type ProductObject = {
  id: string;
  object: "product";
  active: boolean;
  created: number;
  livemode: false;
  metadata: Record<string, string>;
  name: string;
};

/**
 * A Subscription as the API returns it (https://docs.stripe.com/api/subscriptions/object): its
 * period lives on its item, as in Stripe's current API versions.
 */
export type SubscriptionObject = {
  id: string;
  object: "subscription";
  billing_cycle_anchor: number;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  collection_method: "charge_automatically" | "send_invoice";
  created: number;
  currency: string;
  customer: string;
  days_until_due: number | null;
  items: {
    object: "list";
    data: Array<{
      id: string;
      object: "subscription_item";
      created: number;
      current_period_end: number;
      current_period_start: number;
      metadata: Record<string, string>;
      price: {
        id: string;
        object: "price";
        currency: string;
        product: string;
        recurring: { interval: "month" | "year"; interval_count: number };
        type: "recurring";
        unit_amount: number;
      };
      quantity: number;
      subscription: string;
    }>;
    has_more: false;
    url: string;
  };
  livemode: false;
  metadata: Record<string, string>;
  start_date: number;
  status: Stripe.Subscription.Status;
  trial_end: number | null;
  trial_start: number | null;
};

/** A paid subscription Invoice (https://docs.stripe.com/api/invoices/object), the fields used. */
export type InvoiceObject = {
  id: string;
  object: "invoice";
  amount_due: number;
  amount_paid: number;
  billing_reason: "subscription_cycle";
  collection_method: SubscriptionObject["collection_method"];
  created: number;
  currency: string;
  customer: string;
  lines: {
    object: "list";
    data: Array<{
      id: string;
      object: "line_item";
      amount: number;
      currency: string;
      period: { start: number; end: number };
    }>;
    has_more: false;
    url: string;
  };
  livemode: false;
  parent: {
    type: "subscription_details";
    subscription_details: { metadata: Record<string, string>; subscription: string };
  };
  period_end: number;
  period_start: number;
  status: "paid";
};

export type StripeEventObject = {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  data: { object: object };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
};

export type StripeServer = {
  /** `http://127.0.0.1:<port>`: STRIPE_API_URL. */
  url: string;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** The STRIPE_* settings that point the shop at this server. */
  env: Record<string, string>;
  /** Every API request, in order: what the SDK sent. */
  requests: Array<{ method: string; path: string; idempotencyKey: string | undefined }>;
  /** The refunds of a PaymentIntent, oldest first (copies). */
  refundsOf(paymentIntent: string): RefundObject[];
  /**
   * From now on new refunds are left `pending` (as Stripe leaves some, e.g. for bank debits)
   * until `settleRefund`, or `succeeded` at once again.
   */
  refundsPending(pending: boolean): void;
  /** Stripe settles a pending refund: `succeeded`, or `failed` with its reason. Answers a copy. */
  settleRefund(id: string, status: "succeeded" | "failed"): RefundObject;
  /**
   * The next `times` requests to `path` (e.g. `/v1/refunds`) are answered 500 `api_error`
   * before anything is done, as when Stripe falters.
   */
  failNext(path: string, times: number): void;
  /** Every Customer made so far (copies). */
  customers(): CustomerObject[];
  /** The Product with this id, if one was made (a copy). */
  product(id: string): ProductObject | undefined;
  /** The Subscriptions made so far, oldest first (copies). */
  subscriptions(): SubscriptionObject[];
  /**
   * Stripe renews the subscription: a new period starts where the last one ended, and its
   * invoice is paid. Answers the paid invoice, for an `invoice.paid` event.
   */
  renew(id: string): InvoiceObject;
  /** The PaymentIntent as the server holds it now (a copy). */
  paymentIntent(id: string): PaymentIntentObject;
  /** The shopper's bank answers a `requires_action` PaymentIntent (3D Secure in the browser). */
  authenticate(id: string, passed: boolean): PaymentIntentObject;
  /** An event as Stripe sends it, about `object` (a PaymentIntent as it is now, by default). */
  event(type: string, object: object): StripeEventObject;
  /**
   * POSTs the event to `url` as Stripe delivers it: pretty-printed JSON signed with the webhook
   * secret (or `secret`) at `timestamp` (unix seconds, now by default).
   */
  sendWebhook(
    url: string,
    event: StripeEventObject,
    options?: { secret?: string; timestamp?: number },
  ): Promise<Response>;
  /**
   * From now on each PaymentIntent's move (succeeded, payment failed, cancelled) is delivered to
   * `url` as a signed event, just after the request that made it is answered, as Stripe delivers
   * to a webhook endpoint.
   */
  deliverWebhooksTo(url: string): void;
  /** The events delivered so far and the shop's answers (0: no answer), in order. */
  delivered: Array<{ type: string; paymentIntent: string; status: number }>;
  close(): Promise<void>;
};

const random = (length: number) =>
  randomBytes(length)
    .toString("base64")
    .replace(/[^A-Za-z0-9]/g, "")
    .slice(0, length);

const now = () => Math.floor(Date.now() / 1000);

/** The `Stripe-Signature` header: `t=<unix>,v1=<HMAC-SHA256 of "t.payload" with the secret>`. */
export function stripeSignature(payload: string, secret: string, timestamp = now()): string {
  const signature = createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

/** `a[b][c]=x`, `a[]=x`, `a[0]=x` into nested objects and arrays, as Stripe reads its bodies. */
export function parseStripeForm(body: string): Params {
  const params: Params = {};
  for (const [key, value] of new URLSearchParams(body)) {
    // `metadata[orderId]` → ["metadata", "orderId"]; `expand[]` → ["expand", ""].
    const path = key.replace(/]/g, "").split("[");
    let target: Params = params;
    path.forEach((segment, index) => {
      const name = Array.isArray(target) && segment === "" ? String(target.length) : segment;
      if (index === path.length - 1) {
        target[name] = value;
      } else {
        target[name] ??= /^\d*$/.test(path[index + 1] ?? "") ? [] : {};
        target = target[name] as Params;
      }
    });
  }
  return params;
}

type Answer = { status: number; body: unknown };

const apiError = (status: number, error: Record<string, unknown>): Answer => ({
  status,
  body: { error: { type: "invalid_request_error", ...error } },
});

const CREATE_PARAMS = new Set([
  "amount",
  "currency",
  "metadata",
  "receipt_email",
  "automatic_payment_methods",
  "description",
  "payment_method_types",
]);

const REFUND_PARAMS = new Set(["payment_intent", "charge", "amount", "reason", "metadata"]);
const CUSTOMER_PARAMS = new Set(["email", "name", "metadata", "description"]);
const PRODUCT_PARAMS = new Set(["id", "name", "metadata", "description"]);
const SUBSCRIPTION_PARAMS = new Set([
  "customer",
  "items",
  "trial_end",
  "collection_method",
  "days_until_due",
  "metadata",
]);

/** The same moment one interval later, in unix seconds (UTC calendar, as in tests). */
function after(start: number, interval: "month" | "year"): number {
  const date = new Date(start * 1000);
  if (interval === "month") date.setUTCMonth(date.getUTCMonth() + 1);
  else date.setUTCFullYear(date.getUTCFullYear() + 1);
  return Math.floor(date.getTime() / 1000);
}

const CONFIRMABLE = new Set([
  "requires_payment_method",
  "requires_confirmation",
  "requires_action",
]);
const CANCELABLE = new Set([
  "requires_payment_method",
  "requires_capture",
  "requires_confirmation",
  "requires_action",
]);

const CARD_DECLINED = {
  type: "card_error",
  code: "card_declined",
  decline_code: "generic_decline",
  message: "Your card was declined.",
};
const AUTHENTICATION_FAILED = {
  type: "card_error",
  code: "payment_intent_authentication_failure",
  message:
    "The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.",
};

/** Starts the server on 127.0.0.1 with fresh test keys. */
export async function startStripeServer(): Promise<StripeServer> {
  const secretKey = `sk_test_${random(24)}`;
  const publishableKey = `pk_test_${random(24)}`;
  const webhookSecret = `whsec_${random(32)}`;
  const intents = new Map<string, PaymentIntentObject>();
  const refunds = new Map<string, RefundObject>();
  const refundsOf = (intent: string) =>
    [...refunds.values()].filter((refund) => refund.payment_intent === intent);
  const idempotent = new Map<string, { fingerprint: string; answer: Answer }>();
  const requests: StripeServer["requests"] = [];
  let refundStatus: RefundObject["status"] = "succeeded";
  const failures = new Map<string, number>();
  const customers = new Map<string, CustomerObject>();
  const products = new Map<string, ProductObject>();
  const subscriptions = new Map<string, SubscriptionObject>();

  const event: StripeServer["event"] = (type, object) => ({
    id: `evt_${random(24)}`,
    object: "event",
    api_version: Stripe.API_VERSION,
    created: now(),
    data: { object: structuredClone(object) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  });

  const sendWebhook: StripeServer["sendWebhook"] = (target, sent, options = {}) => {
    // Stripe sends its events pretty-printed: the signature covers these exact bytes.
    const payload = JSON.stringify(sent, null, 2);
    return fetch(target, {
      method: "POST",
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
        "Stripe-Signature": stripeSignature(
          payload,
          options.secret ?? webhookSecret,
          options.timestamp,
        ),
      },
      body: payload,
    });
  };

  let webhookEndpoint: string | undefined;
  const delivered: StripeServer["delivered"] = [];

  /**
   * Stripe's event for a PaymentIntent's move, as it is now, delivered once the request that
   * moved it has been answered (https://docs.stripe.com/api/events/types#event_types-payment_intent.succeeded).
   */
  function announce(intent: PaymentIntentObject) {
    const target = webhookEndpoint;
    if (!target) return;
    const type =
      intent.status === "succeeded"
        ? "payment_intent.succeeded"
        : intent.status === "canceled"
          ? "payment_intent.canceled"
          : intent.last_payment_error
            ? "payment_intent.payment_failed"
            : `payment_intent.${intent.status}`;
    const sent = event(type, intent);
    const record = (status: number) => delivered.push({ type, paymentIntent: intent.id, status });
    setTimeout(() => {
      sendWebhook(target, sent).then(
        (answer) => record(answer.status),
        () => record(0),
      );
    }, 0);
  }

  const missing = (id: string): Answer =>
    apiError(404, {
      code: "resource_missing",
      param: "intent",
      message: `No such payment_intent: '${id}'`,
    });
  const unexpectedState = (intent: PaymentIntentObject, action: string): Answer =>
    apiError(400, {
      code: "payment_intent_unexpected_state",
      message: `You cannot ${action} this PaymentIntent because it has a status of ${intent.status}.`,
      payment_intent: intent,
    });

  function create(params: Params): Answer {
    const unknown = Object.keys(params).find((name) => !CREATE_PARAMS.has(name));
    if (unknown) {
      return apiError(400, { param: unknown, message: `Received unknown parameter: ${unknown}` });
    }
    const amount = Number(params.amount);
    if (typeof params.amount !== "string" || !Number.isInteger(amount) || amount < 1) {
      return apiError(400, {
        code: params.amount === undefined ? "parameter_missing" : "parameter_invalid_integer",
        param: "amount",
        message: "Invalid amount: must be a positive integer in the currency's smallest unit.",
      });
    }
    if (typeof params.currency !== "string" || !/^[a-z]{3}$/.test(params.currency)) {
      return apiError(400, {
        code: "parameter_missing",
        param: "currency",
        message: "Missing required param: currency.",
      });
    }
    const id = `pi_${random(24)}`;
    const automatic = params.automatic_payment_methods as Params | undefined;
    const metadata = (params.metadata ?? {}) as Record<string, string>;
    const intent: PaymentIntentObject = {
      id,
      object: "payment_intent",
      amount,
      amount_received: 0,
      automatic_payment_methods: automatic ? { enabled: automatic.enabled === "true" } : null,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: "automatic",
      client_secret: `${id}_secret_${random(25)}`,
      confirmation_method: "automatic",
      created: now(),
      currency: params.currency,
      description: typeof params.description === "string" ? params.description : null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: { ...metadata },
      next_action: null,
      payment_method: null,
      payment_method_types: ["card"],
      receipt_email: typeof params.receipt_email === "string" ? params.receipt_email : null,
      status: "requires_payment_method",
    };
    intents.set(id, intent);
    return { status: 200, body: intent };
  }

  /** Stripe's test payment methods: https://docs.stripe.com/testing#cards */
  function confirm(intent: PaymentIntentObject, params: Params): Answer {
    if (!CONFIRMABLE.has(intent.status)) return unexpectedState(intent, "confirm");
    const method = params.payment_method;
    const attempt = `pm_${random(24)}`;
    switch (method) {
      case "pm_card_visa":
        Object.assign(intent, {
          status: "succeeded",
          amount_received: intent.amount,
          payment_method: attempt,
          latest_charge: `ch_${random(24)}`,
          last_payment_error: null,
          next_action: null,
        });
        announce(intent);
        return { status: 200, body: intent };
      case "pm_card_chargeDeclined":
        Object.assign(intent, {
          status: "requires_payment_method",
          payment_method: null,
          latest_charge: `ch_${random(24)}`,
          last_payment_error: { ...CARD_DECLINED, payment_method: { id: attempt } },
          next_action: null,
        });
        announce(intent);
        // A decline is an error of its own: 402, with the PaymentIntent inside.
        return { status: 402, body: { error: { ...CARD_DECLINED, payment_intent: intent } } };
      case "pm_card_authenticationRequired":
        Object.assign(intent, {
          status: "requires_action",
          payment_method: attempt,
          last_payment_error: null,
          next_action: {
            type: "use_stripe_sdk",
            use_stripe_sdk: { type: "three_d_secure_redirect", source: `src_${random(24)}` },
          },
        });
        announce(intent);
        return { status: 200, body: intent };
      default:
        return apiError(400, {
          code: method === undefined ? "parameter_missing" : "resource_missing",
          param: "payment_method",
          message:
            method === undefined
              ? "You cannot confirm this PaymentIntent because it's missing a payment method."
              : `No such PaymentMethod: '${String(method)}'`,
        });
    }
  }

  function cancel(intent: PaymentIntentObject, params: Params): Answer {
    if (!CANCELABLE.has(intent.status)) return unexpectedState(intent, "cancel");
    Object.assign(intent, {
      status: "canceled",
      canceled_at: now(),
      cancellation_reason:
        typeof params.cancellation_reason === "string" ? params.cancellation_reason : null,
      next_action: null,
    });
    announce(intent);
    return { status: 200, body: intent };
  }

  /**
   * POST /v1/refunds with `payment_intent` (and `amount`, all that is left by default): only
   * from a succeeded PaymentIntent, never past what it took, refused in Stripe's words
   * (https://docs.stripe.com/api/refunds/create, https://docs.stripe.com/error-codes).
   */
  function createRefund(params: Params): Answer {
    const unknown = Object.keys(params).find((name) => !REFUND_PARAMS.has(name));
    if (unknown) {
      return apiError(400, { param: unknown, message: `Received unknown parameter: ${unknown}` });
    }
    if (typeof params.payment_intent !== "string") {
      return apiError(400, {
        code: "parameter_missing",
        message:
          "One of the following params should be provided for this request: payment_intent or charge.",
      });
    }
    const intent = intents.get(params.payment_intent);
    if (!intent) {
      return apiError(400, {
        code: "resource_missing",
        param: "payment_intent",
        message: `No such payment_intent: '${params.payment_intent}'`,
      });
    }
    if (intent.status !== "succeeded" || !intent.latest_charge) {
      return apiError(400, {
        code: "charge_not_captured",
        message: `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
      });
    }
    // A failed or cancelled refund gave nothing back.
    const given = refundsOf(intent.id).filter(
      (refund) => refund.status !== "failed" && refund.status !== "canceled",
    );
    const left = intent.amount_received - given.reduce((sum, r) => sum + r.amount, 0);
    const amount = params.amount === undefined ? left : Number(params.amount);
    if (!Number.isInteger(amount) || amount < 1) {
      return apiError(400, {
        code: "parameter_invalid_integer",
        param: "amount",
        message: "Invalid positive integer",
      });
    }
    if (left <= 0) {
      return apiError(400, {
        code: "charge_already_refunded",
        message: `Charge ${intent.latest_charge} has already been refunded.`,
      });
    }
    if (amount > left) {
      const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;
      return apiError(400, {
        code: "amount_too_large",
        param: "amount",
        message: `Refund amount (${pounds(amount)}) is greater than unrefunded amount on charge (${pounds(left)})`,
      });
    }
    const refund: RefundObject = {
      id: `re_${random(24)}`,
      object: "refund",
      amount,
      balance_transaction: `txn_${random(24)}`,
      charge: intent.latest_charge,
      created: now(),
      currency: intent.currency,
      metadata: { ...((params.metadata ?? {}) as Record<string, string>) },
      payment_intent: intent.id,
      reason: typeof params.reason === "string" ? params.reason : null,
      receipt_number: null,
      source_transfer_reversal: null,
      status: refundStatus,
      transfer_reversal: null,
    };
    refunds.set(refund.id, refund);
    return { status: 200, body: refund };
  }

  const unknownParam = (params: Params, known: Set<string>): Answer | undefined => {
    const unknown = Object.keys(params).find((name) => !known.has(name));
    return unknown
      ? apiError(400, { param: unknown, message: `Received unknown parameter: ${unknown}` })
      : undefined;
  };
  const noSuch = (kind: string, id: string): Answer =>
    apiError(404, { code: "resource_missing", param: "id", message: `No such ${kind}: '${id}'` });
  const text = (value: unknown) => (typeof value === "string" ? value : null);
  const metadataOf = (params: Params) => ({
    ...((params.metadata ?? {}) as Record<string, string>),
  });

  /** POST /v1/customers (https://docs.stripe.com/api/customers/create). */
  function createCustomer(params: Params): Answer {
    const refused = unknownParam(params, CUSTOMER_PARAMS);
    if (refused) return refused;
    const customer: CustomerObject = {
      id: `cus_${random(14)}`,
      object: "customer",
      created: now(),
      email: text(params.email),
      livemode: false,
      metadata: metadataOf(params),
      name: text(params.name),
    };
    customers.set(customer.id, customer);
    return { status: 200, body: customer };
  }

  /** POST /v1/products, with an id of the caller's if given (https://docs.stripe.com/api/products/create). */
  function createProduct(params: Params): Answer {
    const refused = unknownParam(params, PRODUCT_PARAMS);
    if (refused) return refused;
    if (typeof params.name !== "string" || params.name === "") {
      return apiError(400, {
        code: "parameter_missing",
        param: "name",
        message: "Missing required param: name.",
      });
    }
    const id = text(params.id) ?? `prod_${random(14)}`;
    if (products.has(id)) {
      return apiError(400, {
        code: "resource_already_exists",
        param: "id",
        message: `Product already exists.`,
      });
    }
    const product: ProductObject = {
      id,
      object: "product",
      active: true,
      created: now(),
      livemode: false,
      metadata: metadataOf(params),
      name: params.name,
    };
    products.set(id, product);
    return { status: 200, body: product };
  }

  /**
   * POST /v1/subscriptions with one item's `price_data` (https://docs.stripe.com/api/subscriptions/create):
   * with a `trial_end` it is `trialing` until then, its first period starting at the trial's end.
   */
  function createSubscription(params: Params): Answer {
    const refused = unknownParam(params, SUBSCRIPTION_PARAMS);
    if (refused) return refused;
    const customer =
      typeof params.customer === "string" ? customers.get(params.customer) : undefined;
    if (!customer) {
      return apiError(400, {
        code: "resource_missing",
        param: "customer",
        message: `No such customer: '${String(params.customer)}'`,
      });
    }
    const [item] = (params.items ?? []) as Params[];
    const price = item?.price_data as Params | undefined;
    const recurring = price?.recurring as Params | undefined;
    const interval = recurring?.interval;
    const amount = Number(price?.unit_amount);
    if (
      !price ||
      typeof price.product !== "string" ||
      !products.has(price.product) ||
      (interval !== "month" && interval !== "year") ||
      !Number.isInteger(amount) ||
      amount < 0
    ) {
      return apiError(400, {
        code: "parameter_invalid",
        param: "items[0][price_data]",
        message: "Invalid price_data: a product, a unit_amount and recurring[interval] are needed.",
      });
    }
    const sendInvoice = params.collection_method === "send_invoice";
    if (sendInvoice && params.days_until_due === undefined) {
      return apiError(400, {
        code: "parameter_missing",
        param: "days_until_due",
        message: "Missing required param: days_until_due.",
      });
    }
    const started = now();
    const trialEnd = params.trial_end === undefined ? null : Number(params.trial_end);
    if (trialEnd !== null && !(trialEnd > started)) {
      return apiError(400, {
        code: "parameter_invalid_integer",
        param: "trial_end",
        message: "Invalid timestamp: must be an integer Unix timestamp in the future.",
      });
    }
    const id = `sub_${random(24)}`;
    const periodEnd = trialEnd ?? after(started, interval);
    const subscription: SubscriptionObject = {
      id,
      object: "subscription",
      billing_cycle_anchor: periodEnd,
      cancel_at_period_end: false,
      canceled_at: null,
      collection_method: sendInvoice ? "send_invoice" : "charge_automatically",
      created: started,
      currency: String(price.currency),
      customer: customer.id,
      days_until_due: sendInvoice ? Number(params.days_until_due) : null,
      items: {
        object: "list",
        data: [
          {
            id: `si_${random(14)}`,
            object: "subscription_item",
            created: started,
            current_period_end: periodEnd,
            current_period_start: started,
            metadata: {},
            price: {
              id: `price_${random(24)}`,
              object: "price",
              currency: String(price.currency),
              product: price.product,
              recurring: { interval, interval_count: 1 },
              type: "recurring",
              unit_amount: amount,
            },
            quantity: 1,
            subscription: id,
          },
        ],
        has_more: false,
        url: `/v1/subscription_items?subscription=${id}`,
      },
      livemode: false,
      metadata: metadataOf(params),
      start_date: started,
      status: trialEnd ? "trialing" : "active",
      trial_end: trialEnd,
      trial_start: trialEnd ? started : null,
    };
    subscriptions.set(id, subscription);
    return { status: 200, body: subscription };
  }

  /** DELETE /v1/subscriptions/{id}: cancelled at once; an ended one is no longer found. */
  function cancelSubscription(id: string): Answer {
    const subscription = subscriptions.get(id);
    if (!subscription || subscription.status === "canceled") return noSuch("subscription", id);
    Object.assign(subscription, { status: "canceled", canceled_at: now() });
    return { status: 200, body: subscription };
  }

  /**
   * GET /v1/payment_intents/search: the one query form the shop sends, `metadata['key']:'value'`.
   * https://docs.stripe.com/search#search-query-language
   */
  function searchIntents(params: Params): Answer {
    const query = typeof params.query === "string" ? params.query : "";
    const match = /^metadata\['(\w+)'\]:'([^']*)'$/.exec(query.trim());
    if (!match) {
      return apiError(400, { param: "query", message: `Unsupported search query: ${query}` });
    }
    const [, field = "", value] = match;
    const data = [...intents.values()].filter(
      (intent) => (intent.metadata as Record<string, string> | undefined)?.[field] === value,
    );
    return {
      status: 200,
      body: {
        object: "search_result",
        url: "/v1/payment_intents/search",
        has_more: false,
        next_page: null,
        data,
      },
    };
  }

  function route(method: string, path: string, params: Params): Answer {
    const [, version, resource, id, action, ...extra] = path.split("/");
    if (version === "v1" && !action && extra.length === 0) {
      if (resource === "customers") {
        if (method === "POST" && !id) return createCustomer(params);
        const customer = id ? customers.get(id) : undefined;
        if (method === "GET" && id)
          return customer ? { status: 200, body: customer } : noSuch("customer", id);
      }
      if (resource === "products") {
        if (method === "POST" && !id) return createProduct(params);
        const product = id ? products.get(id) : undefined;
        if (method === "GET" && id)
          return product ? { status: 200, body: product } : noSuch("product", id);
      }
      if (resource === "subscriptions") {
        if (method === "POST" && !id) return createSubscription(params);
        if (method === "DELETE" && id) return cancelSubscription(id);
        const subscription = id ? subscriptions.get(id) : undefined;
        if (method === "GET" && id) {
          return subscription ? { status: 200, body: subscription } : noSuch("subscription", id);
        }
      }
    }
    if (version === "v1" && resource === "refunds" && !action && extra.length === 0) {
      if (method === "POST" && !id) return createRefund(params);
      const refund = id ? refunds.get(id) : undefined;
      if (method === "GET" && refund) return { status: 200, body: refund };
      if (method === "GET" && id) {
        return apiError(404, {
          code: "resource_missing",
          param: "id",
          message: `No such refund: '${id}'`,
        });
      }
    }
    if (version === "v1" && resource === "payment_intents" && extra.length === 0) {
      if (method === "POST" && !id) return create(params);
      if (method === "GET" && id === "search" && !action) return searchIntents(params);
      if (id) {
        const intent = intents.get(id);
        if (!intent) return missing(id);
        if (method === "GET" && !action) return { status: 200, body: intent };
        if (method === "POST" && action === "confirm") return confirm(intent, params);
        if (method === "POST" && action === "cancel") return cancel(intent, params);
      }
    }
    return apiError(404, { message: `Unrecognized request URL (${method}: ${path}).` });
  }

  /**
   * Stripe.js calls with the publishable key in the body (`key`), and may then only retrieve or
   * confirm a PaymentIntent whose client secret it brings (`client_secret`).
   * https://docs.stripe.com/api/payment_intents/object#payment_intent_object-client_secret
   */
  function publishable(method: string, path: string, params: Params): Answer | undefined {
    const [, , resource, id = "", action, ...extra] = path.split("/");
    const allowed =
      resource === "payment_intents" &&
      extra.length === 0 &&
      ((method === "GET" && !action) || (method === "POST" && action === "confirm"));
    if (!allowed) {
      return apiError(401, {
        message:
          "This API call cannot be made with a publishable API key. Please use a secret API key.",
      });
    }
    const intent = intents.get(id);
    if (!intent) return missing(id);
    if (params.client_secret !== intent.client_secret) {
      return apiError(400, {
        code: "payment_intent_invalid_parameter",
        param: "client_secret",
        message:
          "The client_secret provided does not match the client_secret associated with the PaymentIntent.",
      });
    }
    return undefined;
  }

  function authenticated(header: string | undefined): Answer | undefined {
    if (!header) {
      return apiError(401, {
        message:
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      });
    }
    const given = header.replace(/^Bearer /, "");
    if (given === secretKey) return undefined;
    return apiError(401, { message: `Invalid API Key provided: ${given.slice(0, 8)}****` });
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? "/", "http://stripe.local");
    const method = request.method ?? "GET";
    const raw = method === "GET" ? url.search.slice(1) : Buffer.concat(chunks).toString();
    const params = parseStripeForm(raw);
    const key = request.headers["idempotency-key"] as string | undefined;
    requests.push({ method, path: url.pathname, idempotencyKey: key });

    const reply = (answer: Answer, replayed = false) => {
      response.writeHead(answer.status, {
        "Content-Type": "application/json",
        // Stripe's API answers browsers on any origin: Stripe.js calls it from the shop's pages.
        "Access-Control-Allow-Origin": "*",
        "Request-Id": `req_${random(14)}`,
        ...(key && method === "POST" ? { "Idempotency-Key": key } : {}),
        ...(replayed ? { "Idempotent-Replayed": "true" } : {}),
      });
      response.end(JSON.stringify(answer.body, null, 2));
    };

    if (!request.headers.authorization && typeof params.key === "string") {
      if (params.key !== publishableKey) {
        return reply(apiError(401, { message: `Invalid API Key provided: ${params.key}` }));
      }
      const { key: _key, client_secret: _secret, ...rest } = params;
      return reply(publishable(method, url.pathname, params) ?? route(method, url.pathname, rest));
    }
    const refused = authenticated(request.headers.authorization);
    if (refused) return reply(refused);
    const failing = failures.get(url.pathname) ?? 0;
    if (failing > 0) {
      failures.set(url.pathname, failing - 1);
      return reply({
        status: 500,
        body: { error: { type: "api_error", message: "An unknown error occurred." } },
      });
    }
    if (method === "POST" && key) {
      const fingerprint = JSON.stringify([url.pathname, params]);
      const earlier = idempotent.get(key);
      if (earlier && earlier.fingerprint !== fingerprint) {
        return reply({
          status: 400,
          body: {
            error: {
              type: "idempotency_error",
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            },
          },
        });
      }
      if (earlier) return reply(earlier.answer, true);
      const answer = route(method, url.pathname, params);
      // Stripe keeps the result once the endpoint has run: a success or a card's decline, not a
      // request it refused before running.
      if (answer.status === 200 || answer.status === 402) {
        idempotent.set(key, { fingerprint, answer: structuredClone(answer) });
      }
      return reply(answer);
    }
    return reply(route(method, url.pathname, params));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { "Content-Type": "application/json" });
      response.end(JSON.stringify({ error: { type: "api_error", message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const held = (id: string) => {
    const intent = intents.get(id);
    if (!intent) throw new Error(`No such payment_intent: '${id}'`);
    return intent;
  };

  return {
    url,
    secretKey,
    publishableKey,
    webhookSecret,
    env: {
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_PUBLISHABLE_KEY: publishableKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: url,
    },
    requests,
    paymentIntent: (id) => structuredClone(held(id)),
    refundsOf: (id) => structuredClone(refundsOf(id)),
    refundsPending(pending) {
      refundStatus = pending ? "pending" : "succeeded";
    },
    settleRefund(id, status) {
      const refund = refunds.get(id);
      if (refund?.status !== "pending") throw new Error(`${id} is not pending`);
      Object.assign(refund, {
        status,
        ...(status === "failed" ? { failure_reason: "expired_or_canceled_card" } : {}),
      });
      return structuredClone(refund);
    },
    failNext(path, times) {
      failures.set(path, times);
    },
    customers: () => structuredClone([...customers.values()]),
    product: (id) => structuredClone(products.get(id)),
    subscriptions: () => structuredClone([...subscriptions.values()]),
    renew(id) {
      const subscription = subscriptions.get(id);
      const item = subscription?.items.data[0];
      if (!subscription || !item || subscription.status === "canceled") {
        throw new Error(`No live subscription '${id}'`);
      }
      const start = item.current_period_end;
      const end = after(start, item.price.recurring.interval);
      Object.assign(item, { current_period_start: start, current_period_end: end });
      Object.assign(subscription, { status: "active" });
      return {
        id: `in_${random(24)}`,
        object: "invoice",
        amount_due: item.price.unit_amount,
        amount_paid: item.price.unit_amount,
        billing_reason: "subscription_cycle",
        collection_method: subscription.collection_method,
        created: now(),
        currency: subscription.currency,
        customer: subscription.customer,
        lines: {
          object: "list",
          data: [
            {
              id: `il_${random(24)}`,
              object: "line_item",
              amount: item.price.unit_amount,
              currency: subscription.currency,
              period: { start, end },
            },
          ],
          has_more: false,
          url: `/v1/invoices/lines`,
        },
        livemode: false,
        parent: {
          type: "subscription_details",
          subscription_details: { metadata: { ...subscription.metadata }, subscription: id },
        },
        // A subscription invoice's own period is the one just billed in arrears: here, none.
        period_end: start,
        period_start: start,
        status: "paid",
      };
    },
    authenticate(id, passed) {
      const intent = held(id);
      if (intent.status !== "requires_action") throw new Error(`${id} is ${intent.status}`);
      Object.assign(
        intent,
        passed
          ? { status: "succeeded", amount_received: intent.amount, next_action: null }
          : {
              status: "requires_payment_method",
              payment_method: null,
              next_action: null,
              last_payment_error: AUTHENTICATION_FAILED,
            },
      );
      announce(intent);
      return structuredClone(intent);
    },
    event,
    sendWebhook,
    deliverWebhooksTo(target) {
      webhookEndpoint = target;
    },
    delivered,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
