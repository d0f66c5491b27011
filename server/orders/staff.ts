import { and, asc, eq, inArray, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import { londonDay } from "../../common/london-days.ts";
import type { ORDER_STATUS_IDS } from "../../common/orders.ts";
import type {
  ShipmentView,
  StaffOrderEdit,
  StaffOrderItem,
  StaffRefundView,
} from "../../common/orders-admin.ts";
import type { Page } from "../../common/pagination.ts";
import { type Refusal, refuse } from "../../common/refusal.ts";
import type { Db } from "../db/client.ts";
import { pageMeta, pageOffset } from "../db/pagination.ts";
import { containing, orderings } from "../db/staff-lists.ts";
import type { AuditTrail } from "../http/command.ts";
import { findPaymentForOrder } from "../payments/index.ts";
import { dispatchReadiness, linesToShip, nextWorkingDay } from "./dispatch/dispatch-rules.ts";
import { orderTimeline, recordOrderEvent } from "./events.ts";
import { membershipViews } from "./memberships/memberships.ts";
import { lineMoney } from "./placement/line-money.ts";
import {
  type OrderAddress,
  type OrderRow,
  orderLines,
  orderRefundLines,
  orderRefunds,
  orderShipments,
  orders,
} from "./schema.ts";
import type { StaffOrderListQuery } from "./validators.ts";

/** The audit log's (and the staff API's) name for orders. */
export const ORDERS = "orders";

const itemCount = sql<number>`(select coalesce(sum(l.quantity), 0)::int from ${orderLines} l where l.order_id = "orders"."id")`;
const londonDate = sql`(${orders.createdAt} at time zone 'Europe/London')::date`;
const shippingName = sql`${orders.shippingAddress}->>'fullName'`;

const ORDER = orderings(
  { created: orders.createdAt, number: orders.id, total: orders.total },
  orders.id,
) satisfies Record<StaffOrderListQuery["sort"], unknown>;

/**
 * Paid orders that can be sent on London day `today`: nothing left waits for a later release,
 * or the order is split and something can go now.
 */
function dispatchableOn(today: string): SQL {
  const unsent = sql`l.order_id = "orders"."id" and l.shipment_id is null and l.refunded_quantity < l.quantity`;
  return sql`(${orders.status} = 'paid' and (
    not exists (select 1 from ${orderLines} l where ${unsent} and l.ships_from > ${today}::date)
    or (${orders.dispatchPlan} = 'split' and exists (
      select 1 from ${orderLines} l where ${unsent} and (l.ships_from is null or l.ships_from <= ${today}::date)))
  ))`;
}

/** The WHERE of the staff list and its CSV export (same filters, one place). */
export function orderListWhere(query: StaffOrderListQuery, today = londonDay()): SQL | undefined {
  const status =
    query.status === "to_dispatch"
      ? dispatchableOn(today)
      : query.status
        ? eq(orders.status, query.status)
        : undefined;
  return and(
    query.archived ? isNotNull(orders.archivedAt) : isNull(orders.archivedAt),
    status,
    query.from ? sql`${londonDate} >= ${query.from}::date` : undefined,
    query.to ? sql`${londonDate} <= ${query.to}::date` : undefined,
    containing(query.q, orders.number, orders.email, shippingName),
  );
}

export const orderListOrder = (query: StaffOrderListQuery) => ORDER[query.sort];

/** Each paid order's day to send by (see `StaffOrderItem.shipBy`). */
async function shipByDays(db: Db, rows: Array<Pick<OrderRow, "id" | "status" | "paidAt">>) {
  const paid = rows.filter((row) => row.status === "paid");
  if (paid.length === 0) return new Map<number, string>();
  const lines = await db
    .select({
      orderId: orderLines.orderId,
      id: orderLines.id,
      quantity: orderLines.quantity,
      refundedQuantity: orderLines.refundedQuantity,
      shipsFrom: orderLines.shipsFrom,
      shipmentId: orderLines.shipmentId,
    })
    .from(orderLines)
    .where(
      inArray(
        orderLines.orderId,
        paid.map((row) => row.id),
      ),
    );
  const days = new Map<number, string>();
  for (const row of paid) {
    const after = nextWorkingDay(londonDay(row.paidAt ?? new Date()));
    const release = linesToShip(lines.filter((line) => line.orderId === row.id))
      .map((line) => line.shipsFrom)
      .filter((day): day is string => day !== null)
      .sort()
      .at(-1);
    days.set(row.id, release && release > after ? release : after);
  }
  return days;
}

/** GET /api/staff/orders: a page of orders, newest first unless sorted otherwise. */
export async function listStaffOrders(
  db: Db,
  query: StaffOrderListQuery,
): Promise<Page<StaffOrderItem>> {
  const where = orderListWhere(query);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: orders.id,
        number: orders.number,
        createdAt: orders.createdAt,
        shippingAddress: orders.shippingAddress,
        email: orders.email,
        status: orders.status,
        total: orders.total,
        itemCount,
        paidAt: orders.paidAt,
        archivedAt: orders.archivedAt,
        paymentProblem: orders.paymentProblem,
      })
      .from(orders)
      .where(where)
      .orderBy(...orderListOrder(query))
      .limit(query.perPage)
      .offset(pageOffset(query.page, query.perPage)),
    db.select({ total: sql<number>`count(*)::int` }).from(orders).where(where),
  ]);
  const shipBy = await shipByDays(db, rows);
  return {
    data: rows.map(({ shippingAddress, paidAt: _paid, paymentProblem, ...row }) => ({
      ...row,
      paymentProblem: paymentProblem !== null,
      customerName: shippingAddress.fullName,
      createdAt: row.createdAt.toISOString(),
      archivedAt: row.archivedAt?.toISOString() ?? null,
      shipBy: shipBy.get(row.id) ?? null,
    })),
    meta: pageMeta(query.page, query.perPage, count?.total ?? 0),
  };
}

