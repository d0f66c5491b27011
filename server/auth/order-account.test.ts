import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { OrderSummary } from "../../common/orders.ts";
import { startTestApp, type TestApp } from "../../tests/support/app.ts";
import { databaseKinds } from "../../tests/support/databases.ts";
import { users } from "../customers/schema.ts";
import type { Db } from "../db/client.ts";
import { DEMO_ACCOUNTS } from "../db/seed/accounts.ts";
import { mailOutbox } from "../mail/schema.ts";
import { rateLimitHits } from "../platform/schema.ts";
import { ACCOUNT_CONFIRMED, LINK_NOT_VALID } from "./password-links.ts";
import { passwordResets } from "./schema.ts";
import { ORDER_EMAIL_HAS_ACCOUNT, ORDER_NOT_PAID_YET } from "./service.ts";
import { makeUser, placeGuestOrder } from "./test-helpers.ts";

type Json = Record<string, unknown>;
const CHOSEN = "harbour-kite-lantern-57";
const CONFIRM_SUBJECT = /Confirm your email address/;

// Decision 0006: a guest who chooses a password on the order's confirmation page gets an account
// only by following the link mailed to the order's email.
describe.each(databaseKinds)("a guest's account from an order on %s", (kind) => {
  let app: TestApp;
  let db: Db;
  beforeAll(async () => {
    app = await startTestApp(kind);
    db = app.database.db;
  });
  afterAll(() => app.close());
  // Every request here comes from 127.0.0.1: each test starts with the client limits unused.
  beforeEach(async () => {
    await db.delete(rateLimitHits);
  });

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    app.fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
  const json = async (response: Response) => (await response.json()) as Json;
  const guestEmail = () => `guest-${randomBytes(4).toString("hex")}@example.com`;
  const mailTo = (email: string) =>
    db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email));
  const accountMailTo = async (email: string) =>
    (await mailTo(email)).filter((row) => row.kind === "account-confirm");
  const linkIn = async (email: string) => {
    await app.server.flushMail();
    const mail = await app.mailbox.waitFor(email, CONFIRM_SUBJECT);
    const token = mail.text.match(/\/reset-password\?token=([A-Za-z0-9_-]{43})/)?.[1];
    if (!token) throw new Error(`no link in: ${mail.text}`);
    return { token, mail };
  };
  const userOf = async (email: string) =>
    (await db.select().from(users).where(eq(users.email, email)))[0];
  const linksOf = async (email: string) =>
    db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, (await userOf(email))?.id ?? 0));
  const ask = (order: { orderId: number; accessToken: string }, password = CHOSEN) =>
    post("/api/orders/create-account", {
      orderId: order.orderId,
      accessToken: order.accessToken,
      password,
    });

  it("mails a link that carries the password, and opens the account only when it is followed", async () => {
    const email = guestEmail();
    const order = await placeGuestOrder(app, email);
    const asked = await ask(order);
    expect(asked.status).toBe(202);
    expect(asked.headers.get("cache-control")).toBe("no-store");
    expect(await json(asked)).toEqual({
      data: {
        status: "confirmation-sent",
        message: `We have emailed ${email} a link. Your account opens when you follow it.`,
      },
    });
    // Nothing about the account changes before the address is proved.
    expect(await userOf(email)).toMatchObject({ isGuest: true, passwordHash: null });
    expect((await post("/api/login-user", { email, password: CHOSEN })).status).toBe(422);

    const { token, mail } = await linkIn(email);
    expect(mail.text).toContain(`when you ordered ${order.number}`);
    expect(mail.text).toContain("your orders will be in it");
    expect(mail.text).not.toContain(CHOSEN);
    const [link] = await linksOf(email);
    expect(link?.chosenPasswordHash).toMatch(/^scrypt\$/);
    const kept = JSON.stringify(
      await db.execute(sql`select * from mail_outbox, password_resets, users`),
    );
    expect(kept).not.toContain(CHOSEN);

    // Opening the link's page (as a mail scanner would) changes nothing.
    const page = await app.fetch(`/reset-password?token=${token}`);
    expect(page.status).toBe(200);
    expect(await userOf(email)).toMatchObject({ isGuest: true });

    const confirmed = await post("/api/password/confirm-account", { token });
    expect(confirmed.status).toBe(200);
    expect(await json(confirmed)).toEqual({ data: { message: ACCOUNT_CONFIRMED } });
    expect(await userOf(email)).toMatchObject({ isGuest: false });
    const [used] = await linksOf(email);
    expect(used?.usedAt).not.toBeNull();
    expect(used?.chosenPasswordHash).toBeNull();

    const signedIn = await post("/api/login-user", { email, password: CHOSEN });
    expect(signedIn.status).toBe(200);
    const { token: session } = (await json(signedIn)).data as { token: string };
    const list = await app.fetch("/api/user/orders", {
      headers: { Authorization: `Bearer ${session}` },
    });
    const orders = ((await json(list)).data as OrderSummary[]).map((row) => row.number);
    expect(orders).toEqual([order.number]);
  });

  it("lets a link confirm once", async () => {
    const email = guestEmail();
    const order = await placeGuestOrder(app, email);
    await ask(order);
    const { token } = await linkIn(email);
    const answers = await Promise.all([
      post("/api/password/confirm-account", { token }),
      post("/api/password/confirm-account", { token }),
    ]);
    expect(answers.map((response) => response.status).sort()).toEqual([200, 422]);
    const again = await post("/api/password/confirm-account", { token });
    expect(again.status).toBe(422);
    expect(await json(again)).toEqual({
      message: "Validation failed",
      errors: { token: [LINK_NOT_VALID] },
    });
  });

  it("confirms only a link that carries a password: a plain claim link asks for one", async () => {
    const guest = await makeUser(db, { isGuest: true });
    await post("/api/password/forgot", { email: guest.user.email });
    await app.server.flushMail();
    const mail = await app.mailbox.waitFor(guest.user.email, /Finish setting up/);
    const token = mail.text.match(/token=([A-Za-z0-9_-]{43})/)?.[1];
    const refused = await post("/api/password/confirm-account", { token });
    expect(refused.status).toBe(422);
    expect(((await json(refused)).errors as Json).token).toEqual([LINK_NOT_VALID]);
    expect(await userOf(guest.user.email)).toMatchObject({ isGuest: true });
    // The plain path is unchanged: the same link still takes a password.
    const reset = await post("/api/password/reset", { token, password: CHOSEN });
    expect(reset.status).toBe(200);
  });

  it("answers a wrong, missing or other order's token with the 404 of a missing order, and mails nothing", async () => {
    const email = guestEmail();
    const order = await placeGuestOrder(app, email);
    const other = await placeGuestOrder(app, guestEmail());
    const attempts = [
      { orderId: order.orderId, accessToken: "not-the-token", password: CHOSEN },
      { orderId: order.orderId, password: CHOSEN },
      { orderId: order.orderId, accessToken: other.accessToken, password: CHOSEN },
      { orderId: 2_147_483_000, accessToken: order.accessToken, password: CHOSEN },
    ];
    for (const body of attempts) {
      const response = await post("/api/orders/create-account", body);
      expect(response.status, JSON.stringify(body)).toBe(404);
      expect(await json(response)).toEqual({ message: "No such order." });
    }
    expect(await accountMailTo(email)).toEqual([]);
    expect(await linksOf(email)).toEqual([]);
  });

  it("sends the owner of a full account to sign in (409), and mails nothing", async () => {
    const { email } = DEMO_ACCOUNTS.customer;
    const order = await placeGuestOrder(app, email);
    const before = await userOf(email);
    const response = await ask(order);
    expect(response.status).toBe(409);
    expect(await json(response)).toEqual({ message: ORDER_EMAIL_HAS_ACCOUNT });
    expect(await userOf(email)).toEqual(before);
    expect(await accountMailTo(email)).toEqual([]);
  });

  it("waits for the order's payment (409)", async () => {
    const email = guestEmail();
    const order = await placeGuestOrder(app, email, "authenticate");
    const response = await ask(order);
    expect(response.status).toBe(409);
    expect(await json(response)).toEqual({ message: ORDER_NOT_PAID_YET });
    expect(await accountMailTo(email)).toEqual([]);
  });

  it.each([
    [{ password: "short-1" }, "password", /at least 10/],
    [{ password: "password123" }, "password", /too common/],
    [{ password: "" }, "password", /Choose a password/],
    [{ role: "admin" }, "body", /role/],
    [{ orderId: "1" }, "orderId", /number/],
  ])("refuses %j with 422 beside the field, and mails nothing", async (change, field, message) => {
    const email = guestEmail();
    const order = await placeGuestOrder(app, email);
    const response = await post("/api/orders/create-account", {
      orderId: order.orderId,
      accessToken: order.accessToken,
      password: CHOSEN,
      ...change,
    });
    expect(response.status).toBe(422);
    const errors = (await json(response)).errors as Record<string, string[]>;
    expect(errors[field]?.[0]).toMatch(message);
    expect(await accountMailTo(email)).toEqual([]);
  });

  it("refuses the email itself as the password", async () => {
    const email = guestEmail();
    const order = await placeGuestOrder(app, email);
    const response = await ask(order, email);
    expect(((await json(response)).errors as Json).password).toEqual([
      expect.stringMatching(/email/),
    ]);
  });

  it("mails one address at most three links an hour, and takes ten asks an hour from one client", async () => {
    const email = guestEmail();
    const order = await placeGuestOrder(app, email);
    for (let round = 0; round < 4; round++) {
      const response = await ask(order);
      expect(response.status).toBe(202);
    }
    expect(await accountMailTo(email)).toHaveLength(3);
    for (let round = 4; round < 10; round++) {
      await ask(order, "short");
    }
    const over = await ask(order);
    expect(over.status).toBe(429);
    expect(over.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("refuses a post from another site (419)", async () => {
    const order = await placeGuestOrder(app, guestEmail());
    const response = await post(
      "/api/orders/create-account",
      { orderId: order.orderId, accessToken: order.accessToken, password: CHOSEN },
      { "Sec-Fetch-Site": "cross-site" },
    );
    expect(response.status).toBe(419);
  });
});
