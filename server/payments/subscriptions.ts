import { and, asc, eq, isNotNull, isNull, lt, ne, or } from "drizzle-orm";
import type { MembershipView } from "../../common/orders.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import type { PaymentProviderId, SubscriptionRequest } from "./provider.ts";
import { membershipSubscriptions, type SubscriptionState } from "./schema.ts";
import { paymentProviderFor } from "./service.ts";

export type MembershipSubscription = typeof membershipSubscriptions.$inferSelect;

/** A paid membership line, as its order's settling step records it for renewal. */
export type NewMembership = {
  orderId: number;
  orderLineId: number;
  provider: PaymentProviderId;
  period: MembershipSubscription["period"];
  amount: number;
  /** The end of the period the order paid: the first renewal. */
  paidUntil: Date;
};

/**
 * Records a paid membership line for renewal, in the settling transaction that makes its order
 * paid: once per line (`order_line_id` unique), however often the order is settled. The provider
 * is asked afterwards, outside the transaction (`startSubscription`).
 */
export async function recordMembership(tx: Db, membership: NewMembership): Promise<void> {
  await tx
    .insert(membershipSubscriptions)
    .values({
      orderId: membership.orderId,
      orderLineId: membership.orderLineId,
      provider: membership.provider,
      period: membership.period,
      amount: membership.amount,
      currentPeriodEnd: membership.paidUntil,
    })
    .onConflictDoNothing({ target: membershipSubscriptions.orderLineId });
}

/** Memberships the provider has not been asked about yet (or did not answer): oldest first. */
export function membershipsToSubscribe(db: Db, limit = 100): Promise<MembershipSubscription[]> {
  return db
    .select()
    .from(membershipSubscriptions)
    .where(
      and(isNull(membershipSubscriptions.reference), eq(membershipSubscriptions.state, "active")),
    )
    .orderBy(asc(membershipSubscriptions.id))
    .limit(limit);
}

/** The provider's idempotency key for a line's subscription: one subscription per line, ever. */
export const subscriptionKey = (orderLineId: number) => `encore-membership-${orderLineId}`;

/**
 * Asks the membership's provider to renew it, with the line's own key (a retry, or a racing
 * process, gets the same subscription), and records the answer. A membership cancelled while the
 * provider was being asked is cancelled there at once. Any error is the provider's silence: the
 * row stays as it was, and the sweeper asks again.
 */
export async function startSubscription(
  db: Db,
  config: Config,
  membership: MembershipSubscription,
  details: Pick<SubscriptionRequest, "email" | "productId" | "productTitle">,
): Promise<void> {
  const provider = paymentProviderFor(config, membership.provider);
  if (!provider || !membership.currentPeriodEnd) return;
  const subscribed = await provider.subscribe(db, {
    ...details,
    orderId: membership.orderId,
    orderLineId: membership.orderLineId,
    period: membership.period,
    amount: membership.amount,
    paidUntil: membership.currentPeriodEnd,
    idempotencyKey: subscriptionKey(membership.orderLineId),
  });
  const [recorded] = await db
    .update(membershipSubscriptions)
    .set({
      reference: subscribed.reference,
      customerReference: subscribed.customerReference,
      currentPeriodEnd: subscribed.currentPeriodEnd,
      updatedAt: new Date(),
    })
    .where(
      and(eq(membershipSubscriptions.id, membership.id), isNull(membershipSubscriptions.reference)),
    )
    .returning();
  if (recorded?.state === "cancelled") await cancelAtProvider(db, config, recorded);
}

/**
 * Marks the lines' memberships cancelled, in the caller's transaction (the refund's): they never
 * renew from now on. The provider is told afterwards (`cancelAtProvider`); `cancelled_at` is set
 * once it has been, so the sweeper finds any it could not be told about. Answers the rows it
 * cancelled.
 */
export async function cancelMemberships(
  tx: Db,
  orderLineIds: number[],
): Promise<MembershipSubscription[]> {
  const cancelled: MembershipSubscription[] = [];
  for (const orderLineId of orderLineIds) {
    const rows = await tx
      .update(membershipSubscriptions)
      .set({ state: "cancelled", updatedAt: new Date() })
      .where(
        and(
          eq(membershipSubscriptions.orderLineId, orderLineId),
          ne(membershipSubscriptions.state, "cancelled"),
        ),
      )
      .returning();
    cancelled.push(...rows);
  }
  return cancelled;
}

