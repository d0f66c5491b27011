import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEntries } from "../../../server/audit/schema.ts";
import { setCookie } from "../../../server/auth/test-helpers.ts";
import { brands } from "../../../server/catalog/schema.ts";
import { DEMO_ACCOUNTS } from "../../../server/db/seed/accounts.ts";
import { signedInCookie } from "../../../tests/support/accounts.ts";
import { decode } from "../../../tests/support/admin-pages.ts";
import { startTestApp, type TestApp } from "../../../tests/support/app.ts";
import { databaseKinds } from "../../../tests/support/databases.ts";
import { makeBrand, makeProduct } from "../../../tests/support/factories.ts";

/** The band fields as the form posts them without JavaScript: every field, as text. */
function bandForm(values: Record<string, string> = {}): Record<string, string> {
  return {
    title: "",
    slug: "",
    story: "",
    genre: "",
    origin: "",
    "links.website": "",
    "links.instagram": "",
    "links.spotify": "",
    "links.bandcamp": "",
    "links.youtube": "",
    logoFileId: "",
    heroFileId: "",
    seoTitle: "",
    seoDescription: "",
    ...values,
  };
}

/** The rows of the bands table, in order: each row's band name. */
const rowTitles = (html: string) =>
  [
    ...html.matchAll(
      /<th scope="row"[^>]*>.*?<a [^>]*href="\/admin\/bands\/\d+"[^>]*>([^<]*)<\/a>/g,
    ),
  ].map((match) => decode(match[1] ?? ""));

