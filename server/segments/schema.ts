import { jsonb, pgTable, serial, text } from "drizzle-orm/pg-core";
import type { SegmentRule } from "../../common/segments.ts";
import { timestamps } from "../db/columns.ts";

/**
 * A rule-based group of customers ("bought from Static Gulls", "spent over £100 this year").
 * Members are worked out from the rules when asked, never stored, so the group is always current.
 * A customer is a member when every rule holds. Discounts limited to a segment point here.
 */
export const segments = pgTable("segments", {
  id: serial("id").primaryKey(),
  title: text("title").notNull(),
  description: text("description").notNull().default(""),
  rules: jsonb("rules").$type<SegmentRule[]>().notNull(),
  ...timestamps(),
});

export type SegmentRow = typeof segments.$inferSelect;
