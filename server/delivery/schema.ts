import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
} from "drizzle-orm/pg-core";
import { pence, timestamps } from "../db/columns.ts";

/** A set of countries that share delivery options: United Kingdom, Europe, Rest of the world. */
export const deliveryOptionGroups = pgTable("delivery_option_groups", {
  id: serial("id").primaryKey(),
  title: text("title").notNull(),
  position: integer("position").notNull().default(0),
  ...timestamps(),
});

/**
 * The countries a group serves, by ISO 3166-1 alpha-2 code. The code is the key, so a country
 * belongs to one group at most and the shopper's options never depend on which row is read
 * first; a country in no group is one the shop does not deliver to.
 */
export const deliveryOptionGroupCountries = pgTable(
  "delivery_option_group_countries",
  {
    country: text("country").primaryKey(),
    groupId: integer("group_id")
      .notNull()
      .references(() => deliveryOptionGroups.id, { onDelete: "cascade" }),
  },
  (table) => [
    index("delivery_option_group_countries_group_idx").on(table.groupId),
    check("delivery_option_group_countries_code", sql`${table.country} ~ '^[A-Z]{2}$'`),
  ],
);

/**
 * One way to send an order, with its price (pence, VAT included) and, when it has one, the goods
 * subtotal from which it is free. Staff retire an option by making it inactive, so an order that
 * names it keeps its history.
 */
export const deliveryOptions = pgTable(
  "delivery_options",
  {
    id: serial("id").primaryKey(),
    groupId: integer("group_id")
      .notNull()
      .references(() => deliveryOptionGroups.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    carrier: text("carrier").notNull(),
    price: pence("price").notNull(),
    freeOver: pence("free_over"),
    // Working days after dispatch, as the carrier aims for: not a promise.
    estimatedDaysMin: smallint("estimated_days_min").notNull(),
    estimatedDaysMax: smallint("estimated_days_max").notNull(),
    // Royal Mail carries to British Forces Post Office numbers; couriers do not.
    servesBfpo: boolean("serves_bfpo").notNull().default(false),
    position: integer("position").notNull().default(0),
    active: boolean("active").notNull().default(true),
    ...timestamps(),
  },
  (table) => [
    index("delivery_options_group_idx").on(table.groupId, table.position),
    check("delivery_options_price", sql`${table.price} >= 0`),
    check("delivery_options_free_over", sql`${table.freeOver} is null or ${table.freeOver} > 0`),
    check(
      "delivery_options_estimated_days",
      sql`${table.estimatedDaysMin} >= 0 and ${table.estimatedDaysMax} >= ${table.estimatedDaysMin}`,
    ),
  ],
);
