import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrandEdit, StaffBrandItem } from "../../common/catalog-admin.ts";
import { signedInCookie } from "../../tests/support/accounts.ts";
import { startTestApp, type TestApp } from "../../tests/support/app.ts";
import { databaseKinds } from "../../tests/support/databases.ts";
import { auditEntries } from "../audit/schema.ts";
import { DEMO_ACCOUNTS } from "../db/seed/accounts.ts";
import { brands } from "./schema.ts";

type Answer<T> = {
  data: T;
  meta?: { total: number; currentPage: number; lastPage: number };
  message?: string;
  errors?: Record<string, string[]>;
};
const read = async <T>(response: Response) => (await response.json()) as Answer<T>;

// Issue 14: the first staff resource on the shared pattern (decision 0014): bands.
describe.each(databaseKinds)("staff API for bands on %s", (kind) => {
  let app: TestApp;
  const as: Record<"staff" | "admin" | "customer", Record<string, string>> = {
    staff: {},
    admin: {},
    customer: {},
  };
  beforeAll(async () => {
    app = await startTestApp(kind);
    const bearer = (cookie: string) => ({
      Authorization: `Bearer ${cookie.slice("token=".length)}`,
    });
    as.staff = bearer(await signedInCookie(app, DEMO_ACCOUNTS.staff, "/api/login-admin"));
    as.admin = bearer(await signedInCookie(app, DEMO_ACCOUNTS.admin, "/api/login-admin"));
    as.customer = bearer(await signedInCookie(app));
  });
  afterAll(() => app.close());

  const call = (path: string, who: Record<string, string>, body?: unknown) =>
    app.fetch(`/api/staff/brands${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { "Content-Type": "application/json", ...who },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const brandCount = async () =>
    (await app.database.db.select({ n: count() }).from(brands))[0]?.n ?? 0;
  const auditOf = (id: number) =>
    app.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.resource, "brands"), eq(auditEntries.resourceId, String(id))))
      .orderBy(auditEntries.id);

  it("lets staff in only: 401 without a token, 403 for a customer", async () => {
    expect((await call("", {})).status).toBe(401);
    expect((await call("", as.customer)).status).toBe(403);
    expect((await call("/store", as.customer, { title: "Nope" })).status).toBe(403);
    expect((await call("", as.staff)).status).toBe(200);
  });

  it("lists bands a page at a time, searched and sorted on the server", async () => {
    const first = await read<StaffBrandItem[]>(await call("?perPage=5&sort=title", as.staff));
    expect(first.data).toHaveLength(5);
    expect(first.meta?.total).toBeGreaterThan(5);
    const titles = first.data.map((band) => band.title.toLowerCase());
    expect(titles).toEqual([...titles].sort());
    const busiest = await read<StaffBrandItem[]>(await call("?sort=-products&perPage=3", as.staff));
    const counts = busiest.data.map((band) => band.productCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const one = first.data[1] as StaffBrandItem;
    const found = await read<StaffBrandItem[]>(
      await call(`?q=${encodeURIComponent(one.title.slice(0, 6))}`, as.staff),
    );
    expect(found.data.map((band) => band.id)).toContain(one.id);
    const wrong = await call("?sort=colour&perPage=500", as.staff);
    expect(wrong.status).toBe(422);
    expect(Object.keys((await read(wrong)).errors ?? {}).sort()).toEqual(["perPage", "sort"]);
  });

  it("creates a band with a slug made from its title, safe rich text, and an audit entry", async () => {
    const before = await brandCount();
    const response = await call("/store", as.staff, {
      title: "Sigur Rós & Friends",
      story: '<p>From Reykjavík.</p><script>alert("x")</script><img src=x onerror=alert(1)>',
      links: { website: "https://example.com/sigur" },
      seoTitle: "Sigur Rós & Friends merch",
    });
    expect(response.status).toBe(201);
    const { data: band } = await read<BrandEdit>(response);
    expect(band.slug).toBe("sigur-ros-and-friends");
    expect(band.story).toContain("From Reykjavík.");
    expect(band.story).not.toMatch(/script|onerror/);
    expect(await brandCount()).toBe(before + 1);

    const [entry] = await auditOf(band.id);
    expect(entry).toMatchObject({
      action: "create",
      actorEmail: DEMO_ACCOUNTS.staff.email,
      label: "Sigur Rós & Friends",
      before: null,
    });
    expect(entry?.after).toMatchObject({ title: "Sigur Rós & Friends", slug: band.slug });

    // The storefront has it at once (the catalogue cache heard the change).
    const shown = await app.fetch(`/api/brands/${band.slug}`);
    expect(shown.status).toBe(200);
    // Its page tells search engines what staff wrote for them.
    const described = await call("/update", as.staff, {
      id: band.id,
      seoDescription: "Reykjavík's quietest band, officially.",
    });
    expect(described.status).toBe(200);
    const page = await (await app.fetch(`/bands/${band.slug}`)).text();
    expect(page).toContain(
      '<meta name="description" content="Reykjavík&#x27;s quietest band, officially."',
    );

    // The same name again is refused (issue 30: a name identifies a band); another name that
    // makes the same slug gets the next free one.
    const again = await call("/store", as.staff, { title: "sigur rós & friends" });
    expect(again.status).toBe(422);
    expect((await read(again)).errors).toEqual({
      title: ["Another band already has this name. Choose another."],
    });
    const sameSlug = await read<BrandEdit>(
      await call("/store", as.staff, { title: "Sigur Ros and Friends" }),
    );
    expect(sameSlug.data.slug).toBe("sigur-ros-and-friends-2");
  });

  it("refuses bad input with a 422 naming each field, and writes nothing", async () => {
    const before = await brandCount();
    const entries = (await app.database.db.select({ n: count() }).from(auditEntries))[0]?.n;
    const cases: Array<[unknown, string]> = [
      [{}, "title"],
      [{ title: "  " }, "title"],
      [{ title: "Fine", slug: "Not A Slug!" }, "slug"],
      [{ title: "Fine", links: { website: "javascript:alert(1)" } }, "links.website"],
      [{ title: "Fine", colour: "red" }, ""],
      [{ title: "Fine", logoFileId: 99999999 }, "logoFileId"],
      [{ title: "Fine", seoDescription: "x".repeat(161) }, "seoDescription"],
    ];
    for (const [body, field] of cases) {
      const response = await call("/store", as.staff, body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      const { errors } = await read(response);
      if (field) expect(Object.keys(errors ?? {}), JSON.stringify(body)).toContain(field);
    }
    const [taken] = await app.database.db.select({ slug: brands.slug }).from(brands).limit(1);
    const clash = await call("/store", as.staff, { title: "Clash", slug: taken?.slug });
    expect(clash.status).toBe(422);
    expect((await read(clash)).errors?.slug).toEqual([
      "Another band already has this slug. Choose another.",
    ]);
    expect(await brandCount()).toBe(before);
    expect((await app.database.db.select({ n: count() }).from(auditEntries))[0]?.n).toBe(entries);
  });

  it("changes only the fields sent, records what changed, and refuses a stale save", async () => {
    const { data: band } = await read<BrandEdit>(
      await call("/store", as.staff, { title: "The Update Test", genre: "Folk" }),
    );
    const opened = await read<BrandEdit>(await call(`/edit/${band.id}`, as.staff));
    expect(opened.data).toEqual(band);

    const changed = await call("/update", as.staff, {
      id: band.id,
      genre: "Post-rock",
      updatedAt: opened.data.updatedAt,
    });
    expect(changed.status).toBe(200);
    const { data: after } = await read<BrandEdit>(changed);
    expect(after).toMatchObject({ title: "The Update Test", genre: "Post-rock" });
    const entries = await auditOf(band.id);
    expect(entries.at(-1)).toMatchObject({
      action: "update",
      before: { genre: "Folk" },
      after: { genre: "Post-rock" },
    });

    // A colleague's form, opened before that save, cannot overwrite it unknowingly.
    const stale = await call("/update", as.staff, {
      id: band.id,
      genre: "Jazz",
      updatedAt: opened.data.updatedAt,
    });
    expect(stale.status).toBe(409);
    expect((await read<BrandEdit>(await call(`/edit/${band.id}`, as.staff))).data.genre).toBe(
      "Post-rock",
    );
    expect((await call("/update", as.staff, { id: 99999999, genre: "x" })).status).toBe(404);
    expect((await call("/edit/99999999", as.staff)).status).toBe(404);
  });

  it("lets only admins delete, refuses a band with products with a 409 that says so", async () => {
    const { data: band } = await read<BrandEdit>(
      await call("/store", as.staff, { title: "Short-lived Band" }),
    );
    expect((await call("/destroy", as.staff, { id: band.id })).status).toBe(403);

    const [withProducts] = await app.database.db
      .select({ id: brands.id, title: brands.title })
      .from(brands)
      .where(eq(brands.slug, "static-gulls"));
    const refused = await call("/destroy", as.admin, { ids: [band.id, withProducts?.id] });
    expect(refused.status).toBe(409);
    expect((await read(refused)).message).toMatch(
      new RegExp(`^${withProducts?.title} has \\d+ products: move them`),
    );
    // All or nothing: the free band is still there.
    expect((await call(`/edit/${band.id}`, as.staff)).status).toBe(200);

    const deleted = await call("/destroy", as.admin, { id: band.id });
    expect(deleted.status).toBe(200);
    expect((await call(`/edit/${band.id}`, as.staff)).status).toBe(404);
    expect((await auditOf(band.id)).at(-1)).toMatchObject({
      action: "delete",
      actorEmail: DEMO_ACCOUNTS.admin.email,
      after: null,
    });
    expect((await call("/destroy", as.admin, { id: band.id })).status).toBe(404);
  });

  it("shows every write in the audit log, filtered by resource and action", async () => {
    const response = await app.fetch("/api/staff/audit-log?resource=brands&action=create", {
      headers: as.staff,
    });
    expect(response.status).toBe(200);
    const { data, meta } = await read<Array<{ action: string; resource: string }>>(response);
    expect(meta?.total).toBeGreaterThanOrEqual(3);
    expect(data.every((entry) => entry.action === "create" && entry.resource === "brands")).toBe(
      true,
    );
    expect((await app.fetch("/api/staff/audit-log", { headers: as.customer })).status).toBe(403);
    expect(
      (await app.fetch("/api/staff/audit-log?from=yesterday", { headers: as.staff })).status,
    ).toBe(422);
  });
});
