import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffVenueItem, VenueEdit } from "../../common/venues-admin.ts";
import { startTestApp, type TestApp } from "../../tests/support/app.ts";
import { databaseKinds } from "../../tests/support/databases.ts";
import { releasedTogether } from "../../tests/support/races.ts";
import {
  auditCount,
  auditOf,
  read,
  signInEveryone,
  staffCaller,
  type Who,
} from "../../tests/support/staff-api.ts";
import { DEMO_VENUES } from "../db/seed/venues.ts";
import { venues } from "./schema.ts";

// Venues on the staff resource pattern (decision 0014): where bands play, each name its own.
describe.each(databaseKinds)("staff API for venues on %s", (kind) => {
  let app: TestApp;
  let call: (path: string, who: Who, body?: unknown) => Promise<Response>;
  beforeAll(async () => {
    app = await startTestApp(kind);
    call = staffCaller(app, await signInEveryone(app));
  });
  afterAll(() => app.close());

  const store = async (body: unknown) => {
    const response = await call("/venues/store", "staff", body);
    expect(response.status, JSON.stringify(body)).toBe(201);
    return (await read<VenueEdit>(response)).data;
  };
  const named = async (name: string) =>
    (
      await app.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(venues)
        .where(sql`lower(${venues.name}) = lower(${name})`)
    )[0]?.n ?? 0;

  it("lets staff in only: 401 without a token, 403 for a customer, deleting is admins'", async () => {
    expect((await call("/venues", "nobody")).status).toBe(401);
    expect((await call("/venues", "customer")).status).toBe(403);
    expect((await call("/venues", "staff")).status).toBe(200);
    const body = { name: "Sneaky Hall", city: "Leeds" };
    expect((await call("/venues/store", "customer", body)).status).toBe(403);
    expect((await call("/venues/store", "nobody", body)).status).toBe(401);
    expect(await named("Sneaky Hall")).toBe(0);
  });

  it("lists the demo venues A to Z, searched by name, town or postcode, and sorted", async () => {
    const all = await read<StaffVenueItem[]>(await call("/venues?perPage=100", "staff"));
    const demo = all.data.filter((venue) => DEMO_VENUES.some((one) => one.name === venue.name));
    expect(demo.map((venue) => venue.name)).toEqual(
      DEMO_VENUES.map((venue) => venue.name).sort((a, b) =>
        a.toLowerCase().localeCompare(b.toLowerCase()),
      ),
    );
    expect(all.data.find((venue) => venue.name === "Static Hall")).toMatchObject({
      city: "Bristol",
      postcode: "BS1 5TR",
      capacity: 800,
    });
    const search = async (q: string) =>
      (
        await read<StaffVenueItem[]>(await call(`/venues?q=${encodeURIComponent(q)}`, "staff"))
      ).data.map((venue) => venue.name);
    expect(await search("lantern")).toEqual(["The Lantern"]);
    expect(await search("WHITBY")).toEqual(["The Harbour Rooms"]);
    expect(await search("ls1 4")).toEqual(["Northern Lights Ballroom"]);
    // `%` and `_` typed into the search mean themselves.
    expect(await search("100%")).toEqual([]);
    const biggest = await read<StaffVenueItem[]>(
      await call("/venues?sort=-capacity&perPage=1", "staff"),
    );
    expect(biggest.data[0]?.name).toBe("Northern Lights Ballroom");
    const wrong = await call("/venues?sort=colour&perPage=500", "staff");
    expect(wrong.status).toBe(422);
    expect(Object.keys((await read(wrong)).errors ?? {}).sort()).toEqual(["perPage", "sort"]);
  });

  it("creates a venue with its postcode as Royal Mail writes it, reads it and changes it, each with an audit entry", async () => {
    const venue = await store({
      name: "  The Crescent  ",
      city: " York ",
      postcode: " yo1 7aa",
      capacity: 450,
    });
    expect(venue).toMatchObject({
      name: "The Crescent",
      city: "York",
      postcode: "YO1 7AA",
      capacity: 450,
    });
    const edit = await read<VenueEdit>(await call(`/venues/edit/${venue.id}`, "staff"));
    expect(edit.data).toEqual(venue);

    const changed = await call("/venues/update", "staff", {
      id: venue.id,
      capacity: 500,
      updatedAt: venue.updatedAt,
    });
    expect(changed.status).toBe(200);
    const saved = (await read<VenueEdit>(changed)).data;
    // Only the fields sent change.
    expect(saved).toMatchObject({ name: "The Crescent", postcode: "YO1 7AA", capacity: 500 });

    // A save from a form opened before a colleague's save is refused, and changes nothing.
    const stale = await call("/venues/update", "staff", {
      id: venue.id,
      capacity: 10,
      updatedAt: venue.updatedAt,
    });
    expect(stale.status).toBe(409);
    expect((await read(stale)).message).toContain("Someone else saved this venue");

    // Cleared: no postcode, capacity not known.
    const cleared = await read<VenueEdit>(
      await call("/venues/update", "staff", {
        id: venue.id,
        postcode: null,
        capacity: null,
        updatedAt: saved.updatedAt,
      }),
    );
    expect(cleared.data).toMatchObject({ postcode: null, capacity: null, city: "York" });

    const entries = await auditOf(app, "venues", venue.id);
    expect(entries.map((entry) => [entry.action, entry.label])).toEqual([
      ["create", "The Crescent"],
      ["update", "The Crescent"],
      ["update", "The Crescent"],
    ]);
    expect(entries[1]?.before).toMatchObject({ capacity: 450 });
    expect(entries[1]?.after).toMatchObject({ capacity: 500 });
    expect((await call("/venues/edit/999999", "staff")).status).toBe(404);
    expect((await call("/venues/update", "staff", { id: 999999, city: "Hull" })).status).toBe(404);
  });

  it("refuses a bad field with a 422 naming it, every problem at once, writing nothing", async () => {
    const before = await auditCount(app);
    const cases: Array<[unknown, string[]]> = [
      [{ name: "", city: "Leeds" }, ["name"]],
      [{ name: "   ", city: "" }, ["city", "name"]],
      [{ name: "x".repeat(121), city: "Leeds" }, ["name"]],
      [{ name: "Long Town Hall", city: "y".repeat(81) }, ["city"]],
      [{ name: "Nowhere Hall", city: "Leeds", postcode: "LS99 ZZZ" }, ["postcode"]],
      [{ name: "Forces Hall", city: "Leeds", postcode: "BFPO 123" }, ["postcode"]],
      [{ name: "Tiny Hall", city: "Leeds", capacity: 0 }, ["capacity"]],
      [{ name: "Huge Hall", city: "Leeds", capacity: 100_001 }, ["capacity"]],
      [{ name: "Half Hall", city: "Leeds", capacity: 12.5 }, ["capacity"]],
      [{ name: "Word Hall", city: "Leeds", capacity: "lots" }, ["capacity"]],
      [{ name: "Extra Hall", city: "Leeds", stage: "big" }, ["body"]],
      [{ city: "Leeds" }, ["name"]],
    ];
    for (const [body, fields] of cases) {
      const response = await call("/venues/store", "staff", body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      const errors = Object.keys((await read(response)).errors ?? {}).sort();
      expect(errors, JSON.stringify(body)).toEqual(fields);
    }
    const postcode = await call("/venues/store", "staff", {
      name: "Nowhere Hall",
      city: "Leeds",
      postcode: "LS99 ZZZ",
    });
    expect((await read(postcode)).errors?.postcode).toEqual(["Enter a UK postcode, like LS6 1NH."]);
    expect(await named("Nowhere Hall")).toBe(0);
    expect(await auditCount(app)).toBe(before);
  });

  it("refuses a name another venue has, in any case, beside the name field, on create and rename", async () => {
    const before = await auditCount(app);
    const again = await call("/venues/store", "staff", { name: " static HALL ", city: "Bath" });
    expect(again.status).toBe(422);
    expect((await read(again)).errors).toEqual({
      name: ["Another venue already has this name. Choose another."],
    });
    // With the other fields' problems, in one answer.
    const both = await call("/venues/store", "staff", { name: "Static Hall", city: "" });
    expect(Object.keys((await read(both)).errors ?? {}).sort()).toEqual(["city", "name"]);
    expect(await named("Static Hall")).toBe(1);
    expect(await auditCount(app)).toBe(before);

    const mine = await store({ name: "Rename Rooms", city: "Hull" });
    const renamed = await call("/venues/update", "staff", { id: mine.id, name: "THE LANTERN" });
    expect(renamed.status).toBe(422);
    expect(Object.keys((await read(renamed)).errors ?? {})).toEqual(["name"]);
    // Its own name in another case is no clash with itself.
    const recased = await call("/venues/update", "staff", { id: mine.id, name: "RENAME ROOMS" });
    expect(recased.status).toBe(200);
  });

  it("deletes venues (admins only), one or several, each with an audit entry", async () => {
    const one = await store({ name: "Gone Hall", city: "Leeds" });
    const two = await store({ name: "Gone Rooms", city: "Leeds" });
    expect((await call("/venues/destroy", "staff", { id: one.id })).status).toBe(403);
    const deleted = await call("/venues/destroy", "admin", { ids: [one.id, two.id] });
    expect(deleted.status).toBe(200);
    expect((await read<{ ids: number[] }>(deleted)).data.ids).toEqual([one.id, two.id]);
    const left = await app.database.db.select().from(venues).where(eq(venues.id, one.id));
    expect(left).toEqual([]);
    expect((await auditOf(app, "venues", one.id)).map((entry) => entry.action)).toEqual([
      "create",
      "delete",
    ]);
    expect((await call("/venues/destroy", "admin", { id: one.id })).status).toBe(404);
  });

  // Races need two connections: PGlite has one, so the race is held on PostgreSQL only.
  if (kind === "postgres") {
    it("answers two staff creating one name at once with one 201 and one 422 on the name, never a 500", async () => {
      const answers = await releasedTogether(app.database.db, "venues", 2, [
        () => call("/venues/store", "staff", { name: "Raced Rooms", city: "Leeds" }),
        () => call("/venues/store", "admin", { name: "RACED ROOMS", city: "Derby" }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 422]);
      const refused = await read(answers.find((answer) => answer.status === 422) as Response);
      expect(Object.keys(refused.errors ?? {})).toEqual(["name"]);
      expect(await named("Raced Rooms")).toBe(1);
    });
  }
});
