import { sql } from "drizzle-orm";
import { boolean, check, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/** What an account may do: shop, or also run the shop (staff, and admin above staff). */
export const USER_ROLES = ["customer", "staff", "admin"] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** The longest email address anyone can have (RFC 5321 path limit). */
export const MAX_EMAIL_LENGTH = 254;

/**
 * Accounts: customers, guests who checked out without one, and staff. `email` is stored
 * normalised (trimmed, lower case) under a unique index, so two accounts never differ only in
 * case. `password_hash` is the scrypt string from `server/auth/passwords.ts`; a guest has none and
 * cannot sign in. Saved shipping and billing details will get tables of their own.
 */
export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    passwordHash: text("password_hash"),
    role: text("role", { enum: USER_ROLES }).notNull().default("customer"),
    isGuest: boolean("is_guest").notNull().default(false),
    marketingConsent: boolean("marketing_consent").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("users_email_idx").on(table.email),
    check(
      "users_email_normalised",
      sql`${table.email} <> '' and ${table.email} = lower(btrim(${table.email})) and length(${table.email}) <= 254`,
    ),
    check("users_role", sql`${table.role} in ('customer', 'staff', 'admin')`),
    // A guest has no password and is never staff.
    check(
      "users_guest",
      sql`not ${table.isGuest} or (${table.passwordHash} is null and ${table.role} = 'customer')`,
    ),
  ],
);

export type User = typeof users.$inferSelect;
