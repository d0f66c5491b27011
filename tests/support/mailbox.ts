import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/**
 * A message as the test mail server received it: the envelope's sender and recipients, the
 * header block as sent (folded lines joined), the subject and the text body decoded.
 */
export type ReceivedMail = {
  from: string;
  to: string[];
  head: string;
  subject: string;
  text: string;
};

export type Mailbox = {
  url: string;
  messages: ReceivedMail[];
  /** Resolves with the first message to `to` that arrives (or has arrived), or rejects after 5 s. */
  waitFor(to: string, subject?: RegExp): Promise<ReceivedMail>;
  close(): Promise<void>;
};

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/** Enough of RFC 5322 for the shop's single-part text messages. */
function parseMessage(raw: string, from: string, to: string[]): ReceivedMail {
  const split = raw.indexOf("\r\n\r\n") >= 0 ? raw.indexOf("\r\n\r\n") : raw.indexOf("\n\n");
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, " ");
  const body = raw.slice(split).trim();
  const header = (name: string) =>
    head.match(new RegExp(`^${name}:[ \\t]*(.*)$`, "im"))?.[1]?.trim() ?? "";
  const encoding = header("Content-Transfer-Encoding").toLowerCase();
  const text =
    encoding === "quoted-printable"
      ? decodeQuotedPrintable(body)
      : encoding === "base64"
        ? Buffer.from(body, "base64").toString("utf8")
        : body;
  return { from, to, head, subject: header("Subject"), text: text.replace(/\r\n/g, "\n") };
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives, for the app under test to send to. */
export async function startMailbox(): Promise<Mailbox> {
  const messages: ReceivedMail[] = [];
  const waiting = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
        const to = session.envelope.rcptTo.map((address) => address.address);
        messages.push(parseMessage(Buffer.concat(chunks).toString("utf8"), from, to));
        for (const wake of waiting) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  const find = (to: string, subject?: RegExp) =>
    messages.find(
      (message) => message.to.includes(to) && (!subject || subject.test(message.subject)),
    );
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(to, subject) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = find(to, subject);
          if (!found) return;
          cleanup();
          resolve(found);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`No message to ${to} within 5 s`));
        }, 5000);
        const cleanup = () => {
          clearTimeout(timer);
          waiting.delete(check);
        };
        waiting.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
