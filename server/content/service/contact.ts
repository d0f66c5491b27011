import { CONTACT_TOPICS } from "../../../common/contact-topics.ts";
import { type Refusal, rateLimited } from "../../../common/refusal.ts";
import type { Db } from "../../db/client.ts";
import { inTransaction } from "../../db/transaction.ts";
import { queueMail } from "../../mail/index.ts";
import { type RateLimit, takeRateLimit } from "../../platform/index.ts";
import { contactMessages } from "../schema.ts";
import type { ContactInput } from "../validators.ts";

/** One address may send this many messages an hour: plenty for a person, little for a spammer. */
export const CONTACT_LIMIT: RateLimit = { bucket: "contact", limit: 5, windowMs: 60 * 60 * 1000 };

/** What the sender is told once their message is on its way. */
export const CONTACT_THANKS =
  "Thank you. Your message is on its way to our customer care team, who reply within one working day.";

/** What a sender over the limit is told. */
export const CONTACT_TOO_MANY =
  "You have sent several messages in the last hour. Please try again later, or call us.";

/**
 * Keeps a contact message and mails it to customer care (reply-to the sender), in one
 * transaction, and says so in words for the sender. A message with the hidden honeypot field filled in came from a bot: it is told
 * all went well and nothing is kept or sent.
 */
export async function sendContactMessage(
  db: Db,
  input: ContactInput,
  context: { clientKey: string; supportEmail: string },
  now = new Date(),
): Promise<{ message: string } | Refusal> {
  const limit = await takeRateLimit(db, CONTACT_LIMIT, context.clientKey, now);
  if (!limit.allowed) return rateLimited(CONTACT_TOO_MANY, limit.retryAfterSeconds);
  if (input.website) return { message: CONTACT_THANKS };

  const topic = CONTACT_TOPICS.find((entry) => entry.id === input.topic)?.title ?? input.topic;
  await inTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({
        name: input.name,
        email: input.email,
        orderNumber: input.orderNumber ?? null,
        topic: input.topic,
        message: input.message,
        clientKey: context.clientKey,
        createdAt: now,
      })
      .returning({ id: contactMessages.id });
    await queueMail(tx, {
      to: context.supportEmail,
      replyTo: input.email,
      // Customer care's reply goes to "Their Name <email>".
      replyToName: input.name,
      kind: "contact",
      subject: `Contact form: ${topic}${input.orderNumber ? ` (order ${input.orderNumber})` : ""}`,
      text: [
        `Message ${row?.id} from the contact form.`,
        "",
        `From: ${input.name} <${input.email}>`,
        `Topic: ${topic}`,
        `Order number: ${input.orderNumber ?? "not given"}`,
        "",
        input.message,
      ].join("\n"),
    });
  });
  return { message: CONTACT_THANKS };
}
