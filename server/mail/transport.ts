import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import nodemailer, { type SendMailOptions } from "nodemailer";
import type { Config } from "../config.ts";
import { headerSubject, mailbox } from "./headers.ts";
import type { OutboxMessage } from "./schema.ts";
import type { SendMail } from "./service.ts";

export type MailTransport = { send: SendMail; description: string; close(): void };

/**
 * A stored message as nodemailer sends it. Its headers are made safe again here, where they are
 * written: an outbox row is data like any other, and a name or subject in it must not end its
 * line. Names go as `{ name, address }`, which nodemailer quotes or encodes; an address that is
 * not one mailbox throws, so the message fails rather than reach whoever it names.
 */
export function envelopeOf(message: OutboxMessage): SendMailOptions {
  return {
    to: mailbox(message.recipient, message.recipientName),
    subject: headerSubject(message.subject),
    text: message.text,
    html: message.html ?? undefined,
    replyTo: message.replyTo ? mailbox(message.replyTo, message.replyToName) : undefined,
  };
}

/**
 * With `SMTP_URL`, messages go to that mail server. Without it (development, the demo) each is
 * written as an `.eml` file under `DATA_DIR/mail`, where any mail program opens it: a reset link
 * can be followed without a mail server, and nothing pretends to have been sent.
 */
export function createMailTransport(config: Config): MailTransport {
  const defaults = { from: config.mailFrom };
  if (config.smtpUrl) {
    const transporter = nodemailer.createTransport(config.smtpUrl, defaults);
    return {
      description: `SMTP ${new URL(config.smtpUrl).host}`,
      async send(message) {
        await transporter.sendMail(envelopeOf(message));
      },
      close: () => transporter.close(),
    };
  }
  const folder = join(config.dataDir, "mail");
  const transporter = nodemailer.createTransport(
    { streamTransport: true, buffer: true, newline: "unix" },
    defaults,
  );
  return {
    description: `files in ${folder}`,
    async send(message) {
      const info = await transporter.sendMail(envelopeOf(message));
      await mkdir(folder, { recursive: true });
      await writeFile(join(folder, `${message.id}-${message.kind}.eml`), info.message as Buffer);
    },
    close: () => transporter.close(),
  };
}
