import {
  and,
  asc,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { DailySales, SalesFigure, TopBand, TopProduct } from "../../../common/dashboard.ts";
import type { Db } from "../../db/client.ts";
import { type DayRange, londonDayOf, withinLondonDays } from "../../db/london-days.ts";
import { orderLines, orderRefundLines, orderRefunds, orders } from "../schema.ts";

// The orders module's figures for the back office's overview (issue 15). Money is what was
// paid, less what was given back; a day is a calendar day in London, so an order paid at 00:30
// on a summer night counts on the day London saw, not the UTC one before it.

/** Orders whose money the shop took: paid, and perhaps dispatched or refunded since. */
const PAID_STATUSES = ["paid", "dispatched", "refunded"] as const;
const paid = and(inArray(orders.status, [...PAID_STATUSES]), isNotNull(orders.paidAt));

/** The London day an order was paid on. */
const paidDay = londonDayOf(orders.paidAt);

/** Orders paid within London's days `from` to `to`. */
const paidWithin = (range: DayRange) => and(paid, withinLondonDays(orders.paidAt, range));

const netSales = sql<number>`coalesce(sum(${orders.total} - ${orders.refundedTotal}), 0)::int`;
const orderCount = sql<number>`count(*)::int`;

/** Sales (pence, net of refunds) and the number of orders paid over the range. */
export async function salesTotals(db: Db, range: DayRange): Promise<SalesFigure> {
  const [row] = await db
    .select({ sales: netSales, orders: orderCount })
    .from(orders)
    .where(paidWithin(range));
  return row ?? { sales: 0, orders: 0 };
}

/** Sales and orders per London day of the range, only the days that had any. */
export async function salesByDay(db: Db, range: DayRange): Promise<DailySales[]> {
  return db
    .select({ day: paidDay, sales: netSales, orders: orderCount })
    .from(orders)
    .where(paidWithin(range))
    .groupBy(paidDay)
    .orderBy(asc(paidDay));
}

/**
 * Paid orders waiting to go out: not archived, and not a pre-order whose release day (London)
 * is still to come. The oldest is the one paid longest ago.
 */
export async function ordersToDispatch(db: Db, today: string) {
  const waiting = and(
    eq(orders.status, "paid"),
    isNull(orders.archivedAt),
    or(isNull(orders.shipsFrom), lte(orders.shipsFrom, today)),
  );
  const [counted, oldest] = await Promise.all([
    db.select({ count: orderCount }).from(orders).where(waiting),
    db
      .select({ id: orders.id, number: orders.number, paidAt: orders.paidAt })
      .from(orders)
      .where(waiting)
      .orderBy(asc(orders.paidAt), asc(orders.id))
      .limit(1),
  ]);
  const first = oldest[0];
  return {
    count: counted[0]?.count ?? 0,
    oldest: first?.paidAt
      ? { id: first.id, number: first.number, paidAt: first.paidAt.toISOString() }
      : null,
  };
}

/** What each line has had given back so far, by refunds that did not fail. */
const refundedByLine = (db: Db) =>
  db
    .select({
      orderLineId: orderRefundLines.orderLineId,
      amount: sql<number>`sum(${orderRefundLines.amount})`.as("refunded_amount"),
    })
    .from(orderRefundLines)
    .innerJoin(orderRefunds, eq(orderRefunds.id, orderRefundLines.refundId))
    .where(sql`${orderRefunds.state} <> 'failed'`)
    .groupBy(orderRefundLines.orderLineId)
    .as("refunded_lines");

/**
 * The lines of the orders paid in the range, with each group's revenue (paid for, less what
 * refunds gave back) and units (bought, less those refunded).
 */
function soldLines(db: Db, range: DayRange) {
  const refunded = refundedByLine(db);
  const revenue = sql<number>`coalesce(sum(${orderLines.lineTotal} - ${orderLines.discount} - coalesce(${refunded.amount}, 0)), 0)::int`;
  const units = sql<number>`coalesce(sum(${orderLines.quantity} - ${orderLines.refundedQuantity}), 0)::int`;
  const select = <
    T extends Record<string, SQL | typeof orderLines.band | typeof orderLines.productId>,
  >(
    columns: T,
  ) =>
    db
      .select({ ...columns, units, revenue })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .leftJoin(refunded, eq(refunded.orderLineId, orderLines.id))
      .where(paidWithin(range));
  return { revenue, units, select };
}

/** A product may be renamed between orders: it goes by its name at its latest sale. */
const latest = (column: typeof orderLines.title | typeof orderLines.band) =>
  sql<string>`(array_agg(${column} order by ${orders.paidAt} desc))[1]`;

/** The products that took the most money over the range, best first. */
export async function topProducts(db: Db, range: DayRange, limit = 5): Promise<TopProduct[]> {
  const { revenue, units, select } = soldLines(db, range);
  return select({
    productId: orderLines.productId,
    title: latest(orderLines.title),
    band: latest(orderLines.band),
  })
    .groupBy(orderLines.productId)
    .orderBy(desc(revenue), desc(units), asc(orderLines.productId))
    .limit(limit);
}

/** The bands whose goods took the most money over the range, best first. */
export async function topBands(db: Db, range: DayRange, limit = 5): Promise<TopBand[]> {
  const { revenue, units, select } = soldLines(db, range);
  return select({ band: orderLines.band })
    .groupBy(orderLines.band)
    .orderBy(desc(revenue), desc(units), asc(orderLines.band))
    .limit(limit);
}
