import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminPages, fieldTag } from "../../tests/support/admin-pages.ts";
import { startTestApp, type TestApp } from "../../tests/support/app.ts";
import { databaseKinds } from "../../tests/support/databases.ts";
import { releasedTogether } from "../../tests/support/races.ts";
import { read, signInEveryone, staffCaller, type Who } from "../../tests/support/staff-api.ts";
import { brands } from "../catalog/schema.ts";
import { deliveryOptionGroupCountries, deliveryOptionGroups } from "../delivery/schema.ts";
import { INTERNAL_KEYS, NATURAL_KEYS } from "./database-input-errors.ts";

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

// docs/security.md #15: a value people type that must be unique (a slug, a country of a group)
// can be taken by a request at the same moment, after the service found it free. One request
// wins; the other is told which field clashed (a 422 on it, as when it was taken before), never
// a 500.

describe.each(databaseKinds)("unique constraints on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind);
  });
  afterAll(() => app.close());

  it("are each a natural key naming its field, or the shop's own key, decided", async () => {
    const names = rowsOf<{ name: string }>(
      await app.database.db.execute(sql`
        select c.relname as name from pg_index i
        join pg_class c on c.oid = i.indexrelid
        join pg_class t on t.oid = i.indrelid
        join pg_namespace n on n.oid = t.relnamespace
        left join pg_attribute a on a.attrelid = t.oid and a.attnum = i.indkey[0]
        where n.nspname = 'public' and i.indisunique
          -- A surrogate key the database numbers itself is nobody's input.
          and not (i.indisprimary and i.indnatts = 1 and a.attname is not distinct from 'id')
        order by 1`),
    ).map((row) => row.name);
    const decided = new Set([...Object.keys(NATURAL_KEYS), ...INTERNAL_KEYS]);
    expect(names.filter((name) => !decided.has(name))).toEqual([]);
    expect([...decided].filter((name) => !names.includes(name))).toEqual([]);
  });
});

describe.each(databaseKinds.filter((kind) => kind === "postgres"))(
  "two staff saving the same natural key at once on %s",
  (kind) => {
    let app: TestApp;
    let call: (path: string, who: Who, body?: unknown) => Promise<Response>;
    beforeAll(async () => {
      app = await startTestApp(kind);
      call = staffCaller(app, await signInEveryone(app));
    });
    afterAll(() => app.close());
    const db = () => app.database.db;

    it("creates one band of a name and tells the other staff member the slug was taken", async () => {
      const answers = await releasedTogether(db(), "brands", 2, [
        () => call("/brands/store", "staff", { title: "Tidal Hymnal" }),
        () => call("/brands/store", "admin", { title: "Tidal Hymnal" }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 422]);
      const refused = await read(answers.find((answer) => answer.status === 422) as Response);
      expect(refused.errors).toEqual({
        slug: ["Another band already has this slug. Choose another."],
      });
      const saved = await db()
        .select({ slug: brands.slug })
        .from(brands)
        .where(eq(brands.title, "Tidal Hymnal"));
      expect(saved).toEqual([{ slug: "tidal-hymnal" }]);
      // Another name that makes the same slug gets the next one (the same name is refused:
      // a name identifies a band, issue 30).
      const again = await call("/brands/store", "staff", { title: "Tidal Hymnal!" });
      expect(again.status).toBe(201);
      expect((await read<{ slug: string }>(again)).data.slug).toBe("tidal-hymnal-2");
    });

    it("refuses the same race through the band form beside the slug, not with a 500", async () => {
      const pages = await adminPages(app);
      // Every field, as the form posts them without JavaScript.
      const form = {
        title: "Velvet Tithe",
        ...Object.fromEntries(
          ["slug", "story", "genre", "origin", "logoFileId", "heroFileId", "seoTitle"]
            .concat(["seoDescription", "links.website", "links.instagram", "links.spotify"])
            .concat(["links.bandcamp", "links.youtube"])
            .map((name) => [name, ""]),
        ),
      };
      const answers = await releasedTogether(db(), "brands", 2, [
        () => pages.post("/admin/bands/new", pages.staff, form),
        () => pages.post("/admin/bands/new", pages.admin, form),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([303, 422]);
      const refused = answers.find((answer) => answer.status === 422) as Response;
      const page = await refused.text();
      expect(fieldTag(page, "slug")).toContain('aria-invalid="true"');
      expect(page).toContain("Another band already has this slug.");
      const saved = await db()
        .select({ id: brands.id })
        .from(brands)
        .where(eq(brands.title, "Velvet Tithe"));
      expect(saved).toHaveLength(1);
    });

    it("gives a country to one of two groups taking it at once, and refuses the other naming the countries", async () => {
      const answers = await releasedTogether(db(), "delivery_option_group_countries", 2, [
        () =>
          call("/delivery-option-groups/store", "staff", {
            title: "Far South",
            countries: ["AQ", "BV"],
          }),
        () =>
          call("/delivery-option-groups/store", "admin", {
            title: "Southern Ocean",
            countries: ["BV", "HM"],
          }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 422]);
      const refused = await read(answers.find((answer) => answer.status === 422) as Response);
      expect(refused.errors).toEqual({
        countries: [expect.stringContaining("A group saved at the same moment took Bouvet Island")],
      });
      const held = await db()
        .select({
          country: deliveryOptionGroupCountries.country,
          group: deliveryOptionGroups.title,
        })
        .from(deliveryOptionGroupCountries)
        .innerJoin(
          deliveryOptionGroups,
          eq(deliveryOptionGroups.id, deliveryOptionGroupCountries.groupId),
        )
        .where(sql`${deliveryOptionGroupCountries.country} in ('AQ', 'BV', 'HM')`)
        .orderBy(deliveryOptionGroupCountries.country);
      // The refused group was not written at all: its whole save rolled back.
      const winner = held[0]?.group;
      expect(held).toHaveLength(2);
      expect(held.every((row) => row.group === winner)).toBe(true);
      const groups = await db()
        .select({ title: deliveryOptionGroups.title })
        .from(deliveryOptionGroups)
        .where(sql`${deliveryOptionGroups.title} in ('Far South', 'Southern Ocean')`);
      expect(groups).toEqual([{ title: winner }]);
    });
  },
);
