import type { BillingPeriod } from "../../common/billing.ts";
import type { Db } from "../db/client.ts";
import type { PAYMENT_PROVIDERS, PAYMENT_STATES, SubscriptionState } from "./schema.ts";

export type PaymentProviderId = (typeof PAYMENT_PROVIDERS)[number];

/** See `PAYMENT_STATES`: `succeeded` and `cancelled` are final, `declined` may be retried. */
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** A payment as its provider reports it. */
export type Payment = {
  provider: PaymentProviderId;
  /** The provider's id: `pi_…` (Stripe), `tpi_…` (test). */
  reference: string;
  orderId: number;
  /** Pence, VAT included: what the provider will take, or, once succeeded, what it took. */
  amount: number;
  /** Lower case, as Stripe writes it: the shop charges `gbp` only; anything else is a mismatch. */
  currency: string;
  state: PaymentState;
  /**
   * What the shopper's browser needs to finish or retry the payment (Stripe Elements, the test
   * bank's step); present only while the shopper has something to do.
   */
  clientSecret?: string;
  /** The provider's words for a decline, fit to show the shopper. */
  declineMessage?: string;
};

/** What the test provider does with a charge; real providers ignore it. */
export type TestOutcome = "success" | "decline" | "authenticate";

export type ChargeRequest = {
  orderId: number;
  orderNumber: string;
  /** Pence: the order's stored total (security.md #5), never an amount from the client. */
  amount: number;
  email: string;
  /** The test provider only: which way the simulated card goes (default `success`). */
  outcome?: TestOutcome;
};

/** A refund as its provider reports it. */
export type ProviderRefund = {
  /** The provider's id of the refund: `re_…` (Stripe), `tre_…` (test). */
  reference: string;
  /** Pence given back by this refund. */
  amount: number;
  /** Stripe may take a while (`pending`); the test provider always succeeds at once. */
  state: "succeeded" | "pending";
};

export type RefundRequest = {
  /** The payment to give money back from: the order's payment reference. */
  reference: string;
  /** Pence, worked out by the shop from the order's stored figures. */
  amount: number;
  /** The same key answers the same refund, so a retry never gives back twice. */
  idempotencyKey: string;
};

/**
 * The provider said no (more than is left, a payment not taken): nothing was given back. Its
 * words are the provider's, for staff.
 */
export class RefundRefusedError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** A paid membership line to renew at the provider from the end of the period its order paid. */
export type SubscriptionRequest = {
  orderId: number;
  orderLineId: number;
  email: string;
  /** The shop's product: one provider product per shop product, reused by every member. */
  productId: number;
  productTitle: string;
  period: BillingPeriod;
  /** Pence, VAT included, charged each period: the line's unit price when it was sold. */
  amount: number;
  /** When the period the order paid ends: the provider charges from then on. */
  paidUntil: Date;
  /** The same key answers the same subscription, so a retry never subscribes twice. */
  idempotencyKey: string;
};

/** A membership's subscription as its provider reports it. */
export type ProviderSubscription = {
  /** The provider's id: `sub_…` (Stripe), `tsub_…` (test). */
  reference: string;
  /** The provider's id of the paying customer: `cus_…` (Stripe), `tcus_…` (test). */
  customerReference: string;
  state: SubscriptionState;
  /** When the provider next charges. */
  currentPeriodEnd: Date;
};

export interface PaymentProvider {
  readonly id: PaymentProviderId;
  /**
   * Starts the payment for the order, or returns the one already started for it: idempotent on
   * orderId (the order id is the provider idempotency key). After a decline it starts a new
   * attempt on the same payment. A request for the same order with another amount is a bug and
   * throws. Call it outside a transaction: a provider is outside the database (the test provider
   * plays one), and its payment outlives a rollback.
   */
  charge(db: Db, request: ChargeRequest): Promise<Payment>;
  /** The provider's present view of a payment; order placement and the reconciler trust only this. */
  retrieve(db: Db, reference: string): Promise<Payment>;
  /**
   * The payment the provider holds for the order, if it began one: asked when our record has no
   * reference for it (a fault between the provider's answer and our write), so an order is never
   * cancelled as "not charged" while its provider took the money (docs/security.md #25).
   */
  paymentForOrder(db: Db, orderId: number): Promise<Payment | undefined>;
  /**
   * Cancels a payment not yet taken (after a failure or reservation expiry); harmless if already
   * final, and a payment the provider is still processing is answered as it stands.
   */
  cancel(db: Db, reference: string): Promise<Payment>;
  /**
   * Gives `amount` back from a succeeded payment, idempotent on `idempotencyKey`; never more than
   * the payment took in total. A provider's "no" is a `RefundRefusedError`; any other error means
   * the provider could not be asked. Call it outside a transaction, like `charge`.
   */
  refund(db: Db, request: RefundRequest): Promise<ProviderRefund>;
  /**
   * A refund as it stands now at the provider: still pending, succeeded, or failed (a
   * `RefundRefusedError`, as when the provider says no at once).
   */
  retrieveRefund(db: Db, reference: string): Promise<ProviderRefund>;
  /**
   * Starts renewing a paid membership line from `paidUntil`, idempotent on `idempotencyKey`.
   * Any error means the provider could not be asked, or said no: the caller tries again later.
   * Call it outside a transaction, like `charge`.
   */
  subscribe(db: Db, request: SubscriptionRequest): Promise<ProviderSubscription>;
  /** Stops renewing; harmless when the subscription has ended already. */
  cancelSubscription(db: Db, reference: string): Promise<void>;
}

/**
 * What the shop does when a provider's webhook reports a payment (checkout: a `succeeded` payment
 * with the order's amount marks the order paid). It hears each new event whose state our record
 * holds, so it may hear a state it already knows and must be idempotent. It runs inside the
 * transaction that records the event and the payment: a listener that throws leaves both
 * unrecorded, and the provider delivers the event again.
 */
export type PaymentListener = (db: Db, payment: Payment) => Promise<void>;

/** A refund the provider had left pending, or had not answered, as it finally turned out. */
export type RefundSettlement = {
  /** The provider's id of the refund: matched with the reference we recorded. */
  reference: string;
  state: "succeeded" | "failed";
  /** The provider's words for a failure, for staff. */
  failureMessage?: string;
};

/** A membership renewed at its provider: the next period is paid until `until`. */
export type MembershipRenewal = { orderId: number; orderLineId: number; until: Date };

/**
 * What the shop does with each new webhook event, in the transaction that records it (see
 * `PaymentListener`): a payment moved, a refund settled, a membership renewed. A listener that
 * throws undoes the event, and the provider delivers it again.
 */
export type WebhookListeners = {
  payment: PaymentListener;
  /** Settles the shop's refund with this reference; answers false when it has none. */
  refund: (db: Db, refund: RefundSettlement) => Promise<boolean>;
  renewal: (db: Db, renewal: MembershipRenewal) => Promise<void>;
};

/** The states a payment never leaves. */
export const FINAL_STATES: ReadonlySet<PaymentState> = new Set(["succeeded", "cancelled"]);

/** A charge for the same order with another amount: the order's total never changes once placed. */
export class PaymentAmountMismatchError extends Error {
  constructor(orderId: number, started: number, requested: number) {
    super(
      `Order ${orderId} already has a payment of ${started} pence; a charge of ${requested} pence is refused.`,
    );
  }
}
