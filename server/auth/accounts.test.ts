import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../tests/support/app.ts";
import { databaseKinds } from "../../tests/support/databases.ts";
import { users } from "../customers/schema.ts";
import { ACCOUNT_EXISTS } from "../customers/service.ts";
import type { Db } from "../db/client.ts";
import { DEMO_ACCOUNTS } from "../db/seed/accounts.ts";
import { mailOutbox } from "../mail/schema.ts";
import { rateLimitHits } from "../platform/schema.ts";
import { LINK_NOT_VALID, RESET_ANSWER_FLOOR_MS, RESET_REQUESTED } from "./password-links.ts";
import { accessTokens, passwordResets } from "./schema.ts";
import { GUEST_LINK_SENT } from "./service.ts";
import { makeUser, setCookie } from "./test-helpers.ts";

type Json = Record<string, unknown>;
const GOOD_PASSWORD = "gull-pier-lantern-42";

describe.each(databaseKinds)("account API on %s", (kind) => {
  let app: TestApp;
  let db: Db;

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    app.fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  const json = async (response: Response) => (await response.json()) as Json;
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const signIn = async (email: string, password: string) => {
    const response = await post("/api/login-user", { email, password });
    expect(response.status).toBe(200);
    return ((await json(response)).data as { token: string }).token;
  };
  const resetLink = async (email: string, subject: RegExp) => {
    await app.server.flushMail();
    const mail = await app.mailbox.waitFor(email, subject);
    const link = mail.text.match(/(\S+\/reset-password\?token=([A-Za-z0-9_-]{43}))/);
    if (!link?.[1] || !link[2]) throw new Error(`no link in: ${mail.text}`);
    return { url: link[1], token: link[2], mail };
  };

  beforeAll(async () => {
    app = await startTestApp(kind);
    db = app.database.db;
  });
  afterAll(() => app.close());
  // Every request here comes from 127.0.0.1: each test starts with the client limits unused.
  beforeEach(async () => {
    await db.delete(rateLimitHits);
  });

  describe("POST /api/register", () => {
    it("opens a full account, signs it in and stores only a hash of the password", async () => {
      const email = `new-${Date.now()}@example.com`;
      const response = await post("/api/register", {
        name: "  Robin Fan ",
        email: ` ${email.toUpperCase()} `,
        password: GOOD_PASSWORD,
        marketingConsent: true,
      });
      expect(response.status).toBe(201);
      const { token, user } = (await json(response)).data as { token: string; user: Json };
      expect(user).toEqual({ id: expect.any(Number), name: "Robin Fan", email, role: "customer" });
      expect(setCookie(response, "token")?.value).toBe(token);

      const [row] = await db.select().from(users).where(eq(users.email, email));
      expect(row).toMatchObject({ isGuest: false, marketingConsent: true, role: "customer" });
      expect(row?.passwordHash).toMatch(/^scrypt\$/);
      expect(row?.passwordHash).not.toContain(GOOD_PASSWORD);
      const show = await app.fetch("/api/user/user/show", { headers: bearer(token) });
      expect(((await json(show)).data as Json).email).toBe(email);
    });

    it("refuses an email that already has an account, whatever its case, and changes nothing", async () => {
      const { email } = DEMO_ACCOUNTS.customer;
      const before = await db.select().from(users).where(eq(users.email, email));
      const response = await post("/api/register", {
        name: "Impostor",
        email: email.toUpperCase(),
        password: GOOD_PASSWORD,
      });
      expect(response.status).toBe(422);
      expect(await json(response)).toEqual({
        message: "Validation failed",
        errors: { email: [ACCOUNT_EXISTS] },
      });
      expect(await db.select().from(users).where(eq(users.email, email))).toEqual(before);
    });

    it.each([
      [{ password: "short-1" }, "password", /at least 10/],
      [{ password: "password123" }, "password", /too common/],
      [{ email: "sam.jones@example.com", password: "sam.jones@example.com" }, "password", /email/],
      [{ name: "" }, "name", /Enter your name/],
      [{ name: "<script>" }, "name", /letters/],
      [{ email: "not-an-email" }, "email", /valid email/],
      [{ role: "admin" }, "body", /role/],
      [{ marketingConsent: "yes" }, "marketingConsent", /true or false/],
    ])("refuses %j with a field error and creates nothing", async (change, field, message) => {
      const email = `refused-${Math.random().toString(36).slice(2)}@example.com`;
      const response = await post("/api/register", {
        name: "Sam Jones",
        email,
        password: GOOD_PASSWORD,
        ...change,
      });
      expect(response.status).toBe(422);
      const errors = (await json(response)).errors as Record<string, string[]>;
      expect(errors[field]?.[0]).toMatch(message);
      const emails = [email, (change as { email?: string }).email ?? email];
      for (const address of emails) {
        expect(await db.select().from(users).where(eq(users.email, address))).toEqual([]);
      }
    });

    it("sends a guest a link to prove the address instead of taking the account over", async () => {
      const guest = await makeUser(db, { isGuest: true });
      const response = await post("/api/register", {
        name: "Not Really The Guest",
        email: guest.user.email,
        password: GOOD_PASSWORD,
      });
      expect(response.status).toBe(202);
      expect(await json(response)).toEqual({
        data: { status: "confirmation-sent", message: GUEST_LINK_SENT },
      });
      expect(setCookie(response, "token")).toBeUndefined();
      const [row] = await db.select().from(users).where(eq(users.id, guest.user.id));
      expect(row).toMatchObject({ isGuest: true, passwordHash: null, name: guest.user.name });

      // The guest follows the link, chooses a password and has a full account.
      const { token, mail } = await resetLink(guest.user.email, /Finish setting up/);
      expect(mail.text).toContain("earlier orders will be in your account");
      const done = await post("/api/password/reset", { token, password: GOOD_PASSWORD });
      expect(done.status).toBe(200);
      const [upgraded] = await db.select().from(users).where(eq(users.id, guest.user.id));
      expect(upgraded?.isGuest).toBe(false);
      await signIn(guest.user.email, GOOD_PASSWORD);
    });

    it("opens one account when the same email registers twice at once", async () => {
      const email = `twice-${Date.now()}@example.com`;
      const body = { name: "Twin", email, password: GOOD_PASSWORD };
      const answers = await Promise.all([post("/api/register", body), post("/api/register", body)]);
      expect(answers.map((response) => response.status).sort()).toEqual([201, 422]);
      expect(await db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
    });

    it("allows ten registrations an hour from one address, then 429 with Retry-After", async () => {
      for (let attempt = 0; attempt < 10; attempt++) {
        const response = await post("/api/register", {
          name: "Bulk",
          email: `bulk-${attempt}-${Date.now()}@example.com`,
          password: "x",
        });
        expect(response.status).toBe(422);
      }
      const blocked = await post("/api/register", {
        name: "Bulk",
        email: `bulk-last-${Date.now()}@example.com`,
        password: GOOD_PASSWORD,
      });
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(3500);
      expect(await db.select().from(users).where(eq(users.name, "Bulk"))).toEqual([]);
    });
  });

  describe("POST /api/has-full-account", () => {
    it("says whether a full account exists; a guest is not one", async () => {
      const guest = await makeUser(db, { isGuest: true });
      const ask = async (email: string) =>
        ((await json(await post("/api/has-full-account", { email }))).data as Json).hasFullAccount;
      expect(await ask(DEMO_ACCOUNTS.customer.email.toUpperCase())).toBe(true);
      expect(await ask(guest.user.email)).toBe(false);
      expect(await ask("nobody-at-all@example.com")).toBe(false);
    });

    it("refuses bad input with 422", async () => {
      expect((await post("/api/has-full-account", { email: "nope" })).status).toBe(422);
      expect((await post("/api/has-full-account", {})).status).toBe(422);
      expect((await post("/api/has-full-account", "{")).status).toBe(422);
    });

    it("answers 20 questions in 10 minutes from one address, then 429", async () => {
      for (let question = 0; question < 20; question++) {
        const response = await post("/api/has-full-account", { email: `q${question}@example.com` });
        expect(response.status).toBe(200);
      }
      const blocked = await post("/api/has-full-account", { email: "q21@example.com" });
      expect(blocked.status).toBe(429);
      const wait = Number(blocked.headers.get("retry-after"));
      expect(wait).toBeGreaterThan(590);
      expect(wait).toBeLessThanOrEqual(600);
    });
  });

  describe("password reset", () => {
    it("answers a known and an unknown email in the same time, so timing tells nothing", async () => {
      const { user } = await makeUser(db);
      const time = async (email: string) => {
        const started = performance.now();
        expect((await post("/api/password/forgot", { email })).status).toBe(202);
        return performance.now() - started;
      };
      const known: number[] = [];
      const unknown: number[] = [];
      // Alternate, so a slow moment of the machine hits both.
      for (let round = 0; round < 3; round++) {
        known.push(await time(user.email));
        unknown.push(await time(`ghost-${user.id}-${round}@example.com`));
      }
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[1] ?? 0;
      // Both wait for the same floor; the work behind a known email hides inside it.
      expect(Math.min(...known, ...unknown)).toBeGreaterThanOrEqual(RESET_ANSWER_FLOOR_MS - 5);
      expect(Math.abs(median(known) - median(unknown))).toBeLessThan(RESET_ANSWER_FLOOR_MS / 3);
    });

    it("answers the same for a known and an unknown email, and mails only the account", async () => {
      const { user } = await makeUser(db);
      const known = await post("/api/password/forgot", { email: user.email });
      const unknown = await post("/api/password/forgot", { email: `ghost-${user.id}@example.com` });
      for (const response of [known, unknown]) {
        expect(response.status).toBe(202);
        expect(await json(response)).toEqual({ data: { message: RESET_REQUESTED } });
      }
      const { url, mail } = await resetLink(user.email, /Reset your Encore password/);
      // security.md #21: the link is built from PUBLIC_URL, not from the request's Host.
      expect(url.startsWith("http://localhost:3000/reset-password?token=")).toBe(true);
      expect(mail.text).toContain("works once, for 60 minutes");
      const queued = await db.select().from(mailOutbox);
      expect(queued.some((row) => row.recipient === `ghost-${user.id}@example.com`)).toBe(false);
    });

    it("builds the link from PUBLIC_URL even when the request names another host", async () => {
      const { user } = await makeUser(db);
      await post("/api/password/forgot", { email: user.email }, { Host: "evil.example" });
      const { url } = await resetLink(user.email, /Reset/);
      expect(url).not.toContain("evil.example");
    });

    it("stores the link's token only as a hash, lets it work once, and signs out every session", async () => {
      const { user, password } = await makeUser(db);
      const session = await signIn(user.email, password);
      await post("/api/password/forgot", { email: user.email });
      const { token } = await resetLink(user.email, /Reset/);
      const everything = JSON.stringify(await db.execute(sql`select * from password_resets`));
      expect(everything).not.toContain(token);
      // Nor does the outbox keep the link once it has gone (security.md #21).
      const outbox = JSON.stringify(await db.execute(sql`select * from mail_outbox`));
      expect(outbox).not.toContain(token);

      const weak = await post("/api/password/reset", { token, password: "qwertyuiop" });
      expect(weak.status).toBe(422);
      expect(((await json(weak)).errors as Json).password).toEqual([
        expect.stringMatching(/too common/),
      ]);

      const done = await post("/api/password/reset", { token, password: GOOD_PASSWORD });
      expect(done.status).toBe(200);
      const again = await post("/api/password/reset", { token, password: `${GOOD_PASSWORD}-2` });
      expect(again.status).toBe(422);
      expect(await json(again)).toEqual({
        message: "Validation failed",
        errors: { token: [LINK_NOT_VALID] },
      });
      const old = await app.fetch("/api/user/user/show", { headers: bearer(session) });
      expect(old.status).toBe(401);
      expect((await post("/api/login-user", { email: user.email, password })).status).toBe(422);
      await signIn(user.email, GOOD_PASSWORD);
    });

    it("refuses a link older than an hour, a made-up token and a malformed one", async () => {
      const { user } = await makeUser(db);
      await post("/api/password/forgot", { email: user.email });
      const { token } = await resetLink(user.email, /Reset/);
      await db
        .update(passwordResets)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(passwordResets.userId, user.id));
      const expired = await post("/api/password/reset", { token, password: GOOD_PASSWORD });
      expect(((await json(expired)).errors as Json).token).toEqual([LINK_NOT_VALID]);
      const madeUp = await post("/api/password/reset", {
        token: "A".repeat(43),
        password: GOOD_PASSWORD,
      });
      expect(((await json(madeUp)).errors as Json).token).toEqual([LINK_NOT_VALID]);
      const malformed = await post("/api/password/reset", { token: "x", password: GOOD_PASSWORD });
      expect(malformed.status).toBe(422);
      const [row] = await db.select().from(users).where(eq(users.id, user.id));
      expect(row?.passwordHash).toBe(user.passwordHash);
    });

    it("lets only one of two simultaneous uses of a link through", async () => {
      const { user } = await makeUser(db);
      await post("/api/password/forgot", { email: user.email });
      const { token } = await resetLink(user.email, /Reset/);
      const answers = await Promise.all([
        post("/api/password/reset", { token, password: `${GOOD_PASSWORD}-a` }),
        post("/api/password/reset", { token, password: `${GOOD_PASSWORD}-b` }),
      ]);
      expect(answers.map((response) => response.status).sort()).toEqual([200, 422]);
    });

    it("mails one address at most three links an hour, however often it is asked", async () => {
      const { user } = await makeUser(db);
      for (let ask = 0; ask < 5; ask++) {
        const response = await post("/api/password/forgot", { email: user.email });
        expect(response.status).toBe(202);
      }
      const queued = await db.select().from(mailOutbox).where(eq(mailOutbox.recipient, user.email));
      expect(queued).toHaveLength(3);
    });
  });

  describe("POST /api/user/user/password/update", () => {
    it("changes the password, keeps this session and revokes the others", async () => {
      const { user, password } = await makeUser(db);
      const here = await signIn(user.email, password);
      const elsewhere = await signIn(user.email, password);
      const response = await post(
        "/api/user/user/password/update",
        { currentPassword: password, password: GOOD_PASSWORD },
        bearer(here),
      );
      expect(response.status).toBe(200);
      expect((await app.fetch("/api/user/user/show", { headers: bearer(here) })).status).toBe(200);
      const other = await app.fetch("/api/user/user/show", { headers: bearer(elsewhere) });
      expect(other.status).toBe(401);
      await signIn(user.email, GOOD_PASSWORD);
    });

    it.each([
      [{ currentPassword: "wrong-password" }, "currentPassword", /current password is not right/],
      [{ password: "1234567890" }, "password", /too common/],
      [{ password: "short" }, "password", /at least 10/],
      [{ password: undefined }, "password", /Choose a new password/],
      [{ isGuest: false }, "body", /isGuest/],
    ])("refuses %j and keeps the old password", async (change, field, message) => {
      const { user, password } = await makeUser(db);
      const token = await signIn(user.email, password);
      const response = await post(
        "/api/user/user/password/update",
        { currentPassword: password, password: GOOD_PASSWORD, ...change },
        bearer(token),
      );
      expect(response.status).toBe(422);
      expect(((await json(response)).errors as Record<string, string[]>)[field]?.[0]).toMatch(
        message,
      );
      await signIn(user.email, password);
    });

    it("lets a session guess the current password five times in 15 minutes, then 429", async () => {
      const { user, password } = await makeUser(db);
      const token = await signIn(user.email, password);
      const change = (currentPassword: string) =>
        post(
          "/api/user/user/password/update",
          { currentPassword, password: GOOD_PASSWORD },
          bearer(token),
        );
      for (let guess = 0; guess < 5; guess += 1) {
        expect((await change(`wrong-guess-${guess}`)).status).toBe(422);
      }
      const sixth = await change(password);
      expect(sixth.status).toBe(429);
      expect(sixth.headers.get("retry-after")).toMatch(/^\d+$/);
      await signIn(user.email, password);
    });

    it("needs a customer token: none is 401, a staff token is 403", async () => {
      const body = { currentPassword: "whatever-1", password: GOOD_PASSWORD };
      expect((await post("/api/user/user/password/update", body)).status).toBe(401);
      const { email, password } = DEMO_ACCOUNTS.staff;
      const staff = await post("/api/login-admin", { email, password });
      const { token } = (await json(staff)).data as { token: string };
      const refused = await post("/api/user/user/password/update", body, bearer(token));
      expect(refused.status).toBe(403);
    });
  });

  describe("saved details", () => {
    it("shows the demo customer's saved shipping and billing addresses", async () => {
      const token = await signIn(DEMO_ACCOUNTS.customer.email, DEMO_ACCOUNTS.customer.password);
      for (const path of ["/api/user/shipping-details", "/api/user/billing-details"]) {
        const response = await app.fetch(path, { headers: bearer(token) });
        expect(response.status).toBe(200);
        expect(await json(response)).toEqual({
          data: {
            fullName: "Alex Fan",
            line1: "Flat 3, 18 Tib Street",
            line2: null,
            city: "Manchester",
            county: null,
            postcode: "M4 1SH",
            country: "GB",
            phone: "07700 900123",
          },
        });
      }
    });

    it("shows null for a customer with nothing saved, and 401 without a token", async () => {
      const { user, password } = await makeUser(db);
      const token = await signIn(user.email, password);
      const response = await app.fetch("/api/user/shipping-details", { headers: bearer(token) });
      expect(await json(response)).toEqual({ data: null });
      expect((await app.fetch("/api/user/billing-details")).status).toBe(401);
    });
  });

  it("never lets a revoked token back in after a password change", async () => {
    const { user, password } = await makeUser(db);
    const token = await signIn(user.email, password);
    await post("/api/password/forgot", { email: user.email });
    const { token: link } = await resetLink(user.email, /Reset/);
    await post("/api/password/reset", { token: link, password: GOOD_PASSWORD });
    const rows = await db.select().from(accessTokens).where(eq(accessTokens.userId, user.id));
    expect(rows.every((row) => row.revokedAt !== null)).toBe(true);
    expect((await app.fetch("/api/user/user/show", { headers: bearer(token) })).status).toBe(401);
  });
});
