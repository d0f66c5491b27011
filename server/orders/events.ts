import { asc, eq } from "drizzle-orm";
import type { Actor } from "../audit/index.ts";
import type { Db } from "../db/client.ts";
import { orderEvents } from "./schema.ts";

/**
 * What can happen to an order, as its timeline names it. Staff moves carry their actor; the
 * shop's own (placed, paid, expired) have none.
 */
export const ORDER_EVENT_TYPES = [
  "placed",
  "paid",
  "payment_failed",
  "payment_flagged",
  "expired",
  "dispatched",
  "cancelled",
  "refunded",
  "refund_failed",
  "restocked",
  "membership_renewed",
  "membership_cancelled",
  "archived",
  "email_sent",
  "note",
] as const;
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];

export type OrderEventWrite = {
  orderId: number;
  type: OrderEventType;
  /** What staff read on the timeline, in plain words. */
  message: string;
  detail?: Record<string, unknown>;
  actor?: Actor;
};

/** Adds one entry to an order's timeline, in the caller's transaction (the change's own). */
export async function recordOrderEvent(tx: Db, event: OrderEventWrite): Promise<void> {
  await tx.insert(orderEvents).values({
    orderId: event.orderId,
    type: event.type,
    message: event.message,
    detail: event.detail ?? null,
    actorId: event.actor?.id ?? null,
    actorEmail: event.actor?.email ?? null,
  });
}

export type OrderEvent = {
  id: number;
  type: string;
  message: string;
  detail: Record<string, unknown> | null;
  actorEmail: string | null;
  at: string;
};

/** An order's timeline, oldest first. */
export async function orderTimeline(db: Db, orderId: number): Promise<OrderEvent[]> {
  const rows = await db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    message: row.message,
    detail: row.detail,
    actorEmail: row.actorEmail,
    at: row.createdAt.toISOString(),
  }));
}
