import { isRefusal, type Refusal } from "../../common/refusal.ts";
import type { Config, StripeSettings } from "../config.ts";
import type { Db } from "../db/client.ts";
import type { Payment, PaymentProvider, PaymentProviderId } from "./provider.ts";
import { recordPayment } from "./record.ts";
import { stripeProvider } from "./stripe-provider.ts";
import { answerTestAuthentication, testProvider } from "./test-provider.ts";

export { testPaymentAwaitingBank } from "./test-provider.ts";

/** A provider whose every answer is also written to our `payments` record, forward only. */
function recording(provider: PaymentProvider): PaymentProvider {
  const recorded = async (db: Db, payment: Payment) => {
    await recordPayment(db, payment);
    return payment;
  };
  return {
    id: provider.id,
    charge: async (db, request) => recorded(db, await provider.charge(db, request)),
    retrieve: async (db, reference) => recorded(db, await provider.retrieve(db, reference)),
    paymentForOrder: async (db, orderId) => {
      const found = await provider.paymentForOrder(db, orderId);
      return found && recorded(db, found);
    },
    cancel: async (db, reference) => recorded(db, await provider.cancel(db, reference)),
    // A refund leaves the payment as it was: the order keeps the refund's own record.
    refund: (db, request) => provider.refund(db, request),
    retrieveRefund: (db, reference) => provider.retrieveRefund(db, reference),
    // A membership's subscription has its own record (`subscriptions.ts`).
    subscribe: (db, request) => provider.subscribe(db, request),
    cancelSubscription: (db, reference) => provider.cancelSubscription(db, reference),
  };
}

const test = recording(testProvider);
// One SDK client per configuration, so its connections are reused.
const stripeProviders = new WeakMap<StripeSettings, PaymentProvider>();

function stripe(settings: StripeSettings): PaymentProvider {
  let provider = stripeProviders.get(settings);
  if (!provider) {
    provider = recording(stripeProvider(settings));
    stripeProviders.set(settings, provider);
  }
  return provider;
}

/**
 * The providers checkout may charge with: Stripe when it is configured, otherwise the test
 * provider. Never both: a shop that takes real money must not offer a way to pay nothing.
 */
export function enabledPaymentProviders(config: Config): PaymentProvider[] {
  return [config.stripe ? stripe(config.stripe) : test];
}

/**
 * The provider `id` if this shop has it enabled (for retrieving and cancelling an order's
 * payment); undefined when it is not, e.g. a test payment in a shop since moved to Stripe, which
 * must not count as paid.
 */
export function paymentProviderFor(
  config: Config,
  id: PaymentProviderId,
): PaymentProvider | undefined {
  return enabledPaymentProviders(config).find((provider) => provider.id === id);
}

/**
 * The test bank's step for a test payment in `requires_action`: `passed` approves it
 * (succeeded), otherwise it is declined and may be charged again. A wrong client secret is a
 * `not-found` refusal, a payment not waiting for the bank a `conflict`. Our record follows.
 */
export async function completeTestAuthentication(
  db: Db,
  reference: string,
  clientSecret: string,
  passed: boolean,
): Promise<Payment | Refusal> {
  const answered = await answerTestAuthentication(db, reference, clientSecret, passed);
  if (!isRefusal(answered)) await recordPayment(db, answered);
  return answered;
}
