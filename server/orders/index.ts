// The public surface of server/orders/: what other server modules may import (architecture.md §6,
// rule `only-through-module-index` in .dependency-cruiser.cjs). Everything else is internal.

export { orderCountsOfProducts, orderCountsOfVariants } from "./catalogue-usage.ts";
export { orderConfirmationMail } from "./confirmation-mail.ts";
export {
  boughtFromBand,
  customerOrderTotals,
  exportOrdersOfCustomer,
  lifetimeSpendOf,
  orderCountOf,
  orderedWithin,
  ordersOfCustomer,
  spentOver,
} from "./customer-orders.ts";
export { orderCountsOfDeliveryOptions } from "./delivery-usage.ts";
export { anonymiseOrdersOf, personalWordsOfOrders } from "./erasure.ts";
export { recordMembershipsOf, syncMemberships } from "./memberships.ts";
export { finishAbandonedRefund, refundLatePayment, retryPendingRefunds } from "./refunds.ts";
export {
  ordersToDispatch,
  salesByDay,
  salesTotals,
  topBands,
  topProducts,
} from "./sales-figures.ts";
export type { OrderRow } from "./service.ts";
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
} from "./service.ts";
