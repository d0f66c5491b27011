import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEntries } from "../../../server/audit/schema.ts";
import { DEMO_ACCOUNTS } from "../../../server/db/seed/accounts.ts";
import { signedInCookie } from "../../../tests/support/accounts.ts";
import { startTestApp, type TestApp } from "../../../tests/support/app.ts";
import { databaseKinds } from "../../../tests/support/databases.ts";
import { makeBrand } from "../../../tests/support/factories.ts";
import { BACK_OFFICE_SECTIONS } from "../../components/admin/sections";

const decode = (html: string) =>
  html
    .replaceAll("<!-- -->", "")
    .replaceAll("&amp;", "&")
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"');

const london = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Europe/London",
});
const londonDate = (at: Date, days = 0) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(
    new Date(at.getTime() + days * 86_400_000),
  );

/** The audit log's rows, in order: each row's record label (after its kind and id). */
const loggedLabels = (html: string) =>
  [...html.matchAll(/· \d+<\/span>(?:<a [^>]*>|<span class="font-semibold">)([^<]*)</g)].map(
    (match) => match[1] ?? "",
  );

// Issue 14: the back office's shell (navigation, coming sections, who may enter) and its audit log.
describe.each(databaseKinds)("the back office shell and audit log on %s", (kind) => {
  let app: TestApp;
  let staff: string;
  let admin: string;
  beforeAll(async () => {
    app = await startTestApp(kind);
    [staff, admin] = await Promise.all([
      signedInCookie(app, DEMO_ACCOUNTS.staff, "/api/login-admin"),
      signedInCookie(app, DEMO_ACCOUNTS.admin, "/api/login-admin"),
    ]);
  });
  afterAll(() => app.close());

  const html = async (path: string, cookie = staff) => {
    const response = await app.fetch(path, { headers: { Cookie: cookie } });
    expect(response.status, path).toBe(200);
    return decode(await response.text());
  };
  const api = (path: string, body: unknown, cookie = staff) =>
    app.fetch(`/api/staff${path}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Authorization: `Bearer ${cookie.slice("token=".length)}`,
      },
      body: JSON.stringify(body),
    });

  it("navigates every section from a skip link on, marking the current one", async () => {
    const band = await makeBrand(app.database.db, { title: "Shell Band" });
    const page = await html(`/admin/bands/${band.id}`);
    expect(page.indexOf('href="#main"')).toBeGreaterThan(-1);
    expect(page.indexOf('href="#main"')).toBeLessThan(page.indexOf('aria-label="Back office"'));
    expect(page).toContain('<main id="main"');
    const nav = page.slice(page.indexOf('aria-label="Back office"'), page.indexOf("</nav>"));
    // Staff see every section but the admin-only ones (staff accounts, docs/security.md).
    for (const section of BACK_OFFICE_SECTIONS) {
      const link = `href="/admin${section.slug ? `/${section.slug}` : ""}"`;
      if (section.adminOnly) expect(nav).not.toContain(link);
      else expect(nav).toContain(link);
    }
    expect(BACK_OFFICE_SECTIONS.some((section) => section.adminOnly)).toBe(true);
    expect(nav.match(/aria-current="page"/g)).toHaveLength(1);
    expect(nav).toMatch(
      /aria-current="page"[^>]*href="\/admin\/bands"|href="\/admin\/bands"[^>]*aria-current="page"/,
    );
    const overview = await html("/admin");
    expect(overview).toMatch(
      /href="\/admin"[^>]*aria-current="page"|aria-current="page"[^>]*href="\/admin"/,
    );
  });

  it("answers 404 for an order that does not exist, and sends a visitor to sign in", async () => {
    const missing = await app.fetch("/admin/orders/999999", { headers: { Cookie: staff } });
    expect(missing.status).toBe(404);
    const guest = await app.fetch("/admin/orders");
    expect(guest.status).toBe(302);
    expect(guest.headers.get("location")).toBe("/admin/login?redirect=%2Fadmin%2Forders");
  });

  it("shows who changed what and when, in London time, with the fields before and after", async () => {
    const created = await api("/brands/store", { title: "Audit Trail Band", genre: "Ska" });
    expect(created.status).toBe(201);
    const { data: band } = (await created.json()) as { data: { id: number } };
    expect(
      (await api("/brands/update", { id: band.id, genre: "Two-tone", featured: true })).status,
    ).toBe(200);
    const doomed = await makeBrand(app.database.db, { title: "Gone Band" });
    expect((await api("/brands/destroy", { id: doomed.id }, admin)).status).toBe(200);

    const page = await html("/admin/audit-log?resource=brands");
    expect(loggedLabels(page).slice(0, 3)).toEqual([
      "Gone Band",
      "Audit Trail Band",
      "Audit Trail Band",
    ]);
    // The record's label links to its screen, unless it was deleted.
    expect(page).toContain(`href="/admin/bands/${band.id}"`);
    expect(page).not.toContain(`href="/admin/bands/${doomed.id}"`);
    expect(page).toContain("admin@example.com");
    expect(page).toContain("staff@example.com");
    // The update shows only what changed, before → after.
    expect(page).toMatch(
      /Genre<\/dt><dd[^>]*><del[^>]*>Ska<\/del> <span aria-hidden="true">→<\/span><span class="sr-only">changed to<\/span> <ins[^>]*>Two-tone<\/ins>/,
    );
    expect(page).toMatch(/Featured<\/dt><dd[^>]*><del[^>]*>No<\/del>.*?<ins[^>]*>Yes<\/ins>/);
    const [latest] = await app.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.resource, "brands"), eq(auditEntries.action, "update")))
      .orderBy(desc(auditEntries.id))
      .limit(1);
    expect(latest).toBeDefined();
    const at = latest?.createdAt ?? new Date();
    expect(page).toContain(`<time dateTime="${at.toISOString()}">${london.format(at)}</time>`);
  });

  it("filters by record kind, action, who (email or account number) and London days, in the address", async () => {
    const made = await api("/brands/store", { title: "Filter Band" });
    const { data: band } = (await made.json()) as { data: { id: number } };
    const [entry] = await app.database.db
      .select()
      .from(auditEntries)
      .where(
        and(eq(auditEntries.resource, "brands"), eq(auditEntries.resourceId, String(band.id))),
      );
    const at = entry?.createdAt ?? new Date();
    const today = londonDate(at);

    const byEmail = await html(
      `/admin/audit-log?action=create&actor=${encodeURIComponent(DEMO_ACCOUNTS.staff.email)}&from=${today}&to=${today}`,
    );
    expect(loggedLabels(byEmail)[0]).toBe("Filter Band");
    expect(byEmail).not.toContain("Gone Band");
    expect(byEmail).toContain(`value="${today}"`);
    const byId = await html(`/admin/audit-log?actor=${entry?.actorId}&action=create`);
    expect(loggedLabels(byId)).toContain("Filter Band");

    const tomorrow = await html(`/admin/audit-log?from=${londonDate(at, 1)}`);
    expect(loggedLabels(tomorrow)).toEqual([]);
    expect(tomorrow).toContain("No change matches these filters.");
    const yesterday = await html(`/admin/audit-log?to=${londonDate(at, -1)}&resource=brands`);
    expect(loggedLabels(yesterday)).not.toContain("Filter Band");

    const deletes = await html("/admin/audit-log?action=delete");
    expect(loggedLabels(deletes).every((label) => label !== "Filter Band")).toBe(true);
  });

  it("explains filters it cannot use instead of failing", async () => {
    const bad = await html("/admin/audit-log?from=24/11/2026&action=shred&colour=red");
    expect(bad).toContain("from: Use a date like 2026-11-24.");
    expect(bad).toContain("One of: create, update, delete.");
    expect(bad).toContain("“colour” is not a setting of this list.");
    const nobody = await html("/admin/audit-log?actor=nobody%40example.com");
    expect(nobody).toContain("No account has the email address nobody@example.com.");
    expect(loggedLabels(nobody)).toEqual([]);
  });
});
