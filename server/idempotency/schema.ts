import { sql } from "drizzle-orm";
import { check, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * DESIGN §4 and SECURITY §11: a money-moving call's `Idempotency-Key`, per route and caller, with
 * a hash of its input and, once it is done, its outcome: the same key and input answer the first
 * outcome; the same key with other input is refused; a key still in flight is a 409.
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
    outcome: jsonb("outcome"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.scope, table.key] }),
    check("idempotency_keys_state", sql`${table.state} in ('in_flight', 'done')`),
  ],
);
