import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
} from "drizzle-orm/pg-core";
import { EVENT_NAMES, type EventItem } from "../../common/analytics.ts";
import { createdAt, pence } from "../db/columns.ts";

/** A coarse class of the browser, worked out from the User-Agent, which itself is never kept. */
export const DEVICE_CLASSES = ["mobile", "desktop", "bot"] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

/**
 * First-party, cookieless shop events. UK GDPR by design: no IP address, no User-Agent string, no
 * cookie, no account; only a device class and the referring site's host name.
 */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    name: text("name", { enum: EVENT_NAMES }).notNull(),
    /** The page's path, without its query string or fragment. */
    path: text("path").notNull(),
    items: jsonb("items").$type<EventItem[]>(),
    /** The event's value in pence (the browser sends pounds, as GA4 does); GBP only. */
    valuePence: pence("value_pence"),
    searchTerm: text("search_term"),
    listName: text("list_name"),
    device: text("device", { enum: DEVICE_CLASSES }).notNull(),
    referrerHost: text("referrer_host"),
    /**
     * Who sent it, for counting distinct visitors (the funnel), without a cookie or anything kept
     * in the browser: a hash of the day's random salt, the IP address and the User-Agent, as
     * Plausible counts. The salt is dropped after its day, so a visitor cannot be followed from
     * one day to the next, nor the hash traced back. Null for events from before it was kept.
     */
    visitor: text("visitor"),
    createdAt: createdAt(),
  },
  (table) => [
    index("analytics_events_created_idx").on(table.createdAt),
    index("analytics_events_name_created_idx").on(table.name, table.createdAt),
    index("analytics_events_visitor_idx").on(table.visitor, table.createdAt),
    check("analytics_events_value", sql`${table.valuePence} is null or ${table.valuePence} >= 0`),
  ],
);

/**
 * Events older than the retention period, counted per London day, name, device class and page,
 * so the raw table stays bounded and the totals stay forever (issue 12).
 */
export const analyticsDaily = pgTable(
  "analytics_daily",
  {
    day: date("day").notNull(),
    name: text("name", { enum: EVENT_NAMES }).notNull(),
    device: text("device", { enum: DEVICE_CLASSES }).notNull(),
    path: text("path").notNull(),
    events: integer("events").notNull(),
    valuePence: bigint("value_pence", { mode: "number" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.name, table.device, table.path] })],
);

/**
 * The random salt of each London day's visitor hashes. Only today's and yesterday's (for events
 * arriving across midnight) are kept; an older salt is deleted, so its hashes can no longer be
 * recomputed from an IP address and User-Agent.
 */
export const analyticsSalts = pgTable("analytics_salts", {
  day: date("day").primaryKey(),
  salt: text("salt").notNull(),
  createdAt: createdAt(),
});
