// What a refund gives back, from the order's stored figures only (never from the request).
// Pure: the order and its lines in, pence out.
import { vatIn } from "../../checkout/index.ts";
import type { OrderLineRow, OrderRow } from "../schema.ts";

/** Money and VAT in pence. */
export type Money = { amount: number; vat: number };

/**
 * The part of `whole` that units r+1..r+k of q carry: floor((r+k)·whole/q) − floor(r·whole/q).
 * Cumulative, so refunding every unit, in any steps, gives back exactly `whole`.
 */
export function unitsShare(whole: number, quantity: number, before: number, units: number) {
  const upTo = (count: number) => Math.floor((count * whole) / quantity);
  return upTo(before + units) - upTo(before);
}

/** What the shopper paid for a line: its total less its share of the code, less the UK VAT
 * taken off on an export (the same `vatIn` the charge used). */
export function linePaid(order: Pick<OrderRow, "exported">, line: OrderLineRow): Money {
  const gross = line.lineTotal - line.discount;
  return {
    amount: order.exported ? gross - vatIn(gross, line.vatRate) : gross,
    vat: line.vat,
  };
}

/** The delivery charge the shopper paid and its VAT: on an export, what the lines leave of the
 * total (the charge less its share of the VAT taken off). */
export function deliveryPaid(order: OrderRow, lines: OrderLineRow[]): Money {
  if (!order.exported) return { amount: order.delivery, vat: order.deliveryVat };
  const goods = lines.reduce((sum, line) => sum + linePaid(order, line).amount, 0);
  return { amount: order.total - goods, vat: 0 };
}

/** Units k of a line with r refunded before: their money and VAT. */
export function unitsPaid(
  order: Pick<OrderRow, "exported">,
  line: OrderLineRow,
  units: number,
): Money {
  const paid = linePaid(order, line);
  return {
    amount: unitsShare(paid.amount, line.quantity, line.refundedQuantity, units),
    vat: unitsShare(paid.vat, line.quantity, line.refundedQuantity, units),
  };
}
