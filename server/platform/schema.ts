import { index, pgTable, serial, text } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "../db/columns.ts";

/** Shop-wide values every process must agree on (the signing secret, the demo-seed mark). */
export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: updatedAt(),
});

/**
 * One row per counted request for the fixed-window limits of `rate-limit.ts` (which address asked
 * whether an email has an account, sent a contact message…). Kept in the database so every process
 * counts the same hits; rows older than a day are pruned as new ones arrive.
 */
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    id: serial("id").primaryKey(),
    bucket: text("bucket").notNull(),
    key: text("key").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index("rate_limit_hits_lookup_idx").on(table.bucket, table.key, table.createdAt),
    index("rate_limit_hits_created_idx").on(table.createdAt),
  ],
);
