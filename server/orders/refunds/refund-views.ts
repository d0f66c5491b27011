import { and, asc, eq } from "drizzle-orm";
import type { CustomerRefundView } from "../../../common/orders.ts";
import type { RefundView } from "../../../common/refunds.ts";
import type { Db } from "../../db/client.ts";
import { orderLines, orderRefundLines, orderRefunds } from "../schema.ts";

type RefundRow = typeof orderRefunds.$inferSelect;

/** A refund with its lines, as staff see it. */
export async function refundView(db: Db, refund: RefundRow): Promise<RefundView> {
  const lines = await db
    .select({
      orderLineId: orderRefundLines.orderLineId,
      title: orderLines.title,
      quantity: orderRefundLines.quantity,
      amount: orderRefundLines.amount,
      vat: orderRefundLines.vat,
    })
    .from(orderRefundLines)
    .innerJoin(orderLines, eq(orderLines.id, orderRefundLines.orderLineId))
    .where(eq(orderRefundLines.refundId, refund.id))
    .orderBy(asc(orderLines.position));
  return {
    id: refund.id,
    amount: refund.amount,
    vat: refund.vat,
    delivery: refund.delivery,
    lines,
    state: refund.state,
    reason: refund.reason,
    restocked: refund.restocked,
    createdAt: refund.createdAt.toISOString(),
  };
}

/** The succeeded refunds of an order, for its owner's view: how much, when, which units. */
export async function customerRefunds(db: Db, orderId: number): Promise<CustomerRefundView[]> {
  const refunds = await db
    .select()
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.state, "succeeded")))
    .orderBy(asc(orderRefunds.createdAt), asc(orderRefunds.id));
  return Promise.all(
    refunds.map(async (refund) => {
      const view = await refundView(db, refund);
      return {
        amount: view.amount,
        at: view.createdAt,
        lines: view.lines.map((line) => ({ title: line.title, quantity: line.quantity })),
        delivery: view.delivery > 0,
      };
    }),
  );
}
