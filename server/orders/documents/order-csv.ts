import { stringify } from "csv-stringify/sync";
import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import { londonDay } from "../../../common/london-days.ts";
import { poundsOf } from "../../catalog/index.ts";
import type { Db } from "../../db/client.ts";
import { lineMoney, type LineMoney as Money } from "../placement/line-money.ts";
import {
  type OrderLineRow,
  type OrderRow,
  orderLines,
  orderRefundLines,
  orderRefunds,
  orders,
} from "../schema.ts";
import { orderListOrder, orderListWhere } from "../staff.ts";
import type { StaffOrderListQuery } from "../validators.ts";

// The accountant's CSV (issue 15): one row per line sold, one per delivery charge, and refunds as
// negative rows, every amount from the order's stored figures (never worked out again), so each
// order's rows add up to its stored total, VAT and refunded total to the penny.

export const ORDER_CSV_COLUMNS = [
  "order_number",
  "date",
  "status",
  "customer_email",
  "sku",
  "description",
  "quantity",
  "unit_price",
  "discount",
  "net",
  "vat_rate",
  "vat",
  "gross",
] as const;

/**
 * Written without csv-stringify's `escape_formulas`, which would guard `-12.50` too: only text
 * cells (emails, SKUs, titles) that a spreadsheet would run as a formula get the apostrophe.
 */
const CSV_OPTIONS = { record_delimiter: "windows" } as const;
const FORMULA = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const text = (cell: string) => (FORMULA.test(cell) ? `'${cell}` : cell);

/** Pounds with two decimals, negative with a minus: `-12.50`. */
const pounds = (pence: number) => (pence < 0 ? `-${poundsOf(-pence)}` : poundsOf(pence));

/** What an order's CSV rows are made of. */
type OrderRows = { order: OrderRow; lines: OrderLineRow[]; refunds: RefundRows[] };
type RefundRows = {
  createdAt: Date;
  amount: number;
  vat: number;
  delivery: number;
  lines: Array<{ orderLineId: number; quantity: number; amount: number; vat: number }>;
};

/** The rows of one order, in the columns' order. */
export function orderCsvRows({ order, lines, refunds }: OrderRows): string[][] {
  const day = londonDay(order.createdAt);
  const rates = [...new Set(lines.map((line) => line.vatRate))];
  const row = (
    date: string,
    status: string,
    sku: string,
    description: string,
    quantity: number,
    unitPrice: number | null,
    discount: number,
    vatRate: number | null,
    money: Money,
  ) => [
    text(order.number),
    date,
    status,
    text(order.email),
    text(sku),
    text(description),
    String(quantity),
    unitPrice === null ? "" : pounds(unitPrice),
    pounds(discount),
    pounds(money.net),
    vatRate === null ? "" : String(vatRate),
    pounds(money.vat),
    pounds(money.gross),
  ];
  const rateOf = (line: OrderLineRow) => (order.exported ? 0 : line.vatRate);
  const deliveryRate = order.exported ? 0 : rates.length === 1 ? (rates[0] ?? null) : null;
  const sold = lines.map((line) => lineMoney(order, line));
  const rows = lines.map((line, index) =>
    row(
      day,
      order.status,
      line.sku,
      [line.title, ...line.attributes].join(", "),
      line.quantity,
      line.unitPrice,
      line.discount,
      rateOf(line),
      sold[index] as Money,
    ),
  );
  // Delivery is what the total leaves after the lines: its stored charge and VAT at home; on an
  // export, its charge with the VAT taken off (the total's remainder, so the rows add up).
  const linesGross = sold.reduce((sum, money) => sum + money.gross, 0);
  const deliveryGross = order.total - linesGross;
  if (deliveryGross !== 0) {
    const vat = order.exported ? 0 : order.deliveryVat;
    rows.push(
      row(
        day,
        order.status,
        "DELIVERY",
        `Delivery: ${order.deliveryTitle} (${order.deliveryCarrier})`,
        1,
        deliveryGross,
        0,
        deliveryRate,
        { net: deliveryGross - vat, vat, gross: deliveryGross },
      ),
    );
  }
  for (const refund of refunds) {
    const date = londonDay(refund.createdAt);
    for (const part of refund.lines) {
      const line = lines.find((each) => each.id === part.orderLineId);
      rows.push(
        row(
          date,
          "refund",
          line?.sku ?? "",
          `Refund: ${line?.title ?? "line"}`,
          -part.quantity,
          null,
          0,
          line ? rateOf(line) : null,
          { net: -(part.amount - part.vat), vat: -part.vat, gross: -part.amount },
        ),
      );
    }
    // Whatever the refund holds besides its lines: its delivery part, with the rest of its VAT.
    const linesAmount = refund.lines.reduce((sum, part) => sum + part.amount, 0);
    const linesVat = refund.lines.reduce((sum, part) => sum + part.vat, 0);
    const rest = refund.amount - linesAmount;
    if (rest !== 0) {
      const vat = refund.vat - linesVat;
      rows.push(
        row(date, "refund", "DELIVERY", "Refund: delivery", -1, null, 0, deliveryRate, {
          net: -(rest - vat),
          vat: -vat,
          gross: -rest,
        }),
      );
    }
  }
  return rows;
}

/** Orders per page of the export. */
const BATCH = 200;

/**
 * GET /api/staff/orders/export.csv: the list's orders (same filters, every page) that were paid,
 * as the accountant's rows. Orders never paid (declined, expired) sold nothing and are left out.
 * Only refunds the provider confirmed count.
 */
export async function* orderCsv(db: Db, query: StaffOrderListQuery): AsyncGenerator<string> {
  // A byte-order mark, so spreadsheets read the file as UTF-8.
  yield `\uFEFF${stringify([[...ORDER_CSV_COLUMNS]], CSV_OPTIONS)}`;
  const where = and(orderListWhere(query), isNotNull(orders.paidAt));
  for (let offset = 0; ; offset += BATCH) {
    const batch = await db
      .select()
      .from(orders)
      .where(where)
      .orderBy(...orderListOrder(query))
      .limit(BATCH)
      .offset(offset);
    if (batch.length === 0) return;
    const ids = batch.map((order) => order.id);
    const [lines, refunds] = await Promise.all([
      db
        .select()
        .from(orderLines)
        .where(inArray(orderLines.orderId, ids))
        .orderBy(asc(orderLines.orderId), asc(orderLines.position)),
      db
        .select()
        .from(orderRefunds)
        .where(and(inArray(orderRefunds.orderId, ids), eq(orderRefunds.state, "succeeded")))
        .orderBy(asc(orderRefunds.id)),
    ]);
    const refundLines = refunds.length
      ? await db
          .select()
          .from(orderRefundLines)
          .where(
            inArray(
              orderRefundLines.refundId,
              refunds.map((refund) => refund.id),
            ),
          )
          .orderBy(asc(orderRefundLines.id))
      : [];
    const rows = batch.flatMap((order) =>
      orderCsvRows({
        order,
        lines: lines.filter((line) => line.orderId === order.id),
        refunds: refunds
          .filter((refund) => refund.orderId === order.id)
          .map((refund) => ({
            ...refund,
            lines: refundLines.filter((line) => line.refundId === refund.id),
          })),
      }),
    );
    yield stringify(rows, CSV_OPTIONS);
    if (batch.length < BATCH) return;
  }
}
