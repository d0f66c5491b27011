import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Basket } from "../../../common/basket.ts";
import { CARRIERS } from "../../../common/carriers.ts";
import type { CheckoutQuote } from "../../../common/checkout.ts";
import type { DeliveryOption } from "../../../common/delivery.ts";
import type { AppliedDiscount } from "../../../common/discounts.ts";
import type { OrderSummary, OrderView } from "../../../common/orders.ts";
import { returnStock } from "../../catalog/index.ts";
import type { Db } from "../../db/client.ts";
import { releaseRedemptions } from "../../discounts/index.ts";
import { recordOrderEvent } from "../events.ts";
import { membershipViews } from "../memberships/memberships.ts";
import { deliveryPaid, linePaid } from "../refunds/refund-amounts.ts";
import { customerRefunds } from "../refunds/refund-views.ts";
import {
  type OrderAddress,
  type OrderRow,
  orderEvents,
  orderLines,
  orderRefundLines,
  orderRefunds,
  orderShipments,
  orders,
} from "../schema.ts";
import { orderShipmentViews } from "../staff.ts";
import { moveOrder } from "./status.ts";

/** How long a charge holds the basket's stock for its payment (issue 13). */
export const RESERVATION_MS = 15 * 60 * 1000;

/** A line as checkout writes it; refunds, shipments and billing fields keep their defaults. */
export type NewOrderLine = Omit<
  typeof orderLines.$inferInsert,
  "id" | "orderId" | "position" | "refundedQuantity" | "restockedQuantity" | "shipmentId"
>;
export type NewOrder = Omit<
  OrderRow,
  | "id"
  | "number"
  | "status"
  | "stockState"
  | "accessTokenHash"
  | "mailTokenHash"
  | "paymentReference"
  | "paymentProblem"
  | "paidAt"
  | "dispatchedAt"
  | "cancelledAt"
  | "refundedAt"
  | "cancelReason"
  | "confirmationSentAt"
  | "createdAt"
  | "updatedAt"
  | "refundedTotal"
  | "archivedAt"
  | "shipsFrom"
  | "dispatchPlan"
> &
  Partial<Pick<OrderRow, "shipsFrom" | "dispatchPlan">> & { lines: NewOrderLine[] };

export type { OrderRow };

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Writes a new order in `pending_payment`, its stock reserved (the caller took it in the same
 * transaction) and its lines as bought. Answers the order and the guest's access token, which is
 * stored only as a hash and shown once.
 */
export async function createPendingOrder(
  tx: Db,
  order: NewOrder,
): Promise<{ order: OrderRow; accessToken: string }> {
  const accessToken = randomBytes(24).toString("base64url");
  const { lines, ...fields } = order;
  const [row] = await tx
    .insert(orders)
    .values({ ...fields, accessTokenHash: hashToken(accessToken) })
    .returning();
  if (!row) throw new Error("The order was not written");
  await tx
    .insert(orderLines)
    .values(lines.map((line, position) => ({ ...line, orderId: row.id, position })));
  await recordOrderEvent(tx, {
    orderId: row.id,
    type: "placed",
    message: `Placed by ${row.email}, awaiting payment`,
  });
  return { order: row, accessToken };
}

/** A checkout as priced for its charge: the quote, the basket it was priced from, code, delivery. */
export type PricedOrder = {
  quote: CheckoutQuote;
  basket: Basket;
  discount: AppliedDiscount | undefined;
  deliveryOption: DeliveryOption;
};

/**
 * The order a priced checkout makes: its figures and VAT exactly as quoted (never worked out
 * again), its lines as bought, and who it is for, where it goes and how it is paid from `order`.
 */
