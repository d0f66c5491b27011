import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../server/db/seed/accounts.ts";
import { signedInCookie } from "../../tests/support/accounts.ts";
import { startTestApp, type TestApp } from "../../tests/support/app.ts";

/** A page's text as a person reads it: no scripts (the loader's data keeps stored values), no tags. */
const visibleText = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<span class="sr-only">[^<]*<\/span>/g, "")
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]*>/g, " ")
    .replaceAll("&amp;", "&")
    .replaceAll("&#x27;", "'")
    .replace(/\s+/g, " ");

// The audit log says a choice (a discount's unit, who may use it, what it takes money off) in
// the words of the screen that sets it, never the value the database keeps.
describe("the audit log's rows for a change of a choice", () => {
  let app: TestApp;
  let staff: string;
  beforeAll(async () => {
    app = await startTestApp("pglite");
    staff = await signedInCookie(app, DEMO_ACCOUNTS.staff, "/api/login-admin");
  });
  afterAll(() => app.close());

  const api = async (path: string, body: unknown) => {
    const response = await app.fetch(`/api/staff${path}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Authorization: `Bearer ${staff.slice("token=".length)}`,
      },
      body: JSON.stringify(body),
    });
    expect(response.status, await response.clone().text()).toBeLessThan(300);
    return ((await response.json()) as { data: { id: number; updatedAt: string } }).data;
  };

  it("reads the screen's label for each value, before and after", async () => {
    const code = `WORDS${Math.random().toString(36).slice(2, 7).toUpperCase()}`;
    const made = await api("/discounts/store", { code, unitType: "fixed", value: 500 });
    await api("/discounts/update", {
      id: made.id,
      updatedAt: made.updatedAt,
      unitType: "percentage",
      value: 10,
      eligibleGroup: "registered",
    });
    const response = await app.fetch("/admin/audit-log?resource=discounts", {
      headers: { Cookie: staff },
    });
    expect(response.status).toBe(200);
    const text = visibleText(await response.text());
    expect(text).toContain("Unit type Fixed amount off → Percentage off");
    expect(text).toContain("Eligible group Everyone → Registered customers");
    expect(text).toContain("Value £5.00 → 10%");
    // The created code's row says its choices in words too.
    expect(text).toContain("Scope The whole basket");
    expect(text).not.toMatch(/→ percentage\b|Unit type fixed\b|Scope basket\b/);
  });
});
