import { asc, eq } from "drizzle-orm";
import type { VatReceipt, VatReceiptRow } from "../../../common/vat-receipt.ts";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { lineMoney } from "../placement/line-money.ts";
import { customerOrder } from "../placement/service.ts";
import { orderLines } from "../schema.ts";

/** Statuses whose order was paid for, so it has a receipt. */
const PAID_STATUSES = new Set(["paid", "dispatched", "refunded"]);

/**
 * The customer's own order's VAT receipt, or undefined when the order is not theirs or was never
 * paid (nothing was sold yet, so nothing to account VAT for).
 */
export async function customerVatReceipt(
  db: Db,
  config: Pick<Config, "shop">,
  customerId: number,
  orderId: number,
): Promise<VatReceipt | undefined> {
  const order = await customerOrder(db, customerId, orderId);
  if (!order || !PAID_STATUSES.has(order.status)) return undefined;
  const lines = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.position));
  const rows: VatReceiptRow[] = lines.map((line) => ({
    description: line.title,
    quantity: line.quantity,
    vatRate: order.exported ? 0 : line.vatRate,
    ...lineMoney(order, line),
  }));
  // As the staff's VAT invoice: delivery's stored charge and VAT; on an export the VAT came off
  // every price, so delivery is what the total leaves after the goods.
  const goodsGross = rows.reduce((sum, row) => sum + row.gross, 0);
  const deliveryGross = order.exported ? order.total - goodsGross : order.delivery;
  if (deliveryGross !== 0) {
    const rates = [...new Set(lines.map((line) => line.vatRate))];
    const deliveryVat = order.exported ? 0 : order.deliveryVat;
    rows.push({
      description: `Delivery: ${order.deliveryTitle}`,
      quantity: 1,
      vatRate: order.exported ? 0 : rates.length === 1 ? (rates[0] ?? null) : null,
      net: deliveryGross - deliveryVat,
      vat: deliveryVat,
      gross: deliveryGross,
    });
  }
  const { shop } = config;
  return {
    seller: {
      legalName: shop.legalName,
      address: shop.address.split(",").map((part) => part.trim()),
      vatNumber: shop.vatNumber,
    },
    number: order.number,
    taxPoint: (order.paidAt ?? order.createdAt).toISOString(),
    exported: order.exported,
    rows,
    totals: { net: order.total - order.vat, vat: order.vat, gross: order.total },
  };
}