const address = (kept: OrderAddress) => ({
  fullName: kept.fullName,
  line1: kept.line1,
  line2: kept.line2 ?? null,
  city: kept.city,
  county: kept.county ?? null,
  postcode: kept.postcode,
  country: kept.country,
  phone: kept.phone ?? null,
});

const iso = (at: Date | null) => at?.toISOString() ?? null;

/** An order's parcels, oldest first, each with the lines it carried. */
export async function orderShipmentViews(db: Db, orderId: number): Promise<ShipmentView[]> {
  const [shipments, lines] = await Promise.all([
    db
      .select()
      .from(orderShipments)
      .where(eq(orderShipments.orderId, orderId))
      .orderBy(asc(orderShipments.id)),
    db
      .select({ id: orderLines.id, shipmentId: orderLines.shipmentId })
      .from(orderLines)
      .where(and(eq(orderLines.orderId, orderId), isNotNull(orderLines.shipmentId)))
      .orderBy(asc(orderLines.position)),
  ]);
  return shipments.map((shipment) => ({
    id: shipment.id,
    carrier: shipment.carrier,
    trackingNumber: shipment.trackingNumber,
    trackingUrl: shipment.trackingUrl,
    dispatchedAt: shipment.createdAt.toISOString(),
    lineIds: lines.filter((line) => line.shipmentId === shipment.id).map((line) => line.id),
  }));
}

/** An order's refunds, oldest first, with their lines (read only: refunds.ts writes them). */
async function refundViews(db: Db, orderId: number): Promise<StaffRefundView[]> {
  const refunds = await db
    .select()
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, orderId))
    .orderBy(asc(orderRefunds.id));
  if (refunds.length === 0) return [];
  const lines = await db
    .select()
    .from(orderRefundLines)
    .where(
      inArray(
        orderRefundLines.refundId,
        refunds.map((refund) => refund.id),
      ),
    )
    .orderBy(asc(orderRefundLines.id));
  return refunds.map((refund) => ({
    id: refund.id,
    amount: refund.amount,
    vat: refund.vat,
    delivery: refund.delivery,
    reason: refund.reason,
    restocked: refund.restocked,
    state: refund.state,
    providerReference: refund.providerReference,
    failureMessage: refund.failureMessage,
    createdAt: refund.createdAt.toISOString(),
    lines: lines
      .filter((line) => line.refundId === refund.id)
      .map(({ orderLineId, quantity, amount, vat }) => ({ orderLineId, quantity, amount, vat })),
  }));
}