/** Cancelled memberships (of one order, or all) the provider has not confirmed stopping yet. */
export function cancellationsToSend(
  db: Db,
  orderId?: number,
  limit = 100,
): Promise<MembershipSubscription[]> {
  return db
    .select()
    .from(membershipSubscriptions)
    .where(
      and(
        eq(membershipSubscriptions.state, "cancelled"),
        isNotNull(membershipSubscriptions.reference),
        isNull(membershipSubscriptions.cancelledAt),
        orderId === undefined ? undefined : eq(membershipSubscriptions.orderId, orderId),
      ),
    )
    .orderBy(asc(membershipSubscriptions.id))
    .limit(limit);
}

/**
 * Stops a cancelled membership's subscription at its provider and records when. One not yet
 * known to the provider has nothing to stop: `startSubscription` stops it once it answers.
 */
export async function cancelAtProvider(
  db: Db,
  config: Config,
  membership: MembershipSubscription,
): Promise<void> {
  const provider = paymentProviderFor(config, membership.provider);
  if (!provider || !membership.reference) return;
  await provider.cancelSubscription(db, membership.reference);
  await db
    .update(membershipSubscriptions)
    .set({ cancelledAt: new Date(), currentPeriodEnd: null, updatedAt: new Date() })
    .where(
      and(
        eq(membershipSubscriptions.id, membership.id),
        isNull(membershipSubscriptions.cancelledAt),
      ),
    );
}

/** What a provider's webhook says of a subscription now. */
export type SubscriptionNews = {
  reference: string;
  state: SubscriptionState;
  currentPeriodEnd: Date | undefined;
  cancelledAt: Date | undefined;
};

/**
 * A subscription's state as the provider reports it. `cancelled` is final: a late `updated`
 * event never brings a membership back. Answers the row when it is one of ours.
 */
export async function recordSubscriptionNews(
  tx: Db,
  news: SubscriptionNews,
): Promise<MembershipSubscription | undefined> {
  const cancelled = news.state === "cancelled";
  const [moved] = await tx
    .update(membershipSubscriptions)
    .set({
      state: news.state,
      ...(cancelled
        ? { cancelledAt: news.cancelledAt ?? new Date(), currentPeriodEnd: null }
        : news.currentPeriodEnd
          ? { currentPeriodEnd: news.currentPeriodEnd }
          : {}),
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(membershipSubscriptions.reference, news.reference),
        ne(membershipSubscriptions.state, "cancelled"),
      ),
    )
    .returning();
  if (moved || !cancelled) return moved;
  // Cancelled here first (a refund): the provider's confirmation is its end.
  const [ended] = await tx
    .update(membershipSubscriptions)
    .set({ cancelledAt: news.cancelledAt ?? new Date(), updatedAt: new Date() })
    .where(
      and(
        eq(membershipSubscriptions.reference, news.reference),
        isNull(membershipSubscriptions.cancelledAt),
      ),
    )
    .returning();
  return ended;
}

/**
 * A renewal's payment: the membership is paid until `until`. Only a later end moves it, so an
 * older invoice or a replay changes nothing; answers the row when it moved.
 */
export async function recordRenewal(
  tx: Db,
  reference: string,
  until: Date,
): Promise<MembershipSubscription | undefined> {
  const [renewed] = await tx
    .update(membershipSubscriptions)
    .set({ state: "active", currentPeriodEnd: until, updatedAt: new Date() })
    .where(
      and(
        eq(membershipSubscriptions.reference, reference),
        ne(membershipSubscriptions.state, "cancelled"),
        or(
          isNull(membershipSubscriptions.currentPeriodEnd),
          lt(membershipSubscriptions.currentPeriodEnd, until),
        ),
      ),
    )
    .returning();
  return renewed;
}

/** The memberships of an order, by line, as its pages show them. */
export async function membershipsOfOrder(
  db: Db,
  orderId: number,
): Promise<Array<Omit<MembershipView, "title">>> {
  const rows = await db
    .select()
    .from(membershipSubscriptions)
    .where(eq(membershipSubscriptions.orderId, orderId))
    .orderBy(asc(membershipSubscriptions.orderLineId));
  return rows.map((row) => ({
    orderLineId: row.orderLineId,
    period: row.period,
    amount: row.amount,
    state: row.state,
    renewsAt: row.state === "cancelled" ? null : (row.currentPeriodEnd?.toISOString() ?? null),
    atProvider: row.reference !== null,
  }));
}
