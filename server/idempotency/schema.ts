import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

/**
 * How far a keyed request got (docs/security.md #25, decision 0036): `started` has written nothing
 * that lasts, so it may start again; `order_written` and `refund_written` have written the order or
 * the refund (and may have called the provider), so a retry resumes from there and the key is
 * never let go; `shipment_written` has dispatched a parcel and queued its email (a retry answers the
 * order as it stands, never sends a second); `finished` keeps the outcome.
 */
export const RECOVERY_POINTS = [
  "started",
  "order_written",
  "refund_written",
  "shipment_written",
  "finished",
] as const;
export type RecoveryPoint = (typeof RECOVERY_POINTS)[number];

/**
 * docs/security.md #11 and #25: a money-moving call's `Idempotency-Key`, per route and caller, with
 * a hash of its input, how far it got (its recovery point, the order or refund it wrote, and what
 * a retry needs to answer for it), who holds it and until when (a lease: a holder that died is
 * taken over once it runs out), and, once it is done, its outcome.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    state: text("state", { enum: ["in_flight", "done"] })
      .notNull()
      .default("in_flight"),
    recoveryPoint: text("recovery_point", { enum: RECOVERY_POINTS }).notNull().default("started"),
    /** The order (`order_written`) or refund (`refund_written`) the request wrote. */
    resourceId: integer("resource_id"),
    /** What a resumed request needs that the database keeps only hashed (a guest's token). */
    resume: jsonb("resume"),
    /** A random id of the request holding the key; a takeover writes its own. */
    holder: text("holder"),
    /** Until when the holder may work undisturbed; past it, a retry or the reconciler takes over. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    outcome: jsonb("outcome"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.scope, table.key] }),
    check("idempotency_keys_state", sql`${table.state} in ('in_flight', 'done')`),
    check(
      "idempotency_keys_recovery_point",
      sql`${table.recoveryPoint} in ('started', 'order_written', 'refund_written', 'shipment_written', 'finished')`,
    ),
    // A key past `started` names what it wrote.
    check(
      "idempotency_keys_resource",
      sql`${table.recoveryPoint} in ('started', 'finished') or ${table.resourceId} is not null`,
    ),
    // The reconciler's look for keys whose holder has gone.
    index("idempotency_keys_in_flight")
      .on(table.lockedUntil)
      .where(sql`${table.state} = 'in_flight'`),
  ],
);
