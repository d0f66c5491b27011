import { asc, eq, or } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { mailOutbox } from "./schema.ts";

const toOrFrom = (email: string) =>
  or(eq(mailOutbox.recipient, email), eq(mailOutbox.replyTo, email));

/**
 * UK GDPR erasure, the mail's part: messages to the customer, queued or sent, and messages they
 * wrote to the shop (their address as reply-to) are dropped; a queued one is never sent.
 */
export async function dropMailOf(tx: Db, email: string): Promise<void> {
  await tx.delete(mailOutbox).where(toOrFrom(email));
}

/** The emails the shop sent or queued for a customer, for their right-of-access export. */
export async function mailOf(db: Db, email: string) {
  const rows = await db
    .select({
      subject: mailOutbox.subject,
      kind: mailOutbox.kind,
      status: mailOutbox.status,
      secret: mailOutbox.secret,
      text: mailOutbox.text,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.recipient, email))
    .orderBy(asc(mailOutbox.createdAt));
  // A message holding a key to the account (a reset link) is listed without its body.
  return rows.map(({ secret, text, createdAt, ...row }) => ({
    ...row,
    text: secret ? "" : text,
    createdAt: createdAt.toISOString(),
  }));
}
