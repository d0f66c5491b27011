import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "../customers/schema.ts";
import { createdAt } from "../db/columns.ts";

/** What a token opens: the shopper's own area, or the staff area too. */
export const TOKEN_ABILITIES = ["customer", "staff"] as const;
export type TokenAbility = (typeof TOKEN_ABILITIES)[number];

/**
 * Sign-in tokens (security.md #17). The token itself is shown once, at sign-in; only its SHA-256
 * (hex) is kept, so a copy of this table signs nobody in. A token works while `revoked_at` is null
 * and `expires_at` is in the future; each use moves `expires_at` on (at most once a minute).
 */
export const accessTokens = pgTable(
  "access_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    ability: text("ability", { enum: TOKEN_ABILITIES }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("access_tokens_hash_idx").on(table.tokenHash),
    index("access_tokens_user_idx").on(table.userId),
    check("access_tokens_hash_format", sql`${table.tokenHash} ~ '^[0-9a-f]{64}$'`),
    check("access_tokens_ability", sql`${table.ability} in ('customer', 'staff')`),
  ],
);

/**
 * Every sign-in attempt, for the brute-force limit (security.md #20): keyed on the normalised email
 * as typed (known or not) and the client's address from the connection, never from a header.
 */
export const loginAttempts = pgTable(
  "login_attempts",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    clientKey: text("client_key").notNull(),
    succeeded: boolean("succeeded").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index("login_attempts_email_client_idx").on(table.email, table.clientKey, table.createdAt),
    index("login_attempts_created_idx").on(table.createdAt),
  ],
);

/**
 * Password-reset links (security.md #21): a random token mailed once, stored only as its SHA-256;
 * it works for an hour and only once (`used_at`), and asking again replaces older links.
 */
export const passwordResets = pgTable(
  "password_resets",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    /**
     * A guest who chose a password on an order's confirmation page (decision 0006): the link
     * then only proves the address, and opens the account with this hash of that password. Kept
     * here, not on the account, so nothing about the account changes before the proof; cleared
     * when the link is used.
     */
    chosenPasswordHash: text("chosen_password_hash"),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("password_resets_hash_idx").on(table.tokenHash),
    index("password_resets_user_idx").on(table.userId),
    check("password_resets_hash_format", sql`${table.tokenHash} ~ '^[0-9a-f]{64}$'`),
  ],
);
