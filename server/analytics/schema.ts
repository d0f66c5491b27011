import { sql } from "drizzle-orm";
import { bigserial, check, index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, pence } from "../db/columns.ts";

/** The shop events we count (GA4's recommended e-commerce names, so the two line up). */
export const EVENT_NAMES = [
  "view_item",
  "select_item",
  "add_to_cart",
  "remove_from_cart",
  "view_cart",
  "begin_checkout",
  "add_shipping_info",
  "add_payment_info",
  "purchase",
  "view_item_list",
  "search",
] as const;
export type EventName = (typeof EVENT_NAMES)[number];

/** A coarse class of the browser, worked out from the User-Agent, which itself is never kept. */
export const DEVICE_CLASSES = ["mobile", "desktop", "bot"] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

/** One item of an event, in GA4's shape: prices in pounds, as the browser sent them. */
export type EventItem = {
  item_id: string;
  item_name: string;
  item_brand?: string;
  item_category?: string;
  item_variant?: string;
  price?: number;
  quantity?: number;
  index?: number;
};

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
    createdAt: createdAt(),
  },
  (table) => [
    index("analytics_events_created_idx").on(table.createdAt),
    index("analytics_events_name_created_idx").on(table.name, table.createdAt),
    check("analytics_events_value", sql`${table.valuePence} is null or ${table.valuePence} >= 0`),
  ],
);