/** GET /api/staff/orders/edit/{id}: the order as its page shows it, or undefined. */
export async function staffOrderEdit(
  db: Db,
  id: number,
  today = londonDay(),
): Promise<StaffOrderEdit | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  if (!order) return undefined;
  const [lines, shipments, refunds, timeline, payment, memberships] = await Promise.all([
    db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, id))
      .orderBy(asc(orderLines.position)),
    orderShipmentViews(db, id),
    refundViews(db, id),
    orderTimeline(db, id),
    findPaymentForOrder(db, order.paymentProvider as "test" | "stripe", id),
    membershipViews(db, id),
  ]);
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    email: order.email,
    customerId: order.customerId,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    paidAt: iso(order.paidAt),
    dispatchedAt: iso(order.dispatchedAt),
    cancelledAt: iso(order.cancelledAt),
    refundedAt: iso(order.refundedAt),
    archivedAt: iso(order.archivedAt),
    cancelReason: order.cancelReason,
    exported: order.exported,
    discountCode: order.discountCode,
    dispatchPlan: order.dispatchPlan,
    shipsFrom: order.shipsFrom,
    lines: lines.map(({ orderId: _order, position: _position, productId: _product, ...line }) => {
      const money = lineMoney(order, line);
      return { ...line, net: money.net, charged: money.gross };
    }),
    totals: {
      subtotal: order.subtotal,
      discount: order.discount,
      delivery: order.delivery,
      deliveryVat: order.deliveryVat,
      vat: order.vat,
      net: order.total - order.vat,
      total: order.total,
      refunded: order.refundedTotal,
    },
    shippingAddress: address(order.shippingAddress),
    billingAddress: address(order.billingAddress),
    delivery: {
      title: order.deliveryTitle,
      carrier: order.deliveryCarrier,
      estimatedDays: { min: order.deliveryDaysMin, max: order.deliveryDaysMax },
    },
    payment: {
      provider: order.paymentProvider,
      reference: order.paymentReference,
      state: payment?.state ?? null,
      amount: payment?.amount ?? null,
      declineMessage: payment?.declineMessage ?? null,
      problem: order.paymentProblem,
    },
    shipments,
    refunds,
    memberships,
    timeline,
    dispatch: dispatchReadiness(order, lines, today),
  };
}

type Status = (typeof ORDER_STATUS_IDS)[number];

/** Why an order may not be archived, or undefined when it may. */
function archiveProblem(order: Pick<OrderRow, "number" | "status" | "stockState">) {
  const settled: Status[] = ["cancelled", "refunded"];
  if (settled.includes(order.status)) return undefined;
  if (order.status === "pending_payment") {
    return `Order ${order.number} is awaiting payment: it can be archived once its reservation has been cancelled.`;
  }
  return `Order ${order.number} is ${order.status}: cancel and refund it first.`;
}

/**
 * POST /api/staff/orders/destroy: archives every order of `ids` or none. An archive is never a
 * deletion: the order leaves the lists and stays in the accounts, the audit log and its own
 * timeline. Only cancelled and refunded orders may go; anything else is a 409 naming the order.
 */
export async function archiveOrders(
  tx: Db,
  ids: number[],
  audit: AuditTrail,
): Promise<{ ids: number[] } | Refusal> {
  const rows = await tx
    .select()
    .from(orders)
    .where(inArray(orders.id, ids))
    .orderBy(asc(orders.id))
    .for("update");
  if (rows.length !== ids.length) return refuse("not-found", "No such order.");
  for (const row of rows) {
    const problem = archiveProblem(row);
    if (problem) return refuse("conflict", problem);
  }
  const fresh = rows.filter((row) => row.archivedAt === null);
  if (fresh.length === 0) return { ids };
  const now = new Date();
  await tx
    .update(orders)
    .set({ archivedAt: now, updatedAt: now })
    .where(
      inArray(
        orders.id,
        fresh.map((row) => row.id),
      ),
    );
  for (const row of fresh) {
    await recordOrderEvent(tx, {
      orderId: row.id,
      type: "archived",
      message: "Archived: out of the order lists, kept for the accounts",
      actor: audit.actor,
    });
  }
  await audit.record(
    tx,
    fresh.map((row) => ({
      action: "update" as const,
      resource: ORDERS,
      resourceId: row.id,
      label: row.number,
      before: { archivedAt: null },
      after: { archivedAt: now.toISOString() },
    })),
  );
  return { ids };
}
