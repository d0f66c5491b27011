// The public surface of server/orders/: what other server modules may import
// (architecture.md §6, rule `only-through-module-index`). Everything else is internal.

export { orderConfirmationMail } from "./documents/confirmation-mail.ts";
export { anonymiseOrdersOf, personalWordsOfOrders } from "./erasure.ts";
export { recordMembershipsOf, syncMemberships } from "./memberships/memberships.ts";
export type { OrderRow } from "./placement/service.ts";
export {
  cancelPendingOrder,
  claimConfirmation,
  createPendingOrder,
  customerOrder,
  customerOrders,
  expiredReservations,
  findOrder,
  flagPaymentProblem,
  lockOrder,
  markOrderPaid,
  NO_SUCH_ORDER,
  newOrderFromQuote,
  orderOpenedBy,
  orderView,
  pendingOrders,
  RESERVATION_MS,
  recordPaymentReference,
} from "./placement/service.ts";
export { orderCountsOfProducts, orderCountsOfVariants } from "./reads/catalogue-usage.ts";
export {
  boughtFromBand,
  customerOrderTotals,
  exportOrdersOfCustomer,
  lifetimeSpendOf,
  orderCountOf,
  orderedWithin,
  ordersOfCustomer,
  spentOver,
} from "./reads/customer-orders.ts";
export { orderCountsOfDeliveryOptions } from "./reads/delivery-usage.ts";
export {
  ordersToDispatch,
  salesByDay,
  salesTotals,
  topBands,
  topProducts,
} from "./reads/sales-figures.ts";
export {
  finishAbandonedRefund,
  refundLatePayment,
  retryPendingRefunds,
} from "./refunds/refunds.ts";
