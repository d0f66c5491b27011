import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { signedInCookie } from "../../tests/support/accounts.ts";
import { startTestApp, type TestApp } from "../../tests/support/app.ts";
import {
  charge,
  makeCheckoutStock,
  UK_ADDRESS,
  ukDeliveryOptions,
} from "../../tests/support/checkout.ts";
import { databaseKinds } from "../../tests/support/databases.ts";
import { makeUser, placeGuestOrder } from "../auth/test-helpers.ts";
import { contactMessages } from "../content/schema.ts";
import { users } from "../customers/schema.ts";
import type { Db } from "../db/client.ts";
import { DEMO_ACCOUNTS } from "../db/seed/accounts.ts";
import { ONE_LINE } from "../http/text-input.ts";
import { rateLimitHits } from "../platform/schema.ts";
import { mailOutbox } from "./schema.ts";

type Refused = { message: string; errors: Record<string, string[]> };

// A name with a line break and a header after it: in a header built by pasting, the second
// line would be a header of its own, copying the mail to whoever it names.
const INJECTED = "Eve Example\r\nBcc: victim@example.net";
const BREAKS = [INJECTED, "Eve\nExample", "Eve\rExample", "Eve\u2028Example", "Eve\u0085Example"];

/** The header lines of a received message, by lower-case name. */
const headerLines = (head: string, name: string) =>
  head.split(/\r?\n/).filter((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`));

describe.each(databaseKinds)("names in mail headers on %s", (kind) => {
  let app: TestApp;
  let db: Db;
  beforeAll(async () => {
    app = await startTestApp(kind);
    db = app.database.db;
  });
  afterAll(() => app.close());
  beforeEach(async () => {
    await db.delete(rateLimitHits);
  });

  const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    app.fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
  const uniqueEmail = (who: string) => `${who}-${randomBytes(4).toString("hex")}@example.com`;

  describe("refused where they are typed", () => {
    const contact = {
      email: "robin@example.com",
      topic: "sizing",
      message: "Does the oversized hoodie come up big? I am usually a medium.",
    };

    it.each(BREAKS)(
      "refuses the contact form's name %j with a 422 naming it, and sends nothing",
      async (name) => {
        const email = uniqueEmail("eve");
        const response = await postJson("/api/contact-messages", { ...contact, email, name });
        expect(response.status).toBe(422);
        expect(((await response.json()) as Refused).errors).toEqual({ name: [ONE_LINE] });
        expect(
          await db.select().from(contactMessages).where(eq(contactMessages.email, email)),
        ).toEqual([]);
        expect(await db.select().from(mailOutbox).where(eq(mailOutbox.replyTo, email))).toEqual([]);
      },
    );

    it("refuses it on the contact page without JavaScript too, beside the field", async () => {
      const email = uniqueEmail("eve");
      const response = await app.fetch("/help/contact", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url },
        body: new URLSearchParams({ ...contact, email, name: INJECTED, website: "" }).toString(),
      });
      expect(response.status).toBe(422);
      const html = await response.text();
      expect(html).toContain(ONE_LINE);
      // The message is tied to the field it is about.
      const field = /<input[^>]*\bname="name"[^>]*>/.exec(html)?.[0] ?? "";
      expect(field).toContain('aria-invalid="true"');
      expect(
        await db.select().from(contactMessages).where(eq(contactMessages.email, email)),
      ).toEqual([]);
    });

    it("refuses a delivery name with a line break at checkout, naming the field", async () => {
      const { teeId } = await makeCheckoutStock(db);
      const [delivery] = await ukDeliveryOptions(app);
      const response = await charge(app, {
        lines: [{ id: teeId, quantity: 1 }],
        email: uniqueEmail("eve"),
        shippingAddress: { ...UK_ADDRESS, fullName: INJECTED },
        deliveryOptionId: delivery?.id,
        payment: { provider: "test", outcome: "success" },
      });
      expect(response.status).toBe(422);
      expect(((await response.json()) as Refused).errors).toEqual({
        "shippingAddress.fullName": [ONE_LINE],
      });
    });

    it("refuses such a name when registering and when inviting staff", async () => {
      const register = await postJson("/api/register", {
        name: "Eve\u2028Example",
        email: uniqueEmail("eve"),
        password: "gull-pier-lantern-42",
      });
      expect(register.status).toBe(422);
      expect(Object.keys(((await register.json()) as Refused).errors)).toEqual(["name"]);

      const admin = await signedInCookie(app, DEMO_ACCOUNTS.admin, "/api/login-admin");
      const email = uniqueEmail("crew");
      const invite = await postJson(
        "/api/staff/staff/store",
        { name: INJECTED, email, role: "staff" },
        { Authorization: `Bearer ${admin.slice("token=".length)}` },
      );
      expect(invite.status).toBe(422);
      expect(((await invite.json()) as Refused).errors).toEqual({ name: [ONE_LINE] });
      expect(await db.select().from(users).where(eq(users.email, email))).toEqual([]);
    });
  });

  describe("made safe where the mail is built", () => {
    it("addresses a name kept from before the checks as one mailbox, with no header of its own", async () => {
      // A name stored before the inputs refused line breaks (or written by anything else).
      const { user } = await makeUser(db);
      await db.update(users).set({ name: INJECTED }).where(eq(users.id, user.id));
      expect((await postJson("/api/password/forgot", { email: user.email })).status).toBe(202);

      const [queued] = await db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.recipient, user.email));
      expect(queued?.recipientName).toBe("Eve Example Bcc: victim@example.net");
      await app.server.flushMail();
      const mail = await app.mailbox.waitFor(user.email, /Reset your Encore password/);
      // Delivered to the account alone: nobody was copied in.
      expect(mail.to).toEqual([user.email]);
      expect(app.mailbox.messages.some((each) => each.to.includes("victim@example.net"))).toBe(
        false,
      );
      expect(headerLines(mail.head, "bcc")).toEqual([]);
      expect(headerLines(mail.head, "cc")).toEqual([]);
      expect(headerLines(mail.head, "to")).toEqual([
        `To: "Eve Example Bcc: victim@example.net" <${user.email}>`,
      ]);
    });

    it('sends order mails to "Full Name <email>" and contact mails with the sender\'s name to reply to', async () => {
      const email = uniqueEmail("fan");
      await placeGuestOrder(app, email);
      await app.server.flushMail();
      const confirmation = await app.mailbox.waitFor(email, /is confirmed/);
      expect(headerLines(confirmation.head, "to")).toEqual([
        `To: ${UK_ADDRESS.fullName} <${email}>`,
      ]);

      const sender = uniqueEmail("robin");
      const sent = await postJson("/api/contact-messages", {
        name: "Robin O'Fan",
        email: sender,
        topic: "sizing",
        message: "Does the oversized hoodie come up big? I am usually a medium.",
      });
      expect(sent.status).toBe(202);
      await app.server.flushMail();
      // The only contact message this file lets through.
      const received = await app.mailbox.waitFor("help@encore.example", /Sizing and products/);
      expect(headerLines(received.head, "reply-to")).toEqual([
        `Reply-To: "Robin O'Fan" <${sender}>`,
      ]);
    });
  });
});
