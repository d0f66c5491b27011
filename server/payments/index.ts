// The public surface of server/payments/: what other server modules may import
// (architecture.md §6, rule `only-through-module-index`). Everything else is internal.

export type {
  MembershipRenewal,
  Payment,
  PaymentListener,
  PaymentProvider,
  PaymentProviderId,
  ProviderRefund,
  TestOutcome,
  WebhookListeners,
} from "./provider.ts";
export { RefundRefusedError } from "./provider.ts";
export { findPaymentForOrder } from "./record.ts";
export { completeTestAuthentication, paymentProviderFor } from "./service.ts";
export {
  cancelAtProvider,
  cancellationsToSend,
  cancelMemberships,
  membershipsOfOrder,
  membershipsToSubscribe,
  recordMembership,
  startSubscription,
} from "./subscriptions.ts";
