import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInCookie } from "../../tests/support/accounts.ts";
import { startTestApp, type TestApp } from "../../tests/support/app.ts";
import { databaseKinds } from "../../tests/support/databases.ts";
import { DEMO_ACCOUNTS } from "../db/seed/accounts.ts";

// The edge's own rules, held once for every route: JSON only as JSON, no unsafe call from
// another site, no control characters in any field (security.md #16, #22; issue 12).
describe.each(databaseKinds)("the API's edge rules on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind);
  });
  afterAll(() => app.close());

  const { email, password } = DEMO_ACCOUNTS.customer;
  const signIn = (headers: Record<string, string>, body = JSON.stringify({ email, password })) =>
    app.fetch("/api/login-user", { method: "POST", headers, body });

  it("takes a JSON body only as application/json: a cross-site text/plain sign-in is a 415", async () => {
    const response = await signIn({ "Content-Type": "text/plain" });
    expect(response.status).toBe(415);
    expect(response.headers.get("set-cookie")).toBeNull();
    const charset = await signIn({ "Content-Type": "application/json; charset=utf-8" });
    expect(charset.status).toBe(200);
  });

  it("refuses an unsafe call from another site, signed in or not (login CSRF)", async () => {
    const crossSite: Array<Record<string, string>> = [
      { Origin: "https://evil.example" },
      { "Sec-Fetch-Site": "cross-site" },
      { Origin: "null" },
    ];
    for (const headers of crossSite) {
      const response = await signIn({ "Content-Type": "application/json", ...headers });
      expect(response.status, JSON.stringify(headers)).toBe(419);
      expect(response.headers.get("set-cookie")).toBeNull();
    }
    const register = await app.fetch("/api/register", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Sec-Fetch-Site": "cross-site" },
      body: JSON.stringify({
        name: "Eve",
        email: "eve@example.com",
        password: "gull-pier-lantern-42",
      }),
    });
    expect(register.status).toBe(419);
    const lookup = await app.fetch("/api/has-full-account", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "eve@example.com" }),
    });
    expect(await lookup.json()).toEqual({ data: { hasFullAccount: false } });
    // Reads stay open, and the shop's own pages still sign in.
    expect(
      (await app.fetch("/api/products", { headers: { Origin: "https://evil.example" } })).status,
    ).toBe(200);
    expect((await signIn({ "Content-Type": "application/json", Origin: app.url })).status).toBe(
      200,
    );
  });

  it("refuses a page form that rides on the session cookie without saying where it comes from", async () => {
    const cookie = await signedInCookie(app);
    const change = (headers: Record<string, string>) =>
      app.fetch("/customer/dashboard", {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Cookie: cookie,
          ...headers,
        },
        body: new URLSearchParams({ currentPassword: password, password: "moth-lantern-pier-77" }),
      });
    expect((await change({})).status).toBe(403);
    expect((await change({ "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
    // The password is unchanged: the old one still signs in.
    expect((await signIn({ "Content-Type": "application/json" })).status).toBe(200);
    // A guest's form (no session to ride on) still works without the headers, as before.
    const basket = await app.fetch("/basket", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "intent=empty",
    });
    expect(basket.status).toBe(303);
  });

  it("refuses control characters and lone surrogates in any field with a 422 naming it", async () => {
    const contact = await app.fetch("/api/contact-messages", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: '{"name":"a\\u0000b","email":"sam@example.com","topic":"order","message":"\\ud800 hello there"}',
    });
    expect(contact.status).toBe(422);
    expect(Object.keys(((await contact.json()) as { errors: object }).errors).sort()).toEqual([
      "message",
      "name",
    ]);
    const search = await app.fetch("/api/products?q=a%00b");
    expect(search.status).toBe(422);
    const path = await app.fetch("/api/products/a%00b");
    expect(path.status).toBe(404);
    const deep = await app.fetch("/api/basket/lines", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: `{"lines":${"[".repeat(100)}${"]".repeat(100)}}`,
    });
    expect(deep.status).toBe(422);
  });

  it("treats an id past the largest integer as naming nothing, in a query and a cookie", async () => {
    const listing = await app.fetch("/api/products?collection=99999999999");
    expect(listing.status).toBeLessThan(500);
    const page = await app.fetch("/basket", {
      headers: {
        Cookie: `basket=${encodeURIComponent(JSON.stringify({ "2147483648": 1 }))}; discount_code=%00`,
      },
    });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Your basket is empty.");
  });
});

describe("the client address behind a reverse proxy (TRUST_PROXY)", () => {
  const { email } = DEMO_ACCOUNTS.customer;
  const guess = (app: TestApp, forwardedFor: string, password = "not-the-password") =>
    app.fetch("/api/login-user", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": forwardedFor },
      body: JSON.stringify({ email, password }),
    });
  const lockOut = async (app: TestApp, forwardedFor: string) => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await guess(app, forwardedFor)).status).toBe(422);
    }
    expect((await guess(app, forwardedFor)).status).toBe(429);
  };

  it("with one trusted hop, counts each shopper by the address the proxy saw", async () => {
    const app = await startTestApp("pglite", { env: { TRUST_PROXY: "1" } });
    try {
      await lockOut(app, "203.0.113.7");
      // The real owner, elsewhere, is not locked out by someone else's guesses.
      const owner = await guess(app, "198.51.100.20", DEMO_ACCOUNTS.customer.password);
      expect(owner.status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it("without it, ignores X-Forwarded-For, which anyone can write", async () => {
    const app = await startTestApp("pglite");
    try {
      await lockOut(app, "203.0.113.7");
      expect((await guess(app, "198.51.100.20")).status).toBe(429);
    } finally {
      await app.close();
    }
  });
});
