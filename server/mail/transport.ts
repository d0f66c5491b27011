import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import nodemailer from "nodemailer";
import type { Config } from "../config.ts";
import type { SendMail } from "./service.ts";

export type MailTransport = { send: SendMail; description: string; close(): void };

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
        await transporter.sendMail({
          to: message.recipient,
          subject: message.subject,
          text: message.text,
          html: message.html ?? undefined,
          replyTo: message.replyTo ?? undefined,
        });
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
      const info = await transporter.sendMail({
        to: message.recipient,
        subject: message.subject,
        text: message.text,
        html: message.html ?? undefined,
        replyTo: message.replyTo ?? undefined,
      });
      await mkdir(folder, { recursive: true });
      await writeFile(join(folder, `${message.id}-${message.kind}.eml`), info.message as Buffer);
    },
    close: () => transporter.close(),
  };
}
