import { sql } from "drizzle-orm";
import { check, integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { timestamps } from "../db/columns.ts";

/**
 * A place a band plays: "Brudenell Social Club", Leeds. Tour dates will name one, so fans can
 * collect an order at the show.
 */
export const venues = pgTable(
  "venues",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    city: text("city").notNull(),
    /** A UK postcode as Royal Mail writes it ("LS6 1NH"), or none. */
    postcode: text("postcode"),
    /** How many people it holds, or not known. */
    capacity: integer("capacity"),
    ...timestamps(),
  },
  (table) => [
    // A tour date will name its venue by choosing it by name: two of one name would leave staff
    // guessing (issue 30). Compared without case, as the service compares them.
    uniqueIndex("venues_name_unique").on(sql`lower(${table.name})`),
    check(
      "venues_capacity",
      sql`${table.capacity} is null or ${table.capacity} between 1 and 100000`,
    ),
  ],
);

export type VenueRow = typeof venues.$inferSelect;