export function newOrderFromQuote(
  { quote, basket, discount, deliveryOption }: PricedOrder,
  order: Pick<
    NewOrder,
    | "customerId"
    | "email"
    | "reservedUntil"
    | "shippingAddress"
    | "billingAddress"
    | "paymentProvider"
    | "dispatchPlan"
  >,
): NewOrder {
  return {
    ...order,
    deliveryOptionId: deliveryOption.id,
    deliveryTitle: deliveryOption.title,
    deliveryCarrier: deliveryOption.carrier,
    deliveryDaysMin: deliveryOption.estimatedDays.min,
    deliveryDaysMax: deliveryOption.estimatedDays.max,
    exported: quote.exported,
    discountId: discount?.id ?? null,
    discountCode: discount?.code ?? null,
    subtotal: quote.subtotal,
    discount: quote.discount,
    delivery: quote.delivery,
    deliveryVat: quote.vat - quote.lines.reduce((sum, line) => sum + line.vat, 0),
    vat: quote.vat,
    total: quote.total,
    shipsFrom: quote.shipsFrom,
    lines: basket.lines.map((line, index) => ({
      variantId: line.productVariant.id,
      productId: line.productId,
      productSlug: line.productVariant.product.slug,
      title: line.title,
      band: line.productVariant.product.brand.title,
      attributes: line.productVariant.attributes.map((attribute) => attribute.title),
      sku: line.productVariant.sku,
      unitPrice: line.productVariant.price,
      quantity: line.quantity,
      lineTotal: line.lineTotal,
      discount: quote.lines[index]?.discount ?? 0,
      vatRate: line.vatRate,
      vat: quote.lines[index]?.vat ?? 0,
      // Decision 0016: how the line was sold, for dispatch (a pre-order) and renewal (a membership).
      billingModelType: line.productVariant.product.billing?.type ?? "one_off",
      shipsFrom: line.productVariant.product.billing?.shipsFrom ?? null,
      billingPeriod: line.productVariant.product.billing?.period ?? null,
    })),
  };
}

export async function findOrder(db: Db, orderId: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

/** The order locked for the caller's transaction, so two settlers take turns. */
export async function lockOrder(tx: Db, orderId: number): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  return row;
}

const sameHash = (given: string, kept: string | null) =>
  kept !== null &&
  given.length === kept.length &&
  timingSafeEqual(Buffer.from(given), Buffer.from(kept));

/**
 * Whether `token` opens `order` for a guest: the token the charge gave the browser, or the one in
 * the confirmation email (compared in constant time; number and email are never enough).
 */
export function opensOrder(
  order: Pick<OrderRow, "accessTokenHash" | "mailTokenHash">,
  token: string,
): boolean {
  const given = hashToken(token);
  return sameHash(given, order.accessTokenHash) || sameHash(given, order.mailTokenHash);
}

/** What a guest is told when an order id and token open nothing: the same as for no order. */
export const NO_SUCH_ORDER = "No such order.";

/**
 * The order `token` opens for a guest (`opensOrder`), or undefined: a wrong or empty token is as
 * unknown as a missing order, so a caller cannot learn which ids exist.
 */
export async function orderOpenedBy(
  db: Db,
  orderId: number,
  token: string,
): Promise<OrderRow | undefined> {
  const order = await findOrder(db, orderId);
  return order && opensOrder(order, token) ? order : undefined;
}

export async function recordPaymentReference(tx: Db, orderId: number, reference: string) {
  await tx
    .update(orders)
    .set({ paymentReference: reference, updatedAt: new Date() })
    .where(eq(orders.id, orderId));
}

/**
 * The order is paid: `pending_payment → paid`, its reserved stock now sold. Answers the order as
 * paid, or undefined when it was not pending any more (another settler was first, or it was
 * cancelled: see `settleOrder`).
 */
export async function markOrderPaid(tx: Db, orderId: number): Promise<OrderRow | undefined> {
  const paid = await moveOrder(tx, orderId, "pending_payment", "paid", { stockState: "sold" });
  if (paid) {
    await recordOrderEvent(tx, {
      orderId,
      type: "paid",
      message: `Paid through ${paid.paymentProvider === "stripe" ? "Stripe" : "the test provider"}`,
      detail: { reference: paid.paymentReference },
    });
  }
  return paid;
}

/** A parcel as the shop's own moves record it: the carrier and its tracking number. */
export type Parcel = { carrier: string; trackingNumber: string };

