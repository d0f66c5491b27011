import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from "../../tests/support/databases.ts";
import { startMailbox } from "../../tests/support/mailbox.ts";
import { loadConfig } from "../config.ts";
import { mailOutbox } from "./schema.ts";
import {
  deliverDueMail,
  ERASED_BODY,
  queueMail,
  RETRY_DELAYS_MS,
  type SendMail,
} from "./service.ts";
import { createMailTransport } from "./transport.ts";

const message = (to: string) => ({
  to,
  subject: "Your order is on its way",
  text: "Hello,\n\nYour parcel left our warehouse in Manchester today.",
  kind: "test",
});

describe.each(databaseKinds)("mail outbox on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.drop());
  beforeEach(async () => {
    await database.db.delete(mailOutbox);
  });

  it("delivers a queued message through a real SMTP server and marks it sent", async () => {
    const mailbox = await startMailbox();
    const transport = createMailTransport(
      loadConfig({ SMTP_URL: mailbox.url, MAIL_FROM: "Encore <shop@encore.example>" }),
    );
    try {
      const id = await queueMail(database.db, message("fan@example.com"));
      expect(await deliverDueMail(database.db, transport.send)).toEqual({ sent: 1, failed: 0 });
      const received = await mailbox.waitFor("fan@example.com");
      expect(received).toMatchObject({
        from: "shop@encore.example",
        subject: "Your order is on its way",
      });
      expect(received.text).toContain("left our warehouse in Manchester");
      const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
      // Sent once: a second run finds nothing due.
      expect(await deliverDueMail(database.db, transport.send)).toEqual({ sent: 0, failed: 0 });
      expect(mailbox.messages).toHaveLength(1);
    } finally {
      transport.close();
      await mailbox.close();
    }
  });

  it("erases a secret message's body once it has gone, and once it has failed for good", async () => {
    const link =
      "http://localhost:3000/reset-password?token=AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-ABCD";
    const secret = {
      ...message("reset@example.com"),
      text: `Choose a password: ${link}`,
      secret: true,
    };
    const sentId = await queueMail(database.db, secret);
    const plainId = await queueMail(database.db, message("plain@example.com"));
    const sent: string[] = [];
    await deliverDueMail(database.db, async (row) => {
      sent.push(row.text);
    });
    // The recipient got the link; the outbox no longer holds it. Other mail keeps its body.
    expect(sent).toContain(`Choose a password: ${link}`);
    const rows = await database.db.select().from(mailOutbox);
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(sentId)).toMatchObject({ status: "sent", text: ERASED_BODY, html: null });
    expect(byId.get(plainId)?.text).toContain("left our warehouse");
    expect(JSON.stringify(rows)).not.toContain("AbCdEfGh");

    const failingId = await queueMail(database.db, { ...secret, to: "down@example.com" });
    const down: SendMail = async () => {
      throw new Error("connect ECONNREFUSED");
    };
    let at = new Date();
    for (const delay of [0, ...RETRY_DELAYS_MS]) {
      at = new Date(at.getTime() + delay);
      await deliverDueMail(database.db, down, at);
    }
    const [failed] = await database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.id, failingId));
    expect(failed).toMatchObject({ status: "failed", text: ERASED_BODY });
  });

  it("keeps a message when the mail server is down, retries with growing waits, then gives up", async () => {
    const id = await queueMail(database.db, message("retry@example.com"));
    const down: SendMail = async () => {
      throw new Error("connect ECONNREFUSED 127.0.0.1:25");
    };
    let now = new Date();
    for (const [attempt, delay] of RETRY_DELAYS_MS.entries()) {
      expect(await deliverDueMail(database.db, down, now)).toEqual({ sent: 0, failed: 1 });
      const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      expect(row).toMatchObject({ status: "pending", attempts: attempt + 1 });
      expect(row?.lastError).toContain("ECONNREFUSED");
      expect(row?.nextAttemptAt.getTime()).toBe(now.getTime() + delay);
      // Not due before its time.
      expect(await deliverDueMail(database.db, down, new Date(now.getTime() + delay - 1))).toEqual({
        sent: 0,
        failed: 0,
      });
      now = new Date(now.getTime() + delay);
    }
    expect(await deliverDueMail(database.db, down, now)).toEqual({ sent: 0, failed: 1 });
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: "failed", attempts: RETRY_DELAYS_MS.length + 1 });
  });

  it("never hands one message to two workers running at once", async () => {
    for (let index = 0; index < 6; index++)
      await queueMail(database.db, message(`w${index}@example.com`));
    const sentTo: string[] = [];
    const send: SendMail = async (row) => {
      sentTo.push(row.recipient);
    };
    await Promise.all([deliverDueMail(database.db, send), deliverDueMail(database.db, send)]);
    expect(sentTo.sort()).toEqual([0, 1, 2, 3, 4, 5].map((index) => `w${index}@example.com`));
  });
});

describe("mail without SMTP_URL", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "encore-mail-"));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it("writes each message as an .eml file under DATA_DIR/mail", async () => {
    const transport = createMailTransport(loadConfig({ DATA_DIR: dataDir }));
    expect(transport.description).toBe(`files in ${join(dataDir, "mail")}`);
    await transport.send({
      id: 41,
      recipient: "fan@example.com",
      // A row's name is made header-safe where the message is written, whatever the row holds.
      recipientName: "Sam Fan\r\nBcc: victim@example.net",
      replyToName: null,
      subject: "Reset your Encore password",
      text: "Choose a new password: http://localhost:3000/reset-password?token=abc",
      html: null,
      secret: true,
      kind: "password-reset",
      replyTo: null,
      status: "pending",
      attempts: 0,
      nextAttemptAt: new Date(),
      lastError: null,
      createdAt: new Date(),
      sentAt: null,
    });
    expect(await readdir(join(dataDir, "mail"))).toEqual(["41-password-reset.eml"]);
    const file = await readFile(join(dataDir, "mail", "41-password-reset.eml"), "utf8");
    expect(file).toContain('To: "Sam Fan Bcc: victim@example.net" <fan@example.com>');
    expect(file).not.toMatch(/^Bcc:/im);
    expect(file).toContain("Subject: Reset your Encore password");
    expect(file).toContain("From: Encore <shop@encore.example>");
  });
});
