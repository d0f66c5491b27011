import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../server/db/seed/accounts.ts";
import { rateLimitHits } from "../../server/platform/schema.ts";
import { adminPages } from "../../tests/support/admin-pages.ts";
import { startTestApp, type TestApp } from "../../tests/support/app.ts";

const decode = (html: string) =>
  html.replaceAll("&amp;", "&").replaceAll("&#x27;", "'").replaceAll("&quot;", '"');

type Case = { page: string; api: string; fields: Record<string, string> };

// A page's form runs the API's own route: the same input gets the same status and the same
// words on both edges, and the limits count both.
describe("a page's form and its API route", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp("pglite");
  });
  afterAll(() => app.close());
  beforeEach(async () => {
    await app.database.db.delete(rateLimitHits);
  });

  const postForm = (path: string, body: BodyInit, type = "application/x-www-form-urlencoded") =>
    app.fetch(path, {
      method: "POST",
      headers: { "Content-Type": type, Origin: app.url },
      body,
    });
  const postJson = (path: string, body: unknown) =>
    app.fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });

  it.each<[string, Case]>([
    [
      "register: a bad email and a short password",
      {
        page: "/register",
        api: "/api/register",
        fields: { name: "Sam", email: "sam@", password: "short" },
      },
    ],
    [
      "register: an email that has an account",
      {
        page: "/register",
        api: "/api/register",
        fields: {
          name: "Sam",
          email: DEMO_ACCOUNTS.customer.email,
          password: "gull-pier-lantern-42",
        },
      },
    ],
    [
      "sign-in: a wrong password",
      {
        page: "/login",
        api: "/api/login-user",
        fields: { email: DEMO_ACCOUNTS.customer.email, password: "not-the-password" },
      },
    ],
    [
      "contact: nothing filled in",
      { page: "/help/contact", api: "/api/contact-messages", fields: { topic: "order" } },
    ],
    [
      "reset: a link that is not valid",
      {
        page: "/reset-password",
        api: "/api/password/reset",
        fields: { token: "x".repeat(43), password: "gull-pier-lantern-42" },
      },
    ],
  ])("%s: the same status and messages", async (_, { page, api, fields }) => {
    const fromApi = await postJson(api, fields);
    const fromForm = await postForm(page, new URLSearchParams(fields));
    expect(fromForm.status).toBe(fromApi.status);
    expect(fromApi.status).toBe(422);
    const { errors } = (await fromApi.json()) as { errors: Record<string, string[]> };
    const html = decode(await fromForm.text());
    const messages = Object.values(errors).flat();
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) expect(html).toContain(message);
  });

  it("keeps what was typed after a refusal, but never a password", async () => {
    const fields = { name: "Sam Keep", email: "keep@", password: "secret-typed-9" };
    const html = decode(await (await postForm("/register", new URLSearchParams(fields))).text());
    expect(html).toContain('value="Sam Keep"');
    expect(html).toContain('value="keep@"');
    expect(html).not.toContain("secret-typed-9");
    const login = { email: DEMO_ACCOUNTS.customer.email, password: "wrong-password-1" };
    const page = decode(await (await postForm("/login", new URLSearchParams(login))).text());
    expect(page).toContain(`value="${DEMO_ACCOUNTS.customer.email}"`);
    expect(page).not.toContain("wrong-password-1");
  });

  it("counts one limit across both edges: the eleventh registration in an hour is a 429", async () => {
    const attempt = (index: number) => {
      const fields = { name: "Sam", email: `limit${index}@example.com`, password: "short" };
      return index % 2
        ? postJson("/api/register", fields)
        : postForm("/register", new URLSearchParams(fields));
    };
    for (let index = 0; index < 10; index += 1) expect((await attempt(index)).status).toBe(422);
    const overApi = await attempt(11);
    expect(overApi.status).toBe(429);
    expect(overApi.headers.get("retry-after")).toMatch(/^\d+$/);
    const overForm = await attempt(12);
    expect(overForm.status).toBe(429);
    expect(overForm.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(decode(await overForm.text())).toContain("Too many requests. Please try again later.");
  });

  it("answers 415 to a body that is not a form, and changes nothing", async () => {
    const response = await app.fetch("/register", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: app.url },
      body: JSON.stringify({
        name: "Sam",
        email: "json@example.com",
        password: "gull-pier-lantern-42",
      }),
    });
    expect(response.status).toBe(415);
    const again = await postJson("/api/has-full-account", { email: "json@example.com" });
    expect(await again.json()).toEqual({ data: { hasFullAccount: false } });
  });

  it("says above the form why one with a row number beyond the bound was refused", async () => {
    const pages = await adminPages(app);
    const refused = await pages.post("/admin/delivery/groups/new", pages.staff, {
      title: "Huge Isles",
      countries: "GB",
      "rows[99999999].x": "1",
    });
    expect(refused.status).toBe(422);
    const html = decode(await refused.text());
    // No field can be marked (the rows were never read): the banner says what is wrong, and
    // no field is called invalid for it.
    expect(html).toContain(
      "This form has more rows than it can take (at most 2,000), so nothing in it was used.",
    );
    expect(html).not.toContain("marked below");
    expect(html).not.toContain('aria-invalid="true"');
    expect(html).toContain('value="Huge Isles"');
  });

  it("answers 400 to a form body that cannot be read", async () => {
    const response = await postForm(
      "/help/contact",
      '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nSam',
      "multipart/form-data; boundary=x",
    );
    expect(response.status).toBe(400);
  });
});