/**
 * The whole order has left in one parcel: `paid → dispatched`, every line in it. Undefined when
 * the order was not paid (any more). Staff dispatch through `dispatch.ts`, which also mails the
 * shopper; this is the shop's own record, for demo orders and tests.
 */
export async function markOrderDispatched(
  tx: Db,
  orderId: number,
  parcel: Parcel,
): Promise<OrderRow | undefined> {
  const dispatched = await moveOrder(tx, orderId, "paid", "dispatched");
  if (!dispatched) return undefined;
  // "Royal Mail Tracked 48" is Royal Mail's service: its tracking page is Royal Mail's.
  const carrier = CARRIERS.find((each) => parcel.carrier.startsWith(each.name));
  const [shipment] = await tx
    .insert(orderShipments)
    .values({
      orderId,
      carrier: parcel.carrier,
      trackingNumber: parcel.trackingNumber,
      trackingUrl: carrier?.trackingUrl(parcel.trackingNumber) ?? null,
    })
    .returning({ id: orderShipments.id });
  await tx
    .update(orderLines)
    .set({ shipmentId: shipment?.id })
    .where(eq(orderLines.orderId, orderId));
  await recordOrderEvent(tx, {
    orderId,
    type: "dispatched",
    message: `Dispatched with ${parcel.carrier} (${parcel.trackingNumber})`,
  });
  return dispatched;
}

/**
 * The shopper's money all went back, before or after dispatch: `from → refunded`, with the
 * refund recorded as the provider took it (succeeded) from the stored figures, every unit
 * refunded. The provider's side is the caller's: staff refund through `refunds.ts`; this is the
 * shop's own record, for demo orders and tests. Undefined when the order was not in `from`.
 */
export async function markOrderRefunded(
  tx: Db,
  orderId: number,
  from: "paid" | "dispatched",
  reason: string,
): Promise<OrderRow | undefined> {
  const order = await lockOrder(tx, orderId);
  if (!order || order.status !== from || order.refundedTotal > 0) return undefined;
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId));
  const parts = lines.map((line) => ({ line, money: linePaid(order, line) }));
  const delivery = deliveryPaid(order, lines);
  const vat = parts.reduce((sum, part) => sum + part.money.vat, delivery.vat);
  const [refund] = await tx
    .insert(orderRefunds)
    .values({
      orderId,
      amount: order.total,
      vat,
      delivery: delivery.amount,
      reason,
      state: "succeeded",
    })
    .returning({ id: orderRefunds.id });
  if (!refund) throw new Error(`The refund of order ${orderId} was not written`);
  if (parts.length > 0) {
    await tx.insert(orderRefundLines).values(
      parts.map(({ line, money }) => ({
        refundId: refund.id,
        orderLineId: line.id,
        quantity: line.quantity,
        amount: money.amount,
        vat: money.vat,
      })),
    );
  }
  await tx
    .update(orderLines)
    .set({ refundedQuantity: sql`${orderLines.quantity}` })
    .where(eq(orderLines.orderId, orderId));
  await tx.update(orders).set({ refundedTotal: order.total }).where(eq(orders.id, orderId));
  const refunded = await moveOrder(tx, orderId, from, "refunded");
  await recordOrderEvent(tx, {
    orderId,
    type: "refunded",
    message: `Refunded in full: ${reason}`,
    detail: { refundId: refund.id, amount: order.total },
  });
  return refunded;
}

/** When an order was placed and when it reached each status it has reached since. */
export type OrderHistoryTimes = {
  placedAt: Date;
  paidAt?: Date;
  dispatchedAt?: Date;
  cancelledAt?: Date;
  refundedAt?: Date;
};

const STAMPS = ["paidAt", "dispatchedAt", "cancelledAt", "refundedAt"] as const;

/**
 * Puts an order's history at the times it happened, for an order recorded after the fact (the
 * demo shop's past orders): the status machine makes the moves, each stamped with the time it
 * ran, and this moves only the times. Each status the order reached needs its time, and no other
 * status may have one: a mismatch is a bug, and throws.
 */
