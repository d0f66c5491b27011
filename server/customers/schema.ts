import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { USER_ROLES } from "../../common/accounts.ts";
import { timestamps, updatedAt } from "../db/columns.ts";

/** What an account may do: shop, or also run the shop (staff, and admin above staff). */
export type UserRole = (typeof USER_ROLES)[number];

/** The longest email address anyone can have (RFC 5321 path limit). */
export const MAX_EMAIL_LENGTH = 254;

/**
 * Accounts: customers, guests who checked out without one, and staff. `email` is stored
 * normalised (trimmed, lower case) under a unique index, so two accounts never differ only in
 * case. `password_hash` is the scrypt string from `server/auth/passwords.ts`; a guest has none and
 * cannot sign in. Saved shipping and billing details live in `customer_addresses`.
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
    /** A staff account an admin switched off: it cannot sign in, and its tokens stopped. */
    deactivatedAt: timestamp("deactivated_at", { withTimezone: true }),
    /**
     * Erased on request under UK GDPR: the personal data is gone (email and name replaced), the
     * orders stay for the accounts with their personal data anonymised.
     */
    erasedAt: timestamp("erased_at", { withTimezone: true }),
    ...timestamps(),
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

export const ADDRESS_KINDS = ["shipping", "billing"] as const;
export type AddressKind = (typeof ADDRESS_KINDS)[number];

/**
 * A customer's saved delivery (`shipping`) and billing address, at most one of each, written at
 * checkout and offered again next time. `country` is an ISO 3166-1 alpha-2 code.
 */
export const customerAddresses = pgTable(
  "customer_addresses",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ADDRESS_KINDS }).notNull(),
    fullName: text("full_name").notNull(),
    line1: text("line1").notNull(),
    line2: text("line2"),
    city: text("city").notNull(),
    county: text("county"),
    postcode: text("postcode").notNull(),
    country: text("country").notNull().default("GB"),
    phone: text("phone"),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("customer_addresses_user_kind_idx").on(table.userId, table.kind),
    check("customer_addresses_kind", sql`${table.kind} in ('shipping', 'billing')`),
    check("customer_addresses_country", sql`${table.country} ~ '^[A-Z]{2}$'`),
  ],
);

export type CustomerAddress = typeof customerAddresses.$inferSelect;
