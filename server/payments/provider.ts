import type { Db } from "../db/client.ts";
import type { PAYMENT_PROVIDERS, PAYMENT_STATES } from "./schema.ts";

export type PaymentProviderId = (typeof PAYMENT_PROVIDERS)[number];

/** See `PAYMENT_STATES`: `succeeded` and `cancelled` are final, `declined` may be retried. */
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** A payment as its provider reports it. */
export type Payment = {
  provider: PaymentProviderId;
  /** The provider's id: `pi_…` (Stripe), `tpi_…` (test). */
  reference: string;
  orderId: number;
  /** Pence, VAT included: what the provider will take, or took. */
  amount: number;
  currency: "gbp";
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
  /** Pence: the order's stored total (SECURITY §5), never an amount from the client. */
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
}

/**
 * What the shop does when a provider's webhook reports a payment (checkout: a `succeeded` payment
 * with the order's amount marks the order paid). It hears each new event whose state our record
 * holds, so it may hear a state it already knows and must be idempotent. It runs inside the
 * transaction that records the event and the payment: a listener that throws leaves both
 * unrecorded, and the provider delivers the event again.
 */
export type PaymentListener = (db: Db, payment: Payment) => Promise<void>;

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
