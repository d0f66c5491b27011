// Test support for the back office's figures: orders written straight into the tables with
// known amounts, statuses and times, as a shop's history would have left them.
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../../server/db/client.ts";
import {
  type OrderStatus,
  orderLines,
  orderRefundLines,
  orderRefunds,
  orders,
} from "../../server/orders/schema.ts";

const ADDRESS = {
  fullName: "Test Shopper",
  line1: "1 Test Street",
  city: "Leeds",
  postcode: "LS1 1AA",
  country: "GB",
};

export type SoldLine = {
  productId: number;
  title: string;
  band: string;
  unitPrice: number;
  quantity: number;
  /** Units given back by a succeeded refund of this line (its whole price each). */
  refunded?: number;
};

/**
 * An order with `lines` (no delivery, no discount, 20% VAT included), in `status`, paid at
 * `paidAt` when it reached payment. Refunded units are written as one succeeded refund.
 */
export async function makeSoldOrder(
  db: Db,
  input: {
    paidAt?: Date;
    status?: OrderStatus;
    lines: SoldLine[];
    shipsFrom?: string;
    archived?: boolean;
  },
) {
  const status = input.status ?? "paid";
  const total = input.lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  const refunded = input.lines.reduce(
    (sum, line) => sum + line.unitPrice * (line.refunded ?? 0),
    0,
  );
  const placedAt = new Date((input.paidAt ?? new Date()).getTime() - 60_000);
  const [order] = await db
    .insert(orders)
    .values({
      email: `shopper-${randomBytes(3).toString("hex")}@example.com`,
      status,
      stockState: status === "cancelled" ? "released" : "sold",
      reservedUntil: placedAt,
      shippingAddress: ADDRESS,
      billingAddress: ADDRESS,
      deliveryOptionId: 1,
      deliveryTitle: "Royal Mail Tracked 48",
      deliveryCarrier: "Royal Mail",
      deliveryDaysMin: 2,
      deliveryDaysMax: 3,
      subtotal: total,
      discount: 0,
      delivery: 0,
      deliveryVat: 0,
      vat: Math.round(total / 6),
      total,
      paymentProvider: "test",
      accessTokenHash: randomBytes(16).toString("hex"),
      paidAt: status === "pending_payment" || status === "cancelled" ? null : input.paidAt,
      cancelledAt: status === "cancelled" ? placedAt : null,
      refundedAt: status === "refunded" ? input.paidAt : null,
      refundedTotal: refunded,
      shipsFrom: input.shipsFrom ?? null,
      archivedAt: input.archived ? new Date() : null,
      createdAt: placedAt,
    })
    .returning({ id: orders.id, number: orders.number });
  if (!order) throw new Error("order not created");
  const lines = await db
    .insert(orderLines)
    .values(
      input.lines.map((line, position) => ({
        orderId: order.id,
        productId: line.productId,
        productSlug: `product-${line.productId}`,
        title: line.title,
        band: line.band,
        attributes: [],
        sku: `SKU-${line.productId}-${position}`,
        unitPrice: line.unitPrice,
        quantity: line.quantity,
        lineTotal: line.unitPrice * line.quantity,
        discount: 0,
        vatRate: 20,
        vat: Math.round((line.unitPrice * line.quantity) / 6),
        position,
        refundedQuantity: line.refunded ?? 0,
      })),
    )
    .returning({ id: orderLines.id });
  if (refunded > 0) {
    const [refund] = await db
      .insert(orderRefunds)
      .values({
        orderId: order.id,
        amount: refunded,
        vat: Math.round(refunded / 6),
        state: "succeeded",
      })
      .returning({ id: orderRefunds.id });
    await db.insert(orderRefundLines).values(
      input.lines.flatMap((line, index) =>
        line.refunded
          ? [
              {
                refundId: refund?.id ?? 0,
                orderLineId: lines[index]?.id ?? 0,
                quantity: line.refunded,
                amount: line.unitPrice * line.refunded,
                vat: Math.round((line.unitPrice * line.refunded) / 6),
              },
            ]
          : [],
      ),
    );
  }
  return order;
}

/** Empties the shop's order history and events, so a test's figures are its own orders alone. */
export async function forgetTrade(db: Db) {
  await db.execute(sql`truncate table orders, analytics_events, analytics_daily cascade`);
}
