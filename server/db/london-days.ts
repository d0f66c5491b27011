import { type AnyColumn, type SQL, sql } from "drizzle-orm";

/** Days in London, both included: YYYY-MM-DD. */
export type DayRange = { from: string; to: string };

/**
 * Rows whose instant `column` falls within London's days `from` to `to`. The bounds are the
 * instants London's days begin, worked out by the database, so a day of 23 or 25 hours (the
 * clocks changing) is whole, and 00:30 on a summer night is that day, not the UTC day before.
 */
export const withinLondonDays = (column: AnyColumn, range: DayRange): SQL =>
  sql`(${column} >= (${range.from}::date::timestamp at time zone 'Europe/London') and ${column} < ((${range.to}::date + 1)::timestamp at time zone 'Europe/London'))`;

/** The London day of the instant `column`, as YYYY-MM-DD. */
export const londonDayOf = (column: AnyColumn) =>
  sql<string>`to_char(${column} at time zone 'Europe/London', 'YYYY-MM-DD')`;
