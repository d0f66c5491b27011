import type { OrderStatusId } from "./orders.ts";

/** What each order status is called where shoppers read it. */
export const ORDER_STATUS_LABELS: Record<OrderStatusId, string> = {
  pending_payment: "Awaiting payment",
  paid: "Paid",
  dispatched: "Dispatched",
  cancelled: "Cancelled",
  refunded: "Refunded",
};
