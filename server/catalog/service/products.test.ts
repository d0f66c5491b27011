import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRODUCT_SORTS, type ProductSort } from "../../../common/product-list-query.ts";
import {
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from "../../../tests/support/databases.ts";
import { listProducts } from "./products.ts";

// The demo shop: 300 products, some sharing a price, a publication time or a featured rank, so
// every order needs its id tie-break to be stable across pages.
describe.each(databaseKinds)("product listing on the demo shop on %s", (kind) => {
  let database: TestDatabase;
  let published: number;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const [row] = (
      await database.db.execute<{ count: number }>(
        sql`select count(*)::int as count from products where status = 'published'`,
      )
    ).rows;
    published = row?.count ?? 0;
  });
  afterAll(() => database.drop());

  // Each order as the listing defines it (spec §7), written out in SQL of its own.
  const expectedOrder: Record<ProductSort, string> = {
    featured: "featured_rank asc nulls last, published_at desc nulls last, id desc",
    newest: "published_at desc nulls last, id desc",
    "price-asc": "price_from asc, id asc",
    "price-desc": "price_from desc, id desc",
    title: "title asc, id asc",
  };

  it.each(PRODUCT_SORTS)(
    "lists every published product once, in the %s order, page by page",
    async (sort) => {
      const expected = (
        await database.db.execute<{ id: number }>(
          sql.raw(
            `select id from products where status = 'published' order by ${expectedOrder[sort]}`,
          ),
        )
      ).rows.map((row) => row.id);
      expect(expected.length).toBe(published);
      const listed: number[] = [];
      for (let page = 1; listed.length < published; page++) {
        const { data } = await listProducts(database.db, { page, perPage: 24, sort });
        expect(data.length).toBeGreaterThan(0);
        listed.push(...data.map((card) => card.id));
      }
      expect(listed).toEqual(expected);
    },
  );

  it("counts every match below the cap, exactly", async () => {
    const { meta } = await listProducts(database.db, { page: 1, perPage: 24 });
    expect(meta).toEqual({
      currentPage: 1,
      perPage: 24,
      total: published,
      lastPage: Math.ceil(published / 24),
      totalIsCapped: false,
    });
  });

  it("counts up to the cap and says when more match, with the pages known so far", async () => {
    const { data, meta } = await listProducts(
      database.db,
      { page: 1, perPage: 24 },
      { countCap: 100 },
    );
    expect(data).toHaveLength(24);
    expect(meta).toEqual({
      currentPage: 1,
      perPage: 24,
      total: 100,
      lastPage: 5,
      totalIsCapped: true,
    });
  });

  it("does not call a total capped when exactly the cap match", async () => {
    const { meta } = await listProducts(
      database.db,
      { page: 1, perPage: 24 },
      { countCap: published },
    );
    expect(meta).toMatchObject({ total: published, totalIsCapped: false });
  });

  it("counts past the cap for a page beyond it, so that page still knows a next one follows", async () => {
    // Page 6 of 24 ends at row 144: the count reaches the next multiple of the cap, 200.
    const { data, meta } = await listProducts(
      database.db,
      { page: 6, perPage: 24 },
      { countCap: 100 },
    );
    expect(data).toHaveLength(24);
    expect(meta).toEqual({
      currentPage: 6,
      perPage: 24,
      total: 200,
      lastPage: 9,
      totalIsCapped: true,
    });
    // Past the last product, the count is exact again.
    const last = await listProducts(
      database.db,
      { page: Math.ceil(published / 24), perPage: 24 },
      { countCap: 100 },
    );
    expect(last.meta).toMatchObject({ total: published, totalIsCapped: false });
  });
});