export async function backdateOrder(
  tx: Db,
  orderId: number,
  times: OrderHistoryTimes,
): Promise<OrderRow> {
  const order = await lockOrder(tx, orderId);
  if (!order) throw new Error(`No order ${orderId}`);
  const stamped: Array<[(typeof STAMPS)[number], Date]> = [];
  for (const stamp of STAMPS) {
    const at = times[stamp];
    if ((order[stamp] === null) !== (at === undefined)) {
      throw new Error(`Order ${orderId} (${order.status}) cannot take these times: ${stamp}`);
    }
    if (at) stamped.push([stamp, at]);
  }
  const latest = Math.max(times.placedAt.getTime(), ...stamped.map(([, at]) => at.getTime()));
  const [backdated] = await tx
    .update(orders)
    .set({
      ...Object.fromEntries(stamped),
      createdAt: times.placedAt,
      updatedAt: new Date(latest),
      reservedUntil: new Date(times.placedAt.getTime() + RESERVATION_MS),
    })
    .where(eq(orders.id, orderId))
    .returning();
  if (!backdated) throw new Error(`Order ${orderId} was not backdated`);
  // The timeline tells the same story at the same times.
  const eventTimes: Array<[string[], Date | undefined]> = [
    [["placed"], times.placedAt],
    [["paid"], times.paidAt],
    [["dispatched"], times.dispatchedAt],
    [["cancelled", "expired"], times.cancelledAt],
    [["refunded"], times.refundedAt],
  ];
  for (const [types, at] of eventTimes) {
    if (!at) continue;
    await tx
      .update(orderEvents)
      .set({ createdAt: at })
      .where(and(eq(orderEvents.orderId, orderId), inArray(orderEvents.type, types)));
  }
  // So do its parcel and its refund.
  if (times.dispatchedAt) {
    await tx
      .update(orderShipments)
      .set({ createdAt: times.dispatchedAt })
      .where(eq(orderShipments.orderId, orderId));
  }
  if (times.refundedAt) {
    await tx
      .update(orderRefunds)
      .set({ createdAt: times.refundedAt, updatedAt: times.refundedAt })
      .where(eq(orderRefunds.orderId, orderId));
  }
  return backdated;
}

/**
 * Cancels an unpaid order: its reserved stock goes back, the discount use it counted is given
 * back, and the reason is kept for the shopper. Undefined when it was not pending any more.
 */
export async function cancelPendingOrder(
  tx: Db,
  orderId: number,
  reason: string,
): Promise<OrderRow | undefined> {
  const cancelled = await moveOrder(tx, orderId, "pending_payment", "cancelled", {
    stockState: "released",
    cancelReason: reason,
  });
  if (!cancelled) return undefined;
  // A reservation cancelled once its time ran out expired; earlier, the payment ended it.
  const expired = cancelled.reservedUntil.getTime() <= Date.now();
  await recordOrderEvent(tx, {
    orderId,
    type: expired ? "expired" : "cancelled",
    message: expired
      ? `Reservation expired: stock released (${reason})`
      : `Cancelled before payment: ${reason}`,
  });
  const lines = await tx
    .select({ variantId: orderLines.variantId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  await returnStock(
    tx,
    lines.flatMap((line) =>
      line.variantId ? [{ variantId: line.variantId, quantity: line.quantity }] : [],
    ),
  );
  await releaseRedemptions(tx, orderId);
  return cancelled;
}

/**
 * A provider reported a payment the order cannot be paid with (another amount or currency): the
 * order stays unpaid and flagged for staff, once, with what was reported on its timeline. Answers
 * whether this call flagged it.
 */
export async function flagPaymentProblem(
  tx: Db,
  orderId: number,
  problem: string,
  detail: Record<string, unknown>,
): Promise<boolean> {
  const flagged = await tx
    .update(orders)
    .set({ paymentProblem: problem, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), sql`${orders.paymentProblem} is null`))
    .returning({ id: orders.id });
  if (flagged.length === 0) return false;
  await recordOrderEvent(tx, { orderId, type: "payment_flagged", message: problem, detail });
  return true;
}

/**
 * Pending orders whose reservation ran out before `at` (the sweeper's work), oldest first; an
 * order whose payment staff must look at is theirs, not the sweeper's.
 */
export async function expiredReservations(db: Db, at: Date, limit = 100): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.status, "pending_payment"),
        sql`${orders.reservedUntil} < ${at}`,
        sql`${orders.paymentProblem} is null`,
      ),
    )
    .orderBy(asc(orders.reservedUntil))
    .limit(limit);
}

