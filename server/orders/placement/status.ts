import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { type OrderRow, type OrderStatus, orders } from "../schema.ts";

/** behaviour.md §4 and issue 13: the only moves an order's status can make. */
const NEXT: Record<OrderStatus, ReadonlyArray<OrderStatus>> = {
  pending_payment: ["paid", "cancelled"],
  paid: ["dispatched", "cancelled", "refunded"],
  dispatched: ["refunded"],
  cancelled: [],
  refunded: [],
};

const STAMP: Partial<Record<OrderStatus, keyof OrderRow>> = {
  paid: "paidAt",
  dispatched: "dispatchedAt",
  cancelled: "cancelledAt",
  refunded: "refundedAt",
};

export const canMove = (from: OrderStatus, to: OrderStatus) => NEXT[from].includes(to);

/**
 * Moves the order from `from` to `to` if it is still in `from` (one guarded UPDATE, so two
 * processes settling the same order move it once), stamping the time of the move. Answers the
 * order as moved, or undefined when it had already moved on. An illegal move is a bug: it throws.
 */
export async function moveOrder(
  tx: Db,
  orderId: number,
  from: OrderStatus,
  to: OrderStatus,
  also: Partial<Pick<OrderRow, "stockState" | "cancelReason" | "paymentReference">> = {},
): Promise<OrderRow | undefined> {
  if (!canMove(from, to)) throw new Error(`An order cannot move from ${from} to ${to}`);
  const now = new Date();
  const stamp = STAMP[to];
  const [moved] = await tx
    .update(orders)
    .set({ status: to, updatedAt: now, ...(stamp ? { [stamp]: now } : {}), ...also })
    .where(and(eq(orders.id, orderId), eq(orders.status, from)))
    .returning();
  return moved;
}
