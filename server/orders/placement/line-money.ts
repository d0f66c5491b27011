import { vatIn } from "../../checkout/index.ts";
import type { OrderLineRow, OrderRow } from "../schema.ts";

/** What a line was charged: without VAT, its VAT, and the two together (pence). */
export type LineMoney = { net: number; vat: number; gross: number };

/**
 * A line's money as charged, from the order's stored figures: its price less its discount share,
 * VAT included. On an export the UK VAT in the price was taken off (docs/vat.md, step 5), so
 * the charge is the net and carries no VAT.
 */
export function lineMoney(
  order: Pick<OrderRow, "exported">,
  line: Pick<OrderLineRow, "lineTotal" | "discount" | "vat" | "vatRate">,
): LineMoney {
  const paid = line.lineTotal - line.discount;
  if (order.exported) {
    const net = paid - vatIn(paid, line.vatRate);
    return { net, vat: 0, gross: net };
  }
  return { net: paid - line.vat, vat: line.vat, gross: paid };
}