/** Every order still waiting for its payment (the reconciler's work at start). */
export async function pendingOrders(db: Db, limit = 500): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(eq(orders.status, "pending_payment"))
    .orderBy(asc(orders.id))
    .limit(limit);
}

/**
 * Claims the order's confirmation email, once: answers the email's own link token (stored hashed),
 * or undefined when the email was already claimed.
 */
export async function claimConfirmation(tx: Db, orderId: number): Promise<string | undefined> {
  const token = randomBytes(24).toString("base64url");
  const claimed = await tx
    .update(orders)
    .set({ confirmationSentAt: new Date(), mailTokenHash: hashToken(token) })
    .where(and(eq(orders.id, orderId), sql`${orders.confirmationSentAt} is null`))
    .returning({ id: orders.id });
  return claimed.length > 0 ? token : undefined;
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

/** The order as its owner sees it. */
export async function orderView(db: Db, order: OrderRow): Promise<OrderView> {
  const lines = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.position));
  const timeline = [
    { status: "pending_payment" as const, at: order.createdAt },
    { status: "paid" as const, at: order.paidAt },
    { status: "dispatched" as const, at: order.dispatchedAt },
    { status: "cancelled" as const, at: order.cancelledAt },
    { status: "refunded" as const, at: order.refundedAt },
  ].flatMap((step) => (step.at ? [{ status: step.status, at: step.at.toISOString() }] : []));
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    email: order.email,
    createdAt: order.createdAt.toISOString(),
    timeline: timeline.sort((a, b) => a.at.localeCompare(b.at)),
    lines: lines.map(({ orderId: _order, position: _position, ...line }) => line),
    shippingAddress: address(order.shippingAddress),
    billingAddress: address(order.billingAddress),
    delivery: {
      title: order.deliveryTitle,
      carrier: order.deliveryCarrier,
      estimatedDays: { min: order.deliveryDaysMin, max: order.deliveryDaysMax },
    },
    exported: order.exported,
    discountCode: order.discountCode,
    totals: {
      subtotal: order.subtotal,
      discount: order.discount,
      delivery: order.delivery,
      vat: order.vat,
      total: order.total,
    },
    cancelReason: order.cancelReason,
    shipments: await orderShipmentViews(db, order.id),
    // Refunds: the money given back, and each refund that went through.
    refundedTotal: order.refundedTotal,
    refunds: await customerRefunds(db, order.id),
    shipsFrom: order.shipsFrom,
    dispatchPlan: order.dispatchPlan,
    memberships: await membershipViews(db, order.id),
  };
}

/** A customer's own order, or undefined (another's order is as unknown as a missing one). */
export async function customerOrder(
  db: Db,
  customerId: number,
  orderId: number,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId)));
  return row;
}

/** A customer's orders, newest first, with their totals and item counts. */
export async function customerOrders(db: Db, customerId: number): Promise<OrderSummary[]> {
  const rows = await db
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      createdAt: orders.createdAt,
      total: orders.total,
    })
    .from(orders)
    .where(eq(orders.customerId, customerId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(100);
  if (rows.length === 0) return [];
  const counts = await db
    .select({ orderId: orderLines.orderId, items: sql<number>`sum(${orderLines.quantity})::int` })
    .from(orderLines)
    .where(
      inArray(
        orderLines.orderId,
        rows.map((row) => row.id),
      ),
    )
    .groupBy(orderLines.orderId);
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    itemCount: counts.find((count) => count.orderId === row.id)?.items ?? 0,
  }));
}
