import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SearchSuggestions } from "../../common/catalog.ts";
import type { SynonymGroups } from "../../common/catalog-admin.ts";
import { changesHeard, startTestApp, type TestApp } from "../../tests/support/app.ts";
import { databaseKinds } from "../../tests/support/databases.ts";
import { read, signInEveryone, staffCaller, type Who } from "../../tests/support/staff-api.ts";
import { auditEntries } from "../audit/schema.ts";
import { searchSynonyms } from "./schema.ts";

// Issue 29: search that finds what fans type (synonyms kept as data staff edit, spelling, bands in
// the suggestions) on both databases: pg_trgm and fuzzystrmatch are PostgreSQL's and PGlite's own.
describe.each(databaseKinds)("search suggestions and synonyms on %s", (kind) => {
  let app: TestApp;
  let staff: ReturnType<typeof staffCaller>;
  beforeAll(async () => {
    app = await startTestApp(kind);
    staff = staffCaller(app, await signInEveryone(app));
  });
  afterAll(() => app.close());

  const suggest = async (q: string) => {
    const response = await app.fetch(`/api/search/suggestions?q=${encodeURIComponent(q)}`);
    expect(response.status).toBe(200);
    return (await read<SearchSuggestions>(response)).data;
  };

  it("finds T-shirts for tee, tees and tshirt, which no product's words hold", async () => {
    for (const q of ["tee", "tees", "tshirt", "t shirt"]) {
      const found = await suggest(q);
      expect(found.total, q).toBeGreaterThan(20);
      expect(
        found.products.every((product) => /t-shirt/i.test(product.title)),
        q,
      ).toBe(true);
      expect(found.correctedFrom).toBeNull();
    }
    expect((await suggest("jumper")).products.map((product) => product.productType)).toEqual(
      expect.arrayContaining(["Sweatshirt"]),
    );
  });

  it("names the band, corrects a misspelt word and says what was typed", async () => {
    const exact = await suggest("static gulls");
    expect(exact.bands[0]).toMatchObject({ slug: "static-gulls", title: "Static Gulls" });
    expect(exact.products.every((product) => product.brand.slug === "static-gulls")).toBe(true);

    const misspelt = await suggest("statik gulls");
    expect(misspelt).toMatchObject({ searchedFor: "static gulls", correctedFrom: "statik gulls" });
    expect(misspelt.bands[0]?.slug).toBe("static-gulls");
    expect(misspelt.total).toBe(exact.total);

    const nothing = await suggest("zzqx");
    expect(nothing).toMatchObject({ total: 0, products: [], bands: [], correctedFrom: null });
  });

  it("refuses an empty or overlong search with a 422 naming q", async () => {
    for (const q of ["", "   ", "x".repeat(101)]) {
      const response = await app.fetch(`/api/search/suggestions?q=${encodeURIComponent(q)}`);
      expect(response.status).toBe(422);
      expect(Object.keys((await read(response)).errors ?? {})).toEqual(["q"]);
    }
  });

  it("lets staff replace the synonym groups, audited, and search with them at once", async () => {
    const listed = await staff("/search/synonyms", "staff");
    expect(listed.status).toBe(200);
    const before = (await read<SynonymGroups>(listed)).data.groups;
    expect(before).toContainEqual(expect.arrayContaining(["tee", "t-shirt", "tshirt"]));

    // No product or band is called anything like xylophonic: nothing found.
    expect((await suggest("xylophonic")).total).toBe(0);
    const saved = await staff("/search/synonyms", "staff", {
      groups: [...before, ["Xylophonic", "  static gulls "]],
    });
    expect(saved.status).toBe(200);
    expect((await read<SynonymGroups>(saved)).data.groups.at(-1)).toEqual([
      "xylophonic",
      "static gulls",
    ]);
    // The suggestions are a cached answer: asked again once the app has heard the change.
    await changesHeard(app);
    const found = await suggest("xylophonic");
    expect(found.total).toBe((await suggest("static gulls")).total);
    const [entry] = await app.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.resource, "search-synonyms"), eq(auditEntries.action, "update")));
    expect(JSON.stringify(entry?.after)).toContain("xylophonic, static gulls");
  });

  it("refuses a bad list with a 422 naming the word, changing nothing; only staff may call", async () => {
    const stored = async () =>
      (await app.database.db.select({ n: sql<number>`count(*)::int` }).from(searchSynonyms))[0]?.n;
    const count = await stored();
    for (const [groups, field] of [
      [[["lonely"]], "groups.0"],
      [[["ok", "<script>"]], "groups.0.1"],
      [[["ok", "x".repeat(41)]], "groups.0.1"],
    ] as const) {
      const response = await staff("/search/synonyms", "staff", { groups });
      expect(response.status).toBe(422);
      expect(Object.keys((await read(response)).errors ?? {})).toContain(field);
    }
    expect(await stored()).toBe(count);
    const refused: Array<[Who, number]> = [
      ["nobody", 401],
      ["customer", 403],
    ];
    for (const [who, status] of refused) {
      expect((await staff("/search/synonyms", who)).status).toBe(status);
      expect((await staff("/search/synonyms", who, { groups: [] })).status).toBe(status);
    }
    expect(await stored()).toBe(count);
  });
});
