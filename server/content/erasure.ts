import { asc, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { contactMessages } from "./schema.ts";

/** UK GDPR erasure, the content's part: the customer's contact-form messages are deleted. */
export async function deleteContactMessagesOf(tx: Db, email: string): Promise<void> {
  await tx.delete(contactMessages).where(eq(contactMessages.email, email));
}

/** A customer's contact-form messages, for their right-of-access export. */
export async function contactMessagesOf(db: Db, email: string) {
  const rows = await db
    .select({
      name: contactMessages.name,
      email: contactMessages.email,
      orderNumber: contactMessages.orderNumber,
      topic: contactMessages.topic,
      message: contactMessages.message,
      createdAt: contactMessages.createdAt,
    })
    .from(contactMessages)
    .where(eq(contactMessages.email, email))
    .orderBy(asc(contactMessages.createdAt));
  return rows.map(({ createdAt, ...row }) => ({ ...row, sentAt: createdAt.toISOString() }));
}
