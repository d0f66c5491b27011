import type { OrderStatusId } from "./orders.ts";

/** What each order status is called where shoppers and staff read it (the audit log too). */
export const ORDER_STATUS_LABELS: Record<OrderStatusId, string> = {
  pending_payment: "Awaiting payment",
  paid: "Paid",
  dispatched: "Dispatched",
  cancelled: "Cancelled",
  refunded: "Refunded",
};

/**
 * What staff read of a refund the payment provider has not settled yet: its webhook, or the
 * sweeper asking again with the same key, settles it.
 */
export const WAITING_FOR_PROVIDER = "Waiting for the payment provider";
