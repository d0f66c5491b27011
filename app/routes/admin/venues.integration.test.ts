import { and, asc, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEntries } from "../../../server/audit/schema.ts";
import { setCookie } from "../../../server/auth/test-helpers.ts";
import { DEMO_ACCOUNTS } from "../../../server/db/seed/accounts.ts";
import { venues } from "../../../server/venues/schema.ts";
import {
  adminPages,
  decode,
  fieldErrorOf,
  fieldTag,
  flashOf,
  rowTitles,
} from "../../../tests/support/admin-pages.ts";
import { startTestApp, type TestApp } from "../../../tests/support/app.ts";
import { databaseKinds } from "../../../tests/support/databases.ts";

/** The venue fields as the form posts them without JavaScript: every field, as text. */
const venueForm = (values: Record<string, string> = {}) => ({
  name: "",
  city: "",
  postcode: "",
  capacity: "",
  ...values,
});

// The venues' back-office screens, by HTTP as a browser without JavaScript uses them: the worked
// example of a staff resource's screens (decision 0042).
describe.each(databaseKinds)("the venues screens on %s", (kind) => {
  let app: TestApp;
  let pages: Awaited<ReturnType<typeof adminPages>>;
  beforeAll(async () => {
    app = await startTestApp(kind);
    pages = await adminPages(app);
  });
  afterAll(() => app.close());

  const db = () => app.database.db;
  const venueCount = async () => (await db().select({ n: count() }).from(venues))[0]?.n ?? 0;
  const venueNamed = async (name: string) =>
    (await db().select().from(venues).where(eq(venues.name, name)))[0];
  const venueById = async (id: number) =>
    (await db().select().from(venues).where(eq(venues.id, id)))[0];
  const auditRows = (id: number) =>
    db()
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.resource, "venues"), eq(auditEntries.resourceId, String(id))))
      .orderBy(asc(auditEntries.id));
  const updatedAtOf = (page: string) => page.match(/name="updatedAt" value="([^"]+)"/)?.[1] ?? "";

  it("needs a live staff token: nobody goes to the staff sign-in, a customer gets a 403", async () => {
    const nobody = await app.fetch("/admin/venues");
    expect(nobody.status).toBe(302);
    expect(nobody.headers.get("location")).toBe("/admin/login?redirect=%2Fadmin%2Fvenues");
    expect((await pages.page("/admin/venues", pages.customer)).status).toBe(403);
    const sneaky = await pages.post(
      "/admin/venues/new",
      pages.customer,
      venueForm({ name: "Sneaky Hall", city: "Leeds" }),
    );
    expect(sneaky.status).toBe(403);
    expect(await venueNamed("Sneaky Hall")).toBeUndefined();
  });

  it("is in the back office's navigation, and lists the venues A to Z, searched and sorted", async () => {
    const list = await pages.html("/admin/venues");
    const nav = list.slice(list.indexOf('aria-label="Back office"'), list.indexOf("</nav>"));
    expect(nav).toMatch(
      /aria-current="page"[^>]*href="\/admin\/venues"|href="\/admin\/venues"[^>]*aria-current="page"/,
    );
    expect(list).toMatch(/aria-sort="ascending"[^>]*><a [^>]*>Venue/);
    const all = await db()
      .select({ name: venues.name })
      .from(venues)
      .orderBy(sql`lower(${venues.name})`);
    expect(rowTitles(list, "venues")).toEqual(all.map((venue) => venue.name));
    // Town, postcode and capacity in their columns; a capacity not known is a dash.
    expect(list).toContain("Northern Lights Ballroom");
    expect(list).toContain("LS1 4AP");
    expect(list).toContain("1,200");

    const found = await pages.html("/admin/venues?q=whitby");
    expect(rowTitles(found, "venues")).toEqual(["The Harbour Rooms"]);
    expect(found).toContain('value="whitby"');
    const byPostcode = await pages.html("/admin/venues?q=bs1");
    expect(rowTitles(byPostcode, "venues")).toEqual(["Static Hall"]);

    const biggest = await pages.html("/admin/venues?sort=capacity&direction=desc&perPage=2");
    expect(biggest).toMatch(/aria-sort="descending"[^>]*><a [^>]*>Capacity/);
    expect(rowTitles(biggest, "venues")).toEqual(["Northern Lights Ballroom", "Static Hall"]);

    const wrong = await pages.html("/admin/venues?sort=colour&q=lantern");
    expect(wrong).toContain("Part of this list's address could not be used");
    expect(rowTitles(wrong, "venues")).toEqual(["The Lantern"]);
  });

  it("adds a venue from the new form: 303 to the venue's page with a message, and an audit row", async () => {
    const before = await venueCount();
    const blank = await pages.html("/admin/venues/new");
    expect(fieldTag(blank, "name")).toContain('value=""');
    const response = await pages.post(
      "/admin/venues/new",
      pages.staff,
      venueForm({ name: "The Wardrobe", city: "Leeds", postcode: "ls2 7hy", capacity: "1,000" }),
    );
    expect(response.status, await response.clone().text()).toBe(303);
    expect(flashOf(response)).toEqual(["Added the venue “The Wardrobe”."]);
    expect(await venueCount()).toBe(before + 1);
    const venue = await venueNamed("The Wardrobe");
    expect(venue).toMatchObject({ city: "Leeds", postcode: "LS2 7HY", capacity: 1000 });
    expect(response.headers.get("location")).toBe(`/admin/venues/${venue?.id}`);

    const audit = await auditRows(venue?.id ?? 0);
    expect(audit.map((entry) => [entry.action, entry.label, entry.actorEmail])).toEqual([
      ["create", "The Wardrobe", DEMO_ACCOUNTS.staff.email],
    ]);
    expect(audit[0]?.after).toMatchObject({ postcode: "LS2 7HY", capacity: 1000 });

    // The page it lands on shows the message once, and the venue's form as saved.
    const landed = await app.fetch(`/admin/venues/${venue?.id}`, {
      headers: {
        Cookie: `${pages.staff}; flash=${encodeURIComponent(setCookie(response, "flash")?.value ?? "")}`,
      },
    });
    expect(landed.status).toBe(200);
    const landedHtml = decode(await landed.text()).replace(/<script[\s\S]*?<\/script>/g, "");
    expect(landedHtml.split("Added the venue “The Wardrobe”.").length).toBe(2);
    expect(fieldTag(landedHtml, "postcode")).toContain('value="LS2 7HY"');
    expect(fieldTag(landedHtml, "capacity")).toContain('value="1000"');

    // The audit log names it as the screens do, and links to it.
    const log = await pages.html("/admin/audit-log?resource=venues");
    expect(log).toMatch(/<option value="venues"[^>]*>Venue<\/option>/);
    expect(log).toContain(`href="/admin/venues/${venue?.id}"`);
  });

  it("answers a bad field with a 422, the error beside that field, keeping what was typed", async () => {
    const before = await venueCount();
    const response = await pages.post(
      "/admin/venues/new",
      pages.staff,
      venueForm({ name: "  ", city: "Sheffield", postcode: "S1 2XX9", capacity: "lots" }),
    );
    expect(response.status).toBe(422);
    const page = decode(await response.text());
    for (const field of ["name", "postcode", "capacity"]) {
      expect(fieldTag(page, field), field).toContain('aria-invalid="true"');
    }
    expect(fieldTag(page, "city")).not.toContain('aria-invalid="true"');
    expect(fieldErrorOf(page, "name")).toBe("Enter the venue's name.");
    expect(fieldErrorOf(page, "postcode")).toBe("Enter a UK postcode, like LS6 1NH.");
    expect(fieldErrorOf(page, "capacity")).toBe(
      "Enter a whole number from 1 to 100,000, or leave it empty.",
    );
    expect(fieldTag(page, "city")).toContain('value="Sheffield"');
    expect(fieldTag(page, "postcode")).toContain('value="S1 2XX9"');
    expect(fieldTag(page, "capacity")).toContain('value="lots"');
    expect(await venueCount()).toBe(before);

    // A name another venue has, in another case: the service's check, beside the name.
    const taken = await pages.post(
      "/admin/venues/new",
      pages.staff,
      venueForm({ name: "static hall", city: "Bath", capacity: "90" }),
    );
    expect(taken.status).toBe(422);
    const takenPage = decode(await taken.text());
    expect(fieldTag(takenPage, "name")).toContain('aria-invalid="true"');
    expect(fieldErrorOf(takenPage, "name")).toBe(
      "Another venue already has this name. Choose another.",
    );
    expect(fieldTag(takenPage, "city")).toContain('value="Bath"');
    expect(await venueCount()).toBe(before);
  });

  it("saves an edit with the updatedAt it was opened with, and refuses a stale one", async () => {
    const venue = await venueNamed("The Lantern");
    const id = venue?.id ?? 0;
    const form = await pages.html(`/admin/venues/${id}`);
    const openedAt = updatedAtOf(form);
    expect(openedAt).toBeTruthy();
    expect(fieldTag(form, "name")).toContain('value="The Lantern"');

    const saved = await pages.post(
      `/admin/venues/${id}`,
      pages.staff,
      venueForm({
        name: "The Lantern",
        city: "Glasgow",
        postcode: "",
        capacity: "275",
        updatedAt: openedAt,
      }),
    );
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe("/admin/venues");
    expect(flashOf(saved)).toEqual(["Saved the venue “The Lantern”."]);
    // Emptied, the postcode is cleared.
    expect(await venueById(id)).toMatchObject({ postcode: null, capacity: 275 });
    const audit = await auditRows(id);
    expect(audit.map((entry) => [entry.action, entry.actorEmail])).toEqual([
      ["update", DEMO_ACCOUNTS.staff.email],
    ]);
    expect(audit[0]?.before).toMatchObject({ postcode: "G2 3JD", capacity: 250 });
    expect(audit[0]?.after).toMatchObject({ postcode: null, capacity: 275 });

    // The same form again, opened before that save: refused, what was typed kept.
    const stale = await pages.post(
      `/admin/venues/${id}`,
      pages.staff,
      venueForm({ name: "The Lantern", city: "Paisley", capacity: "300", updatedAt: openedAt }),
    );
    expect(stale.status).toBe(409);
    const stalePage = decode(await stale.text());
    expect(stalePage).toContain("Someone else saved this venue after you opened it.");
    expect(fieldTag(stalePage, "city")).toContain('value="Paisley"');
    expect((await venueById(id))?.city).toBe("Glasgow");
    expect(await auditRows(id)).toHaveLength(1);
  });

  it("deletes a venue after asking (admins only), with an audit row", async () => {
    const made = await pages.post(
      "/admin/venues/new",
      pages.staff,
      venueForm({ name: "Delete Me Rooms", city: "Hull" }),
    );
    expect(made.status).toBe(303);
    const id = (await venueNamed("Delete Me Rooms"))?.id ?? 0;

    expect(await pages.html(`/admin/venues/${id}`, pages.staff)).not.toContain("Delete venue");
    const refused = await pages.post(`/admin/venues/${id}`, pages.staff, { intent: "delete" });
    expect(refused.status).toBe(403);
    expect(decode(await refused.text())).toContain("Only admins may delete venues.");
    expect(await venueById(id)).toBeDefined();

    expect(await pages.html(`/admin/venues/${id}`, pages.admin)).toContain("Delete venue");
    // Without JavaScript the first press asks, in a dialog the server renders open.
    const asked = await pages.post(`/admin/venues/${id}`, pages.admin, {
      intent: "confirm-delete",
    });
    expect(asked.status).toBe(200);
    const question = decode(await asked.text());
    expect(question).toContain('role="alertdialog"');
    expect(question).toContain("Delete Delete Me Rooms?");
    expect(question).toMatch(/<a [^>]*href="\/admin\/venues\/\d+"[^>]*>Cancel<\/a>/);
    expect(await venueById(id)).toBeDefined();

    const deleted = await pages.post(`/admin/venues/${id}`, pages.admin, { intent: "delete" });
    expect(deleted.status).toBe(303);
    expect(deleted.headers.get("location")).toBe("/admin/venues");
    expect(flashOf(deleted)).toEqual(["Deleted the venue “Delete Me Rooms”."]);
    expect(await venueById(id)).toBeUndefined();
    expect((await auditRows(id)).map((entry) => [entry.action, entry.actorEmail])).toEqual([
      ["create", DEMO_ACCOUNTS.staff.email],
      ["delete", DEMO_ACCOUNTS.admin.email],
    ]);
  });

  it("answers an edit page for no such venue with a 404 inside the back office", async () => {
    const missing = await pages.page("/admin/venues/999999", pages.staff);
    expect(missing.status).toBe(404);
    const text = decode(await missing.text());
    expect(text).toContain("No such venue.");
    expect(text).toContain('aria-label="Back office"');
  });
});
