import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../tests/support/app.ts";
import { databaseKinds } from "../../tests/support/databases.ts";
import type { Db } from "../db/client.ts";
import { DEMO_ACCOUNTS } from "../db/seed/accounts.ts";
import { accessTokens, loginAttempts } from "./schema.ts";
import { makeUser, setCookie } from "./test-helpers.ts";

const THIRTY_DAYS = 30 * 24 * 60 * 60;
const MISMATCH = {
  message: "Validation failed",
  errors: { email: ["These details do not match our records."] },
};
const PAGE_EXPIRED = { message: "The page expired. Please reload it and try again." };
const UNAUTHENTICATED = { message: "Unauthenticated." };

type LoginBody = {
  data: { token: string; user: Record<string, unknown> };
};

describe.each(databaseKinds)("accounts API on %s", (kind) => {
  let app: TestApp;
  let db: Db;

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    app.fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  const loginUser = (email: string, password: string) =>
    post("/api/login-user", { email, password });
  const signedIn = async (
    path: "/api/login-user" | "/api/login-admin",
    email: string,
    password: string,
  ) => {
    const response = await post(path, { email, password });
    expect(response.status).toBe(200);
    return ((await response.json()) as LoginBody).data.token;
  };
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const tokenRow = async (token: string) => {
    const hash = createHash("sha256").update(token).digest("hex");
    const [row] = await db.select().from(accessTokens).where(eq(accessTokens.tokenHash, hash));
    if (!row) throw new Error("no such token");
    return row;
  };
  const xsrfCookie = async () => {
    const cookie = setCookie(await app.fetch("/sanctum/csrf-cookie"), "XSRF-TOKEN");
    if (!cookie) throw new Error("no XSRF cookie");
    return cookie.value;
  };

  beforeAll(async () => {
    app = await startTestApp(kind);
    db = app.database.db;
  });
  afterAll(() => app.close());

  describe("signing in", () => {
    it("signs the demo customer in with a token shown once, in an HttpOnly cookie and stored only as a hash", async () => {
      const { email, password, name } = DEMO_ACCOUNTS.customer;
      // The email matches whatever its case and surrounding spaces.
      const response = await loginUser(`  ${email.toUpperCase()} `, password);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      const body = (await response.json()) as LoginBody;
      const { token, user } = body.data;
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(user).toEqual({ id: expect.any(Number), name, email, role: "customer" });

      const cookie = setCookie(response, "token");
      expect(cookie?.value).toBe(token);
      expect(cookie?.attributes).toEqual(
        expect.arrayContaining(["httponly", "samesite=lax", "path=/", `max-age=${THIRTY_DAYS}`]),
      );
      // The test shop is plain http://, so the cookie is not Secure there.
      expect(cookie?.attributes).not.toContain("secure");

      const row = await tokenRow(token);
      expect(row).toMatchObject({ userId: user.id, ability: "customer", revokedAt: null });
      expect(row.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
      const days = (row.expiresAt.getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(29.99);
      expect(days).toBeLessThanOrEqual(30);
      const everything = await db.execute(sql`select * from access_tokens`);
      expect(JSON.stringify(everything)).not.toContain(token);

      const show = await app.fetch("/api/user/user/show", { headers: bearer(token) });
      expect(show.status).toBe(200);
      expect(show.headers.get("cache-control")).toBe("private, no-store");
      expect(await show.json()).toEqual({ data: { id: user.id, name, email, role: "customer" } });
    });

    it("gives the same answer for a wrong password, an unknown email and a guest", async () => {
      const { user } = await makeUser(db);
      const guest = await makeUser(db, { isGuest: true });
      const answers = await Promise.all([
        loginUser(user.email, "not-the-password"),
        loginUser(`nobody-${user.id}@example.com`, "not-the-password"),
        loginUser(guest.user.email, "not-the-password"),
        loginUser(guest.user.email, ""),
      ]);
      for (const response of answers.slice(0, 3)) {
        expect(response.status).toBe(422);
        expect(await response.json()).toEqual(MISMATCH);
        expect(setCookie(response, "token")).toBeUndefined();
      }
      // An empty password is a form error, not a guess.
      expect(answers[3]?.status).toBe(422);
    });

    it("takes about as long for an unknown email as for a wrong password", async () => {
      const { user } = await makeUser(db);
      const time = async (email: string) => {
        const started = performance.now();
        await loginUser(email, "not-the-password");
        return performance.now() - started;
      };
      // Alternate, so a slow moment of the machine hits both.
      const known: number[] = [];
      const unknown: number[] = [];
      for (let round = 0; round < 2; round++) {
        known.push(await time(user.email));
        unknown.push(await time(`ghost-${user.id}@example.com`));
      }
      const fastest = (values: number[]) => Math.min(...values);
      // Both verify a scrypt hash: neither is an order of magnitude faster.
      expect(fastest(unknown)).toBeGreaterThan(fastest(known) / 4);
    });

    it("signs staff in at login-admin and refuses a customer there with the same answer", async () => {
      const { email, password, name } = DEMO_ACCOUNTS.staff;
      const response = await post("/api/login-admin", { email, password });
      expect(response.status).toBe(200);
      const { token, user } = ((await response.json()) as LoginBody).data;
      expect(user).toEqual({ id: expect.any(Number), name, email, role: "staff" });
      expect((await tokenRow(token)).ability).toBe("staff");

      const details = await app.fetch("/api/user", { headers: bearer(token) });
      expect(details.status).toBe(200);
      expect(await details.json()).toEqual({ data: user });

      const customer = await makeUser(db);
      const refused = await post("/api/login-admin", {
        email: customer.user.email,
        password: customer.password,
      });
      expect(refused.status).toBe(422);
      expect(await refused.json()).toEqual(MISMATCH);

      const admin = await makeUser(db, { role: "admin" });
      await signedIn("/api/login-admin", admin.user.email, admin.password);
    });

    it("refuses the sixth attempt in 15 minutes with a 429 and Retry-After, even with the right password", async () => {
      const { user, password } = await makeUser(db);
      for (let attempt = 1; attempt <= 5; attempt++) {
        const response = await loginUser(user.email, `wrong-${attempt}`);
        expect(response.status).toBe(422);
      }
      const blocked = await loginUser(user.email.toUpperCase(), password);
      expect(blocked.status).toBe(429);
      const retryAfter = Number(blocked.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(890);
      expect(retryAfter).toBeLessThanOrEqual(900);
      expect(setCookie(blocked, "token")).toBeUndefined();
      // Refused attempts are not guesses: only the five failures are counted.
      const counted = await db
        .select()
        .from(loginAttempts)
        .where(eq(loginAttempts.email, user.email));
      expect(counted).toHaveLength(5);
      expect(counted.every((row) => !row.succeeded && row.clientKey === "127.0.0.1")).toBe(true);

      // Another account from the same client is not affected.
      const other = await makeUser(db);
      await signedIn("/api/login-user", other.user.email, other.password);

      // Ten minutes on, the oldest failure is five minutes from leaving the window.
      await db.execute(
        sql`update login_attempts set created_at = created_at - interval '10 minutes' where email = ${user.email}`,
      );
      const later = await loginUser(user.email, password);
      expect(later.status).toBe(429);
      const wait = Number(later.headers.get("retry-after"));
      expect(wait).toBeGreaterThan(290);
      expect(wait).toBeLessThanOrEqual(300);

      // Once the failures are 15 minutes old, the right password works again.
      await db.execute(
        sql`update login_attempts set created_at = created_at - interval '5 minutes' where email = ${user.email}`,
      );
      await signedIn("/api/login-user", user.email, password);
    });

    it("lets no more than five guesses through when they arrive all at once", async () => {
      const { user } = await makeUser(db);
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, index) => loginUser(user.email, `burst-${index}`)),
      );
      const statuses = answers.map((response) => response.status);
      expect(statuses.filter((status) => status === 422).length).toBeLessThanOrEqual(5);
      expect(statuses.filter((status) => status !== 422).every((status) => status === 429)).toBe(
        true,
      );
      expect(statuses).toContain(429);
      const kept = await db.$count(loginAttempts, eq(loginAttempts.email, user.email));
      expect(kept).toBeLessThanOrEqual(5);
    });

    it("forgets attempts older than a day when someone signs in", async () => {
      const email = `old-${Date.now()}@example.com`;
      await db.insert(loginAttempts).values({
        email,
        clientKey: "192.0.2.1",
        succeeded: false,
        createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000),
      });
      const { user, password } = await makeUser(db);
      await signedIn("/api/login-user", user.email, password);
      expect(await db.$count(loginAttempts, eq(loginAttempts.email, email))).toBe(0);
    });

    it("counts unknown emails too, so probing them is limited alike", async () => {
      const email = `probe-${Date.now()}@example.com`;
      for (let attempt = 1; attempt <= 5; attempt++) {
        expect((await loginUser(email, "guess")).status).toBe(422);
      }
      expect((await loginUser(email, "guess")).status).toBe(429);
    });

    it("refuses malformed details with a 422 and records no attempt", async () => {
      const cases: Array<[unknown, string]> = [
        [{ email: "fan@example.com", password: "x", remember: true }, "body"],
        [{ email: "fan@example.com" }, "password"],
        [{ email: `${"a".repeat(243)}@example.com`, password: "x" }, "email"],
        [{ email: "not an email", password: "x" }, "email"],
        [{ email: 42, password: ["x"] }, "email"],
        ['{"email": "fan@example.com", ', "body"],
        [[], "body"],
      ];
      const before = await db.$count(loginAttempts);
      for (const [body, field] of cases) {
        const response = await post("/api/login-user", body);
        expect(response.status, JSON.stringify(body)).toBe(422);
        const answer = (await response.json()) as { message: string; errors: object };
        expect(answer.message).toBe("Validation failed");
        expect(Object.keys(answer.errors)).toContain(field);
      }
      expect(await db.$count(loginAttempts)).toBe(before);
    });
  });

  describe("tokens", () => {
    it("answers 401 for no token, an unknown one, and an expired one", async () => {
      const { user, password } = await makeUser(db);
      const token = await signedIn("/api/login-user", user.email, password);
      const cases: Array<Record<string, string>> = [
        {},
        bearer("A".repeat(43)),
        bearer("not a token"),
        { Cookie: `token=${"B".repeat(43)}` },
      ];
      for (const headers of cases) {
        const response = await app.fetch("/api/user/user/show", { headers });
        expect(response.status).toBe(401);
        expect(await response.json()).toEqual(UNAUTHENTICATED);
      }
      expect((await app.fetch("/api/user/user/show", { headers: bearer(token) })).status).toBe(200);
      await db.execute(
        sql`update access_tokens set expires_at = now() - interval '1 second' where user_id = ${user.id}`,
      );
      const expired = await app.fetch("/api/user/user/show", { headers: bearer(token) });
      expect(expired.status).toBe(401);
      expect(await expired.json()).toEqual(UNAUTHENTICATED);
    });

    it("moves the expiry on with use, at most once a minute", async () => {
      const { user, password } = await makeUser(db);
      const token = await signedIn("/api/login-user", user.email, password);
      await db.execute(
        sql`update access_tokens set expires_at = now() + interval '1 day', last_used_at = now() - interval '2 minutes' where user_id = ${user.id}`,
      );
      const before = await tokenRow(token);
      // By cookie: the cookie's lifetime is renewed with the token's.
      const response = await app.fetch("/api/user/user/show", {
        headers: { Cookie: `token=${token}` },
      });
      expect(response.status).toBe(200);
      expect(setCookie(response, "token")?.attributes).toContain(`max-age=${THIRTY_DAYS}`);
      const after = await tokenRow(token);
      expect(after.expiresAt.getTime() - Date.now()).toBeGreaterThan((THIRTY_DAYS - 60) * 1000);
      expect(after.lastUsedAt?.getTime()).toBeGreaterThan(before.lastUsedAt?.getTime() ?? 0);

      // Used again within the minute: nothing is written.
      const again = await app.fetch("/api/user/user/show", { headers: bearer(token) });
      expect(again.status).toBe(200);
      expect(setCookie(again, "token")).toBeUndefined();
      expect((await tokenRow(token)).expiresAt).toEqual(after.expiresAt);
    });

    it("gives staff details at GET /api/user to staff tokens only", async () => {
      const customer = await makeUser(db);
      const customerToken = await signedIn(
        "/api/login-user",
        customer.user.email,
        customer.password,
      );
      const forbidden = await app.fetch("/api/user", { headers: bearer(customerToken) });
      expect(forbidden.status).toBe(403);
      expect((await app.fetch("/api/user")).status).toBe(401);

      // A staff member signed in at the shop's door holds a customer token: not the staff area.
      const staff = await makeUser(db, { role: "staff" });
      const shopToken = await signedIn("/api/login-user", staff.user.email, staff.password);
      expect((await app.fetch("/api/user", { headers: bearer(shopToken) })).status).toBe(403);
      // And a staff token is not a shopper's.
      const staffToken = await signedIn("/api/login-admin", staff.user.email, staff.password);
      const show = await app.fetch("/api/user/user/show", { headers: bearer(staffToken) });
      expect(show.status).toBe(403);

      // Demoted after signing in: the staff token no longer opens the staff area.
      await db.execute(sql`update users set role = 'customer' where id = ${staff.user.id}`);
      expect((await app.fetch("/api/user", { headers: bearer(staffToken) })).status).toBe(403);
    });

    it("never shows the password hash", async () => {
      const { user, password } = await makeUser(db);
      const response = await loginUser(user.email, password);
      const text = await response.text();
      expect(text).not.toContain("scrypt");
      expect(text).not.toContain("passwordHash");
      const { token } = (JSON.parse(text) as LoginBody).data;
      const show = await app.fetch("/api/user/user/show", { headers: bearer(token) });
      expect(Object.keys(((await show.json()) as { data: object }).data).sort()).toEqual([
        "email",
        "id",
        "name",
        "role",
      ]);
    });
  });

  describe("signing out", () => {
    it("revokes the bearer token, clears the cookie and answers 204", async () => {
      const { user, password } = await makeUser(db);
      const token = await signedIn("/api/login-user", user.email, password);
      const response = await app.fetch("/api/logout", { method: "POST", headers: bearer(token) });
      expect(response.status).toBe(204);
      const cleared = setCookie(response, "token");
      expect(cleared?.value).toBe("");
      expect(cleared?.attributes).toEqual(
        expect.arrayContaining(["max-age=0", "path=/", "httponly"]),
      );
      expect((await tokenRow(token)).revokedAt).toBeInstanceOf(Date);
      const after = await app.fetch("/api/user/user/show", { headers: bearer(token) });
      expect(after.status).toBe(401);
    });

    it("clears the cookie even for an unknown or expired token", async () => {
      const { user, password } = await makeUser(db);
      const token = await signedIn("/api/login-user", user.email, password);
      await db.execute(
        sql`update access_tokens set expires_at = now() - interval '1 second' where user_id = ${user.id}`,
      );
      for (const cookie of [`token=${token}`, "token=nonsense", ""]) {
        const response = await app.fetch("/api/logout", {
          method: "POST",
          headers: cookie ? { Cookie: cookie } : {},
        });
        expect(response.status).toBe(204);
        expect(setCookie(response, "token")?.attributes).toContain("max-age=0");
      }
    });

    it("needs the signed XSRF header when the cookie carries the token", async () => {
      const { user, password } = await makeUser(db);
      const token = await signedIn("/api/login-user", user.email, password);
      const xsrf = await xsrfCookie();
      const logout = (headers: Record<string, string>) =>
        app.fetch("/api/logout", { method: "POST", headers });

      const refusals: Array<Record<string, string>> = [
        { Cookie: `token=${token}` },
        { Cookie: `token=${token}; XSRF-TOKEN=${xsrf}` },
        { Cookie: `token=${token}`, "X-XSRF-TOKEN": xsrf },
        // A bare echo of a value we never signed is not enough.
        { Cookie: `token=${token}; XSRF-TOKEN=abc.def`, "X-XSRF-TOKEN": "abc.def" },
        // Nor is the right header from another site.
        {
          Cookie: `token=${token}; XSRF-TOKEN=${xsrf}`,
          "X-XSRF-TOKEN": xsrf,
          Origin: "https://evil.example",
        },
        {
          Cookie: `token=${token}; XSRF-TOKEN=${xsrf}`,
          "X-XSRF-TOKEN": xsrf,
          "Sec-Fetch-Site": "cross-site",
        },
      ];
      for (const headers of refusals) {
        const response = await logout(headers);
        expect(response.status, JSON.stringify(headers)).toBe(419);
        expect(await response.json()).toEqual(PAGE_EXPIRED);
        expect(setCookie(response, "token")).toBeUndefined();
      }
      expect((await tokenRow(token)).revokedAt).toBeNull();

      const accepted = await logout({
        Cookie: `token=${token}; XSRF-TOKEN=${encodeURIComponent(xsrf)}`,
        "X-XSRF-TOKEN": xsrf,
      });
      expect(accepted.status).toBe(204);
      expect((await tokenRow(token)).revokedAt).toBeInstanceOf(Date);
    });

    it("exempts bearer requests from the XSRF header", async () => {
      const { user, password } = await makeUser(db);
      const token = await signedIn("/api/login-user", user.email, password);
      const response = await app.fetch("/api/logout", {
        method: "POST",
        headers: { ...bearer(token), Cookie: `token=${token}` },
      });
      expect(response.status).toBe(204);
      expect((await tokenRow(token)).revokedAt).toBeInstanceOf(Date);
    });

    it("lets GET requests ride on the cookie without the header", async () => {
      const { user, password } = await makeUser(db);
      const token = await signedIn("/api/login-user", user.email, password);
      const response = await app.fetch("/api/user/user/show", {
        headers: { Cookie: `token=${token}` },
      });
      expect(response.status).toBe(200);
    });
  });
});

describe("accounts API over HTTPS", () => {
  it("marks the token cookie Secure", async () => {
    const app = await startTestApp("pglite", { env: { PUBLIC_URL: "https://shop.example" } });
    try {
      const { email, password } = DEMO_ACCOUNTS.customer;
      const response = await app.fetch("/api/login-user", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email, password }),
      });
      expect(response.status).toBe(200);
      expect(setCookie(response, "token")?.attributes).toContain("secure");
    } finally {
      await app.close();
    }
  });
});
