import { and, eq, inArray } from "drizzle-orm";
import type { BillingPeriod } from "../../../common/billing.ts";
import { formatLongDate } from "../../../common/dates.ts";
import type { MembershipView } from "../../../common/orders.ts";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import type { Logger } from "../../logger.ts";
import type { MembershipRenewal, PaymentProviderId } from "../../payments/index.ts";
import {
  cancelAtProvider,
  cancellationsToSend,
  cancelMemberships,
  membershipsOfOrder,
  membershipsToSubscribe,
  recordMembership,
  startSubscription,
} from "../../payments/index.ts";
import { recordOrderEvent } from "../events.ts";
import { type OrderRow, orderLines, orders } from "../schema.ts";

/**
 * When a period bought at `from` ends: the same day of the next month or year (the month's last
 * day when it is shorter, as Stripe bills a subscription anchored on the 31st).
 */
export function periodEnd(from: Date, period: BillingPeriod): Date {
  const end = new Date(from);
  const months = period === "month" ? 1 : 12;
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(from.getUTCDate(), lastDay));
  return end;
}

/**
 * Decision 0016: an order just paid records each membership line for renewal, in the settling
 * transaction; the provider is asked afterwards by `subscribeMemberships`.
 */
export async function recordMembershipsOf(tx: Db, order: OrderRow): Promise<void> {
  const lines = await tx
    .select()
    .from(orderLines)
    .where(and(eq(orderLines.orderId, order.id), eq(orderLines.billingModelType, "membership")));
  for (const line of lines) {
    if (!line.billingPeriod) continue;
    await recordMembership(tx, {
      orderId: order.id,
      orderLineId: line.id,
      provider: order.paymentProvider as PaymentProviderId,
      period: line.billingPeriod,
      amount: line.unitPrice,
      paidUntil: periodEnd(order.paidAt ?? new Date(), line.billingPeriod),
    });
  }
}

/**
 * The sweeper's step: asks the provider to renew each membership it has not answered for yet,
 * and to stop each cancelled one it has not confirmed. One that fails is logged and asked again
 * next time, with the same key.
 */
export async function syncMemberships(db: Db, config: Config, logger: Logger): Promise<void> {
  for (const membership of await membershipsToSubscribe(db)) {
    const [found] = await db
      .select({ email: orders.email, productId: orderLines.productId, title: orderLines.title })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(eq(orderLines.id, membership.orderLineId));
    if (!found) continue;
    await startSubscription(db, config, membership, {
      email: found.email,
      productId: found.productId,
      productTitle: found.title,
    }).catch((error: unknown) =>
      logger.warn({ err: error, orderId: membership.orderId }, "membership not subscribed yet"),
    );
  }
  for (const membership of await cancellationsToSend(db)) {
    await cancelAtProvider(db, config, membership).catch((error: unknown) =>
      logger.warn({ err: error, orderId: membership.orderId }, "membership not cancelled yet"),
    );
  }
}

/**
 * Tells the provider at once of the order's memberships a refund has just cancelled; one it
 * cannot be told about now is left to `syncMemberships`, which logs why.
 */
export async function sendCancellationsOf(db: Db, config: Config, orderId: number) {
  for (const membership of await cancellationsToSend(db, orderId)) {
    await cancelAtProvider(db, config, membership).catch(() => undefined);
  }
}

/**
 * A refund or cancel gave back a membership line: it never renews again. In the refund's
 * transaction, with a timeline entry; the provider is told afterwards (`sendCancellationsOf`,
 * else `syncMemberships`).
 */
export async function cancelMembershipsOfLines(
  tx: Db,
  orderId: number,
  orderLineIds: number[],
): Promise<void> {
  if (orderLineIds.length === 0) return;
  const cancelled = await cancelMemberships(tx, orderLineIds);
  if (cancelled.length === 0) return;
  const titles = await tx
    .select({ title: orderLines.title })
    .from(orderLines)
    .where(
      inArray(
        orderLines.id,
        cancelled.map((membership) => membership.orderLineId),
      ),
    );
  await recordOrderEvent(tx, {
    orderId,
    type: "membership_cancelled",
    message: `Membership cancelled, it will not renew: ${titles.map((line) => line.title).join(", ")}`,
  });
}

/** The webhook's renewal listener: the renewal on the original order's timeline. */
export async function recordMembershipRenewal(tx: Db, renewal: MembershipRenewal): Promise<void> {
  await recordOrderEvent(tx, {
    orderId: renewal.orderId,
    type: "membership_renewed",
    message: `Membership renewed until ${formatLongDate(renewal.until.toISOString())}`,
    detail: { orderLineId: renewal.orderLineId, until: renewal.until.toISOString() },
  });
}

/** An order's memberships with their lines' titles, for its pages. */
export async function membershipViews(db: Db, orderId: number): Promise<MembershipView[]> {
  const memberships = await membershipsOfOrder(db, orderId);
  if (memberships.length === 0) return [];
  const lines = await db
    .select({ id: orderLines.id, title: orderLines.title })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  return memberships.map((membership) => ({
    ...membership,
    title: lines.find((line) => line.id === membership.orderLineId)?.title ?? "",
  }));
}
