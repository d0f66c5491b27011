import { integer, timestamp } from "drizzle-orm/pg-core";

// Column builders that every module's schema.ts spells the same way. Each returns a fresh builder,
// since Drizzle binds a builder to the one table it is used in.

/** When the row was made: a UTC instant the database fills in. */
export const createdAt = () =>
  timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** When the row last changed: set on insert by the database, and by each update's writer. */
export const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/** `createdAt` and `updatedAt`, spread into a table's columns: `{ id, …, ...timestamps() }`. */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });

/**
 * architecture.md §4: money is an integer number of pence, VAT included; nullability is the
 * caller's.
 */
export const pence = (name: string) => integer(name);