// Issue 14: the bands' back-office screens, by HTTP as a browser without JavaScript uses them.
describe.each(databaseKinds)("the bands screens on %s", (kind) => {
  let app: TestApp;
  let staff: string;
  let admin: string;
  let customer: string;
  beforeAll(async () => {
    app = await startTestApp(kind);
    [staff, admin, customer] = await Promise.all([
      signedInCookie(app, DEMO_ACCOUNTS.staff, "/api/login-admin"),
      signedInCookie(app, DEMO_ACCOUNTS.admin, "/api/login-admin"),
      signedInCookie(app),
    ]);
  });
  afterAll(() => app.close());

  const page = (path: string, cookie: string) => app.fetch(path, { headers: { Cookie: cookie } });
  const html = async (path: string, cookie = staff) => {
    const response = await page(path, cookie);
    expect(response.status).toBe(200);
    return decode(await response.text());
  };
  const post = (path: string, cookie: string, fields: Record<string, string | string[]>) => {
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(fields)) {
      for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
    }
    return app.fetch(path, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: app.url,
        Cookie: cookie,
      },
      body: body.toString(),
    });
  };
  const flashOf = (response: Response) =>
    (JSON.parse(setCookie(response, "flash")?.value ?? "[]") as Array<{ body: string }>).map(
      (message) => message.body,
    );
  const bandCount = async () =>
    (await app.database.db.select({ n: count() }).from(brands))[0]?.n ?? 0;
  const bandById = async (id: number) =>
    (await app.database.db.select().from(brands).where(eq(brands.id, id)))[0];

  it("needs a live staff token: nobody goes to the staff sign-in, a customer gets a 403", async () => {
    const nobody = await app.fetch("/admin/bands?q=gull");
    expect(nobody.status).toBe(302);
    expect(nobody.headers.get("location")).toBe("/admin/login?redirect=%2Fadmin%2Fbands");
    const dead = await page("/admin/bands/new", "token=not-a-live-token-at-all");
    expect(dead.status).toBe(302);
    const refused = await page("/admin/bands", customer);
    expect(refused.status).toBe(403);
    const text = decode(await refused.text());
    expect(text).toContain("The back office is for Encore staff.");
    expect(text).not.toContain("Static Gulls");
    const post403 = await post("/admin/bands/new", customer, bandForm({ title: "Sneaky" }));
    expect(post403.status).toBe(403);
  });

  it("lists the bands searched and sorted as the address says, with the sort marked", async () => {
    const byProducts = await html("/admin/bands?sort=products&direction=desc");
    expect(byProducts).toMatch(/aria-sort="descending"[^>]*><a [^>]*>Products/);
    expect(byProducts).toMatch(/aria-sort="none"[^>]*><a [^>]*>Band/);
    const busiest = await app.database.db
      .select({ title: brands.title })
      .from(brands)
      .orderBy(
        desc(sql`(select count(*) from products p where p.brand_id = ${brands.id})`),
        sql`lower(${brands.title})`,
      )
      .limit(3);
    expect(rowTitles(byProducts).slice(0, 3)).toEqual(busiest.map((band) => band.title));

    const zToA = rowTitles(await html("/admin/bands?sort=title&direction=desc&perPage=5"));
    const last = await app.database.db
      .select({ title: brands.title })
      .from(brands)
      .orderBy(desc(sql`lower(${brands.title})`))
      .limit(5);
    expect(zToA).toEqual(last.map((band) => band.title));

    // As the filter form sends it: an empty filter is no filter.
    const found = await html("/admin/bands?q=gulls&featured=");
    expect(rowTitles(found)).toEqual(["Static Gulls"]);
    expect(found).toContain('value="gulls"');
    expect(found).toContain("Search: gulls");
    // The default order is the list's own: A to Z, marked on its column.
    const plain = await html("/admin/bands?perPage=3");
    expect(plain).toMatch(/aria-sort="ascending"[^>]*><a [^>]*>Band/);
    const first = await app.database.db
      .select({ title: brands.title })
      .from(brands)
      .orderBy(asc(sql`lower(${brands.title})`))
      .limit(3);
    expect(rowTitles(plain)).toEqual(first.map((band) => band.title));
    expect(plain).toContain("Showing 1–3 of");
  });

  it("filters featured bands from the address", async () => {
    const featured = await app.database.db
      .select({ title: brands.title })
      .from(brands)
      .where(eq(brands.featured, true));
    const shown = rowTitles(await html("/admin/bands?featured=true&perPage=100"));
    expect(shown.sort()).toEqual(featured.map((band) => band.title).sort());
  });

  it("shows a list with a clear message, never a 500, for an address it cannot use", async () => {
    const text = await html("/admin/bands?sort=colour&perPage=500&q=gulls&shoeSize=9");
    expect(text).toContain("Part of this list's address could not be used");
    expect(text).toContain("Sort by one of:");
    expect(text).toContain("“shoeSize” is not a setting of this list.");
    // What could be used still applies.
    expect(rowTitles(text)).toEqual(["Static Gulls"]);
  });

  it("creates a band from a form posted without JavaScript: 303 to the band's page with a message", async () => {
    const before = await bandCount();
    const response = await post(
      "/admin/bands/new",
      staff,
      bandForm({
        title: "Harbour Lights Orchestra",
        story: '<p>From <strong>Whitby</strong>.</p><script>alert("x")</script>',
        genre: "Chamber pop",
        origin: "Whitby",
        "links.website": "https://harbour-lights.example",
        featured: "true",
        seoTitle: "Harbour Lights Orchestra merchandise",
      }),
    );
    expect(response.status).toBe(303);
    expect(flashOf(response)).toEqual(["Added the band “Harbour Lights Orchestra”."]);
    expect(await bandCount()).toBe(before + 1);
    const [band] = await app.database.db
      .select()
      .from(brands)
      .where(eq(brands.slug, "harbour-lights-orchestra"));
    expect(band).toMatchObject({
      title: "Harbour Lights Orchestra",
      genre: "Chamber pop",
      origin: "Whitby",
      featured: true,
      story: "<p>From <strong>Whitby</strong>.</p>",
      links: { website: "https://harbour-lights.example" },
      logoFileId: null,
    });
    // Issue 30: on the new band's own page, which the list's first page may not show.
    expect(response.headers.get("location")).toBe(`/admin/bands/${band?.id}`);
    const audit = await app.database.db
      .select()
      .from(auditEntries)
      .where(
        and(eq(auditEntries.resource, "brands"), eq(auditEntries.resourceId, String(band?.id))),
      );
    expect(audit.map((entry) => [entry.action, entry.actorEmail])).toEqual([
      ["create", DEMO_ACCOUNTS.staff.email],
    ]);
    // The band's page it lands on shows the message once, and the band's form.
    const landed = await app.fetch(`/admin/bands/${band?.id}`, {
      headers: {
        Cookie: `${staff}; flash=${encodeURIComponent(setCookie(response, "flash")?.value ?? "")}`,
      },
    });
    const landedHtml = decode(await landed.text()).replace(/<script[\s\S]*?<\/script>/g, "");
    expect(landedHtml.split("Added the band “Harbour Lights Orchestra”.").length).toBe(2);
    expect(landedHtml).toContain('value="Harbour Lights Orchestra"');
    expect(rowTitles(await html("/admin/bands?q=harbour"))).toEqual(["Harbour Lights Orchestra"]);
  });

  it("shows each error beside its field and keeps what was typed, creating nothing", async () => {
    const before = await bandCount();
    const response = await post(
      "/admin/bands/new",
      staff,
      bandForm({
        title: "   ",
        genre: "Sea shanty",
        story: "<p>Typed story</p>",
        "links.instagram": "instagram.com/nope",
        logoFileId: "999999",
      }),
    );
    expect(response.status).toBe(422);
    const text = decode(await response.text());
    expect(text).toContain("Check the");
    expect(text).toMatch(
      /<input[^>]*aria-invalid="true"[^>]*aria-describedby="[^"]*"[^>]*name="title"|name="title"[^>]*aria-invalid="true"/,
    );
    expect(text).toContain("Enter the band's name.");
    expect(text).toContain("Enter a web address starting with https://.");
    // Issue 30: the service's own check (the logo is no image) shows in the same answer.
    expect(text).toContain("Choose an image from the media library.");
    expect(text).toContain('value="Sea shanty"');
    expect(text).toContain('value="instagram.com/nope"');
    expect(text).toContain("<p>Typed story</p></textarea>");
    expect(await bandCount()).toBe(before);

    // A rule only the service knows (a file that is not an image) shows beside its field too.
    const image = await post(
      "/admin/bands/new",
      staff,
      bandForm({ title: "Image Test Band", logoFileId: "999999" }),
    );
    expect(image.status).toBe(422);
    const imageHtml = decode(await image.text());
    expect(imageHtml).toContain("Choose an image from the media library.");
    expect(imageHtml).toContain('value="Image Test Band"');
    expect(await bandCount()).toBe(before);

    // Issue 30: a band's name is its own, whatever its case (two "Static Gulls" both listed).
    const [existing] = await app.database.db.select().from(brands).limit(1);
    const again = await post(
      "/admin/bands/new",
      staff,
      bandForm({ title: ` ${existing?.title.toUpperCase()} `, genre: "Copy" }),
    );
    expect(again.status).toBe(422);
    const againHtml = decode(await again.text());
    expect(againHtml).toMatch(
      /name="title"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="title"/,
    );
    expect(againHtml).toContain("Another band already has this name. Choose another.");
    expect(againHtml).toContain('value="Copy"');
    expect(await bandCount()).toBe(before);
  });

  it("saves an edit with the updatedAt it was opened with, and refuses a stale one with the 409 message", async () => {
    const band = await makeBrand(app.database.db, { title: "Pier Static", genre: "Surf" });
    const form = await html(`/admin/bands/${band.id}`);
    const openedAt = form.match(/name="updatedAt" value="([^"]+)"/)?.[1];
    expect(openedAt).toBeTruthy();
    expect(form).toContain('value="Pier Static"');

    // A colleague saves first, through the API.
    const bearer = `Bearer ${admin.slice("token=".length)}`;
    const colleague = await app.fetch("/api/staff/brands/update", {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: bearer },
      body: JSON.stringify({ id: band.id, genre: "Surf rock" }),
    });
    expect(colleague.status).toBe(200);

    const stale = await post(
      `/admin/bands/${band.id}`,
      staff,
      bandForm({ title: "Pier Static", genre: "My typed genre", updatedAt: openedAt ?? "" }),
    );
    expect(stale.status).toBe(409);
    const staleHtml = decode(await stale.text());
    expect(staleHtml).toContain("Someone else saved this band after you opened it.");
    expect(staleHtml).toContain('value="My typed genre"');
    // Saving again from that page is still checked against when it was opened.
    expect(staleHtml).toContain(`name="updatedAt" value="${openedAt}"`);
    expect((await bandById(band.id))?.genre).toBe("Surf rock");

    const fresh = (await html(`/admin/bands/${band.id}`)).match(
      /name="updatedAt" value="([^"]+)"/,
    )?.[1];
    const saved = await post(
      `/admin/bands/${band.id}`,
      staff,
      bandForm({ title: "Pier Static", genre: "Surf punk", updatedAt: fresh ?? "" }),
    );
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe("/admin/bands");
    expect(flashOf(saved)).toEqual(["Saved the band “Pier Static”."]);
    expect(await bandById(band.id)).toMatchObject({ genre: "Surf punk", featured: false });
  });

  it("shows staff no delete control and refuses their delete; admins see and use it", async () => {
    const band = await makeBrand(app.database.db, { title: "Delete Me Quartet" });
    const staffList = await html("/admin/bands", staff);
    expect(staffList).not.toContain("Delete selected");
    expect(staffList).not.toContain('name="ids"');
    const staffForm = await html(`/admin/bands/${band.id}`, staff);
    expect(staffForm).not.toContain("Delete band");
    const refused = await post(`/admin/bands/${band.id}`, staff, { intent: "delete" });
    expect(refused.status).toBe(403);
    expect(decode(await refused.text())).toContain("Only admins may delete bands.");
    expect(await bandById(band.id)).toBeDefined();

    const adminList = await html("/admin/bands", admin);
    expect(adminList).toContain("Delete selected");
    expect(adminList).toContain('aria-label="Select Blackthorn Signal"');
    const adminForm = await html(`/admin/bands/${band.id}`, admin);
    expect(adminForm).toContain("Delete band");

    // Without JavaScript the first press asks, in a dialog the server renders open.
    const asked = await post(`/admin/bands/${band.id}`, admin, { intent: "confirm-delete" });
    expect(asked.status).toBe(200);
    const question = decode(await asked.text());
    expect(question).toContain('role="alertdialog"');
    expect(question).toContain("Delete Delete Me Quartet?");
    expect(question).toMatch(/<a [^>]*href="\/admin\/bands\/\d+"[^>]*>Cancel<\/a>/);
    expect(await bandById(band.id)).toBeDefined();

    const deleted = await post(`/admin/bands/${band.id}`, admin, { intent: "delete" });
    expect(deleted.status).toBe(303);
    expect(deleted.headers.get("location")).toBe("/admin/bands");
    expect(flashOf(deleted)).toEqual(["Deleted the band “Delete Me Quartet”."]);
    expect(await bandById(band.id)).toBeUndefined();
  });

  it("refuses to delete a band in use with the 409 message, and bulk-deletes the ticked rows", async () => {
    const used = await makeBrand(app.database.db, { title: "Busy Band" });
    await makeProduct(app.database.db, { brandId: used.id, variants: [{ price: 2500 }] });
    await makeProduct(app.database.db, { brandId: used.id, variants: [{ price: 1500 }] });
    const inUse = await post(`/admin/bands/${used.id}`, admin, { intent: "delete" });
    expect(inUse.status).toBe(409);
    // Issue 30: without JavaScript the page the post lands on has the dialog open, the refusal's
    // words inside it as an alert, and Cancel a link back to the band.
    const refusedHtml = decode(await inUse.text());
    const dialog = refusedHtml.slice(refusedHtml.indexOf('role="alertdialog"'));
    expect(dialog).toMatch(
      /^role="alertdialog"[^>]*>.*?<p [^>]*role="alert"[^>]*>Busy Band has 2 products: move them to another band or delete them first\.<\/p>/s,
    );
    expect(dialog).toMatch(/<a [^>]*href="\/admin\/bands\/\d+"[^>]*>Cancel<\/a>/);
    // Told once, in the dialog, not again above the form behind it.
    const shown = refusedHtml.replace(/<script[\s\S]*?<\/script>/g, "");
    expect(shown.split("Busy Band has 2 products").length).toBe(2);
    expect(await bandById(used.id)).toBeDefined();

    const [one, two] = [
      await makeBrand(app.database.db, { title: "Bulk One" }),
      await makeBrand(app.database.db, { title: "Bulk Two" }),
    ];
    const ids = [String(one.id), String(two.id)];
    const asked = await post("/admin/bands?q=bulk", admin, { intent: "confirm-delete", ids });
    expect(asked.status).toBe(200);
    const question = decode(await asked.text());
    expect(question).toContain("Delete 2 bands?");
    for (const id of ids) expect(question).toContain(`type="hidden" name="ids" value="${id}"`);

    const staffBulk = await post("/admin/bands", staff, { intent: "delete", ids });
    expect(staffBulk.status).toBe(403);

    const bulk = await post("/admin/bands?q=bulk", admin, { intent: "delete", ids });
    expect(bulk.status).toBe(303);
    expect(bulk.headers.get("location")).toBe("/admin/bands?q=bulk");
    expect(flashOf(bulk)).toEqual(["Deleted 2 bands."]);
    expect(await bandById(one.id)).toBeUndefined();
    expect(await bandById(two.id)).toBeUndefined();

    const none = await post("/admin/bands", admin, { intent: "delete" });
    expect(none.status).toBe(422);
    expect(decode(await none.text())).toContain("Tick the bands to delete first.");
  });

  it("answers an edit page for no such band with a 404 inside the back office", async () => {
    const missing = await page("/admin/bands/999999", staff);
    expect(missing.status).toBe(404);
    const text = decode(await missing.text());
    expect(text).toContain("No such band.");
    expect(text).toContain('aria-label="Back office"');
    expect((await page("/admin/bands/not-a-number", staff)).status).toBe(404);
  });
});
