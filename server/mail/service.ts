import { and, asc, desc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { inTransaction } from "../db/transaction.ts";
import { headerName, headerSubject } from "./headers.ts";
import { mailOutbox, type OutboxMessage } from "./schema.ts";

/** The channel a new message is announced on, so a worker in any process delivers it at once. */
export const MAIL_CHANNEL = "mail_outbox";

/** A message as a module hands it to the outbox: plain text always, HTML optional. */
export type MailMessage = {
  to: string;
  /** Shown beside `to` ("Full Name <email>"); made header-safe here, whatever it holds. */
  toName?: string;
  /** Made header-safe here: it is one header line, whatever it holds. */
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** Shown beside `replyTo`; made header-safe here. */
  replyToName?: string;
  /** Why it is sent: `password-reset`, `contact`… */
  kind: string;
  /**
   * The body holds a key to an account: erased from the outbox once sent or failed
   * (security.md #21).
   */
  secret?: boolean;
};

/** What stays of a secret message's body once it has gone (or failed for good). */
export const ERASED_BODY = "[This message held a link to an account. It was erased once sent.]";

/** Waits before each retry; after the last one the message is marked failed. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000];
/** How many messages one delivery run claims. */
export const DELIVERY_BATCH = 20;
/** How long a claimed message is held by one worker before another may try it. */
const CLAIM_MS = 5 * 60_000;

/**
 * Writes `message` to the outbox; call it inside the transaction that caused the email, so the
 * email exists exactly when the change does. Delivery happens later, in the worker.
 */
export async function queueMail(db: Db, message: MailMessage): Promise<number> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      recipient: message.to,
      // Text from people (a shopper's name, a contact form's) reaches these headers: whatever
      // was let in, no line break of it can start a header of its own.
      recipientName: headerName(message.toName) ?? null,
      subject: headerSubject(message.subject),
      text: message.text,
      html: message.html ?? null,
      replyTo: message.replyTo ?? null,
      replyToName: headerName(message.replyToName) ?? null,
      kind: message.kind,
      secret: message.secret ?? false,
      // The worker compares with the process clock (milliseconds); the database's now() has
      // microseconds and could put a fresh message a fraction of a millisecond in the future.
      nextAttemptAt: new Date(),
    })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error("The message was not queued");
  await db.execute(sql`select pg_notify(${MAIL_CHANNEL}, '')`);
  return row.id;
}

/** A secret message's body, gone: what the outbox keeps once its link has been delivered. */
const erasedIfSecret = (message: OutboxMessage) =>
  message.secret ? { text: ERASED_BODY, html: null } : {};

/** Sends one stored message; throws when the mail server refuses or cannot be reached. */
export type SendMail = (message: OutboxMessage) => Promise<void>;

/**
 * Delivers up to `limit` due messages. Each is claimed first (moved a few minutes into the future,
 * skipping rows another process has locked), so two workers never send the same message.
 */
export async function deliverDueMail(
  db: Db,
  send: SendMail,
  now = new Date(),
  limit = DELIVERY_BATCH,
): Promise<{ sent: number; failed: number }> {
  const claimed = await inTransaction(db, async (tx) => {
    const due = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, "pending"), lte(mailOutbox.nextAttemptAt, now)))
      .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_MS) })
      .where(
        inArray(
          mailOutbox.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });

  let sent = 0;
  let failed = 0;
  for (const message of claimed.sort((a, b) => a.id - b.id)) {
    try {
      await send(message);
      await db
        .update(mailOutbox)
        .set({
          status: "sent",
          sentAt: new Date(),
          attempts: message.attempts + 1,
          lastError: null,
          ...erasedIfSecret(message),
        })
        .where(eq(mailOutbox.id, message.id));
      sent += 1;
    } catch (error) {
      const attempts = message.attempts + 1;
      const delay = RETRY_DELAYS_MS[attempts - 1];
      await db
        .update(mailOutbox)
        .set({
          attempts,
          lastError: String(error instanceof Error ? error.message : error).slice(0, 500),
          ...(delay === undefined
            ? { status: "failed" as const, ...erasedIfSecret(message) }
            : { nextAttemptAt: new Date(now.getTime() + delay) }),
        })
        .where(eq(mailOutbox.id, message.id));
      failed += 1;
    }
  }
  return { sent, failed };
}

/** How many messages wait for delivery and how many failed for good, in one query. */
export async function outboxCounts(db: Db): Promise<{ pending: number; failed: number }> {
  const [row] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${mailOutbox.status} = 'pending')::int`,
      failed: sql<number>`count(*) filter (where ${mailOutbox.status} = 'failed')::int`,
    })
    .from(mailOutbox);
  if (!row) throw new Error("The outbox count query returned nothing");
  return row;
}

/**
 * The newest messages for the back office, without their bodies: a reset link is a key to an
 * account, so staff see who was sent what and whether it went, never the link itself.
 */
export function recentMail(db: Db, limit = 50) {
  return db
    .select({
      id: mailOutbox.id,
      recipient: mailOutbox.recipient,
      subject: mailOutbox.subject,
      kind: mailOutbox.kind,
      status: mailOutbox.status,
      attempts: mailOutbox.attempts,
      lastError: mailOutbox.lastError,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
    })
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.id))
    .limit(limit);
}
