import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { placeGuestOrder, setCookie } from "../../../server/auth/test-helpers.ts";
import { users } from "../../../server/customers/schema.ts";
import { DEMO_ACCOUNTS } from "../../../server/db/seed/accounts.ts";
import { mailOutbox } from "../../../server/mail/schema.ts";
import { rateLimitHits } from "../../../server/platform/schema.ts";
import { signedInCookie } from "../../../tests/support/accounts.ts";
import { startTestApp, type TestApp } from "../../../tests/support/app.ts";
import { databaseKinds } from "../../../tests/support/databases.ts";

const CHOSEN = "harbour-kite-lantern-57";
const OFFER = "Create an account to track this order";
const decode = (html: string) =>
  html.replaceAll("&amp;", "&").replaceAll("&#x27;", "'").replaceAll("&quot;", '"');

// The guest's account offer on the order's page, and the mailed link's page, as a browser
// without JavaScript uses them: urlencoded posts to the pages themselves (decision 0006).
describe.each(databaseKinds)("a guest's account from the order page on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind);
  });
  afterAll(() => app.close());
  beforeEach(async () => {
    await app.database.db.delete(rateLimitHits);
  });

  const postForm = (path: string, fields: Record<string, string>) =>
    app.fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url },
      body: new URLSearchParams(fields).toString(),
    });
  const page = async (path: string) => {
    const response = await app.fetch(path);
    return { status: response.status, html: decode(await response.text()) };
  };
  const orderPage = (order: { orderId: number; accessToken: string }) =>
    `/checkout/orders/${order.orderId}?token=${encodeURIComponent(order.accessToken)}&placed=1`;
  const guestEmail = () => `page-guest-${randomBytes(4).toString("hex")}@example.com`;
  const accountMailTo = async (email: string) =>
    (await app.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email))).filter(
      (row) => row.kind === "account-confirm",
    );
  const isGuest = async (email: string) =>
    (await app.database.db.select().from(users).where(eq(users.email, email)))[0]?.isGuest;

  it("opens an account from the confirmation page through the mailed link", async () => {
    const email = guestEmail();
    const order = await placeGuestOrder(app, email);
    const confirmation = await page(orderPage(order));
    expect(confirmation.status).toBe(200);
    expect(confirmation.html).toContain(OFFER);
    expect(confirmation.html).toContain('name="password"');
    // Without JavaScript the form posts to the page's own address, token and all.
    expect(confirmation.html).toContain(`action="${orderPage(order)}"`);
    expect(confirmation.html).toContain("At least 10 characters, not your email address");

    const weak = await postForm(orderPage(order), { password: "password123" });
    expect(weak.status).toBe(422);
    const weakHtml = decode(await weak.text());
    expect(weakHtml).toMatch(/aria-invalid="true"/);
    expect(weakHtml).toContain("This password is too common.");
    expect(weakHtml).not.toContain("password123");
    expect(await accountMailTo(email)).toEqual([]);

    const sent = await postForm(orderPage(order), { password: CHOSEN });
    expect(sent.status).toBe(200);
    const sentHtml = decode(await sent.text());
    expect(sentHtml).toContain(
      `We have emailed ${email} a link. Your account opens when you follow it.`,
    );
    expect(sentHtml).not.toContain(CHOSEN);
    expect(await isGuest(email)).toBe(true);

    await app.server.flushMail();
    const mail = await app.mailbox.waitFor(email, /Confirm your email address/);
    expect(mail.text).not.toContain(CHOSEN);
    const link = mail.text.match(/http:\/\/localhost:3000(\/reset-password\?token=[\w-]{43})/)?.[1];
    if (!link) throw new Error(`no link in: ${mail.text}`);
    const token = new URL(link, app.url).searchParams.get("token") ?? "";

    // The link's page asks only for a confirmation, and opening it changes nothing.
    const landing = await page(link);
    expect(landing.status).toBe(200);
    expect(landing.html).toContain("Confirm your email address");
    expect(landing.html).toContain("Confirm and open my account");
    expect(landing.html).not.toContain('name="password"');
    expect(landing.html).toContain(`action="${link}"`);
    expect(await isGuest(email)).toBe(true);

    const confirmed = await postForm(link, { token, intent: "confirm" });
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("location")).toBe("/login");
    expect(JSON.parse(setCookie(confirmed, "flash")?.value ?? "[]")).toEqual([
      { type: "SUCCESS", body: "Your account is ready. Sign in with the password you chose." },
    ]);
    expect(await isGuest(email)).toBe(false);

    const again = await postForm(link, { token, intent: "confirm" });
    expect(again.status).toBe(422);
    expect(decode(await again.text())).toContain(
      "This link has expired or has already been used. Ask for a new one.",
    );
    const used = await page(link);
    expect(used.html).toContain("This link has expired or has already been used.");
    expect(used.html).toContain("Ask for a new link");
    expect(used.html).not.toContain("Confirm and open my account");

    const signIn = await postForm("/login", { email, password: CHOSEN, redirect: "/" });
    expect(signIn.status).toBe(302);
    // The account is open: the order's page offers none any more.
    expect((await page(orderPage(order))).html).not.toContain(OFFER);
  });

  it("offers an account for a paid guest order only: not to an email that has one, nor before payment", async () => {
    const paid = await placeGuestOrder(app, guestEmail());
    expect((await page(orderPage(paid))).html).toContain(OFFER);
    const known = await placeGuestOrder(app, DEMO_ACCOUNTS.customer.email);
    expect((await page(orderPage(known))).html).not.toContain(OFFER);
    const pending = await placeGuestOrder(app, guestEmail(), "authenticate");
    const pendingPage = await page(orderPage(pending));
    expect(pendingPage.status).toBe(200);
    expect(pendingPage.html).not.toContain(OFFER);
  });

  it("answers a post for an email that has an account with its 409, and mails nothing", async () => {
    const { email } = DEMO_ACCOUNTS.customer;
    const order = await placeGuestOrder(app, email);
    const response = await postForm(orderPage(order), { password: CHOSEN });
    expect(response.status).toBe(409);
    expect(decode(await response.text())).toContain(
      "This email address already has an account. Sign in to see your orders.",
    );
    expect(await accountMailTo(email)).toEqual([]);
    // The account is as it was: its own password still signs in.
    await signedInCookie(app, DEMO_ACCOUNTS.customer);
  });

  it("still says at once that a used or made-up reset link cannot be used", async () => {
    const made = await page(`/reset-password?token=${"A".repeat(43)}`);
    expect(made.status).toBe(200);
    expect(made.html).toContain("This link has expired or has already been used.");
    expect(made.html).not.toContain('name="password"');
  });
});
