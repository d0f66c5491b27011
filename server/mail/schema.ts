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
} from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns.ts";

export const MAIL_STATUSES = ["pending", "sent", "failed"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/**
 * The outbox: every email the shop sends is written here first, in the same transaction as what
 * caused it, and a worker delivers it afterwards. A mail server that is down delays a message but
 * never loses it or fails the shopper's request; a message is retried with growing waits and
 * marked `failed` after its last attempt.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial("id").primaryKey(),
    recipient: text("recipient").notNull(),
    /** The recipient's name, shown beside the address ("Full Name <email>"); header-safe. */
    recipientName: text("recipient_name"),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    /** Why the message was sent (`password-reset`, `contact`…), for staff and tests. */
    kind: text("kind").notNull(),
    replyTo: text("reply_to"),
    /** The name shown beside the reply-to address (a contact message's sender); header-safe. */
    replyToName: text("reply_to_name"),
    /**
     * The body holds a key to an account (a reset or claim link): it is erased once the message
     * has gone or failed for good, so whoever reads the database later finds no working link.
     */
    secret: boolean("secret").notNull().default(false),
    status: text("status", { enum: MAIL_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [
    index("mail_outbox_due_idx").on(table.status, table.nextAttemptAt),
    check("mail_outbox_status", sql`${table.status} in ('pending', 'sent', 'failed')`),
  ],
);

export type OutboxMessage = typeof mailOutbox.$inferSelect;
