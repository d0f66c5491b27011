import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Shop-wide values every process must agree on (the signing secret, the demo-seed mark). */
export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
