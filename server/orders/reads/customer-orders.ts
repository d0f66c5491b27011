import { asc, desc, eq, inArray, isNotNull, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  type OrderAddress,
  orderEvents,
  orderLines,
  orderRefunds,
  orderShipments,
  orders,
} from "../schema.ts";

// The orders module's answers about one customer's orders, for the customers and segments
// modules: SQL pieces that name a customer's id (so a list or a segment stays one query, with no
// per-customer loop), and the reads the staff customer page and the data export need.

/** Orders that took money: paid once, whatever happened after (dispatched, refunded…). */
const paid = isNotNull(orders.paidAt);

/** How many orders `customerId` (an SQL expression, e.g. the outer query's id) has placed. */
export const orderCountOf = (customerId: SQL) =>
  sql<number>`(select count(*)::int from ${orders} o where o.customer_id = ${customerId})`;

/** Money `customerId` has paid, less what was refunded, in pence (0 without orders). */
export const lifetimeSpendOf = (customerId: SQL) =>
  sql<number>`(select coalesce(sum(o.total - o.refunded_total), 0)::int from ${orders} o where o.customer_id = ${customerId} and o.paid_at is not null)`;

/**
 * Whether `customerId` has a paid order with a line of a band: a product of the band's still in
 * the catalogue (`productIds`, the catalogue's own subquery), or a line keeping the band's title
 * when its product has gone.
 */
export const boughtFromBand = (customerId: SQL, band: { productIds: SQL; title: string }) =>
  sql`exists (select 1 from ${orders} o join ${orderLines} l on l.order_id = o.id where o.customer_id = ${customerId} and o.paid_at is not null and (l.product_id in (${band.productIds}) or l.band = ${band.title}))`;

/** Whether `customerId` has a paid order placed in the last `days` days. */
export const orderedWithin = (customerId: SQL, days: number) =>
  sql`exists (select 1 from ${orders} o where o.customer_id = ${customerId} and o.paid_at is not null and o.created_at > now() - make_interval(days => ${days}))`;

/** Whether `customerId` has paid more than `amount` pence, less refunds. */
export const spentOver = (customerId: SQL, amount: number) =>
  sql`${lifetimeSpendOf(customerId)} > ${amount}`;

export type CustomerOrderSummary = {
  id: number;
  number: string;
  status: string;
  total: number;
  refundedTotal: number;
  createdAt: string;
};

/**
 * The orders of an account, for the staff customer page: newest first. The same orders as its
 * count and lifetime spend (an order placed with the email alone, before an account, is not
 * the account's; the erasure and the export still find it by the email).
 */
export async function ordersOfCustomer(
  db: Db,
  customerId: number,
): Promise<CustomerOrderSummary[]> {
  const rows = await db
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      total: orders.total,
      refundedTotal: orders.refundedTotal,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(eq(orders.customerId, customerId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** The orders that hold a customer's personal data: their account's, and any placed with their email. */
export const ofCustomer = (customer: { id: number; email: string }) =>
  or(eq(orders.customerId, customer.id), eq(orders.email, customer.email));

/** How many orders an account has placed, and what it paid for them less refunds (pence). */
export async function customerOrderTotals(db: Db, customerId: number) {
  const [row] = await db
    .select({
      orderCount: sql<number>`count(*)::int`,
      lifetimeSpend: sql<number>`coalesce(sum(case when ${paid} then ${orders.total} - ${orders.refundedTotal} else 0 end), 0)::int`,
    })
    .from(orders)
    .where(eq(orders.customerId, customerId));
  return { orderCount: row?.orderCount ?? 0, lifetimeSpend: row?.lifetimeSpend ?? 0 };
}

export type ExportedOrder = {
  number: string;
  status: string;
  email: string;
  placedAt: string;
  paidAt: string | null;
  shippingAddress: OrderAddress;
  billingAddress: OrderAddress;
  delivery: { title: string; carrier: string; price: number };
  discountCode: string | null;
  subtotal: number;
  discount: number;
  vat: number;
  total: number;
  refundedTotal: number;
  lines: Array<{
    title: string;
    band: string;
    sku: string;
    attributes: string[];
    unitPrice: number;
    quantity: number;
    lineTotal: number;
    vat: number;
    refundedQuantity: number;
  }>;
  shipments: Array<{ carrier: string; trackingNumber: string; sentAt: string }>;
  refunds: Array<{ amount: number; vat: number; reason: string; state: string; at: string }>;
  timeline: Array<{ type: string; message: string; at: string }>;
};

/** Everything an order holds about a customer, for their right-of-access export (oldest first). */
export async function exportOrdersOfCustomer(
  db: Db,
  customer: { id: number; email: string },
): Promise<ExportedOrder[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(ofCustomer(customer))
    .orderBy(asc(orders.createdAt), asc(orders.id));
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [lines, shipments, refunds, events] = await Promise.all([
    db
      .select()
      .from(orderLines)
      .where(inArray(orderLines.orderId, ids))
      .orderBy(asc(orderLines.position)),
    db.select().from(orderShipments).where(inArray(orderShipments.orderId, ids)),
    db.select().from(orderRefunds).where(inArray(orderRefunds.orderId, ids)),
    db
      .select()
      .from(orderEvents)
      .where(inArray(orderEvents.orderId, ids))
      .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
  ]);
  return rows.map((order) => ({
    number: order.number,
    status: order.status,
    email: order.email,
    placedAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    shippingAddress: order.shippingAddress,
    billingAddress: order.billingAddress,
    delivery: { title: order.deliveryTitle, carrier: order.deliveryCarrier, price: order.delivery },
    discountCode: order.discountCode,
    subtotal: order.subtotal,
    discount: order.discount,
    vat: order.vat,
    total: order.total,
    refundedTotal: order.refundedTotal,
    lines: lines
      .filter((line) => line.orderId === order.id)
      .map((line) => ({
        title: line.title,
        band: line.band,
        sku: line.sku,
        attributes: line.attributes,
        unitPrice: line.unitPrice,
        quantity: line.quantity,
        lineTotal: line.lineTotal,
        vat: line.vat,
        refundedQuantity: line.refundedQuantity,
      })),
    shipments: shipments
      .filter((shipment) => shipment.orderId === order.id)
      .map((shipment) => ({
        carrier: shipment.carrier,
        trackingNumber: shipment.trackingNumber,
        sentAt: shipment.createdAt.toISOString(),
      })),
    refunds: refunds
      .filter((refund) => refund.orderId === order.id)
      .map((refund) => ({
        amount: refund.amount,
        vat: refund.vat,
        reason: refund.reason,
        state: refund.state,
        at: refund.createdAt.toISOString(),
      })),
    timeline: events
      .filter((event) => event.orderId === order.id)
      .map((event) => ({
        type: event.type,
        message: event.message,
        at: event.createdAt.toISOString(),
      })),
  }));
}
