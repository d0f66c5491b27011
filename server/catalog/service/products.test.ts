import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRODUCT_SORTS, type ProductSort } from "../../../common/product-list-query.ts";
import {
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from "../../../tests/support/databases.ts";
import { collectionProducts, productCollections, products } from "../schema.ts";
import { listProducts } from "./products.ts";

// The demo shop: 300 products, some sharing a price, a publication time or a featured rank, so
// every order needs its id tie-break to be stable across pages.
describe.each(databaseKinds)("product listing on the demo shop on %s", (kind) => {
  let database: TestDatabase;
  let published: number;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const [row] = await database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(products)
      .where(eq(products.status, "published"));
    published = row?.count ?? 0;
  });
  afterAll(() => database.drop());

  // Each order as the listing defines it (behaviour.md §7), written out in SQL of its own.
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
        await database.db
          .select({ id: products.id })
          .from(products)
          .where(eq(products.status, "published"))
          .orderBy(sql.raw(expectedOrder[sort]))
      ).map((row) => row.id);
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

  it("lists a hand-picked collection in the team's order, page by page", async () => {
    const [collection] = await database.db
      .select({ id: productCollections.id })
      .from(productCollections)
      .where(eq(productCollections.kind, "curated"))
      .orderBy(productCollections.id)
      .limit(1);
    if (!collection) throw new Error("the demo shop has no hand-picked collection");
    // A shuffled team order, so it differs from the ids' and from the featured order.
    await database.db
      .update(collectionProducts)
      .set({ position: sql`(${collectionProducts.productId} * 7919) % 101` })
      .where(eq(collectionProducts.collectionId, collection.id));
    const expected = (
      await database.db
        .select({ id: collectionProducts.productId })
        .from(collectionProducts)
        .innerJoin(products, eq(products.id, collectionProducts.productId))
        .where(
          sql`${collectionProducts.collectionId} = ${collection.id} and ${products.status} = 'published'`,
        )
        .orderBy(collectionProducts.position, collectionProducts.productId)
    ).map((row) => row.id);
    expect(expected.length).toBeGreaterThan(5);
    const listed: number[] = [];
    for (let page = 1; listed.length < expected.length; page++) {
      const { data } = await listProducts(database.db, {
        page,
        perPage: 5,
        collection: collection.id,
      });
      expect(data.length).toBeGreaterThan(0);
      listed.push(...data.map((card) => card.id));
    }
    expect(listed).toEqual(expected);
  });

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

  // Decision 0039: the products a search names (every word in the title or the band's name) come
  // first, then the others it finds, each part in the featured order; each page's own rows are
  // then ranked (named first, `ts_rank`, then that order). "black" is in the names of some
  // products and only in the type, tags or description of others; `countCap` 5 makes the count
  // stop early, as a search matching thousands does, which reads the rest another way.
  it.each([
    ["every match counted", undefined],
    ["the count stopped at 5", 5],
  ])(
    "lists a search's named products first, then the rest, page by page (%s)",
    async (_label, countCap) => {
      const result = (await database.db.execute(sql`
        select id, search_name @@ to_tsquery('english', 'black:*') as named,
          ts_rank(search_document, to_tsquery('english', 'black:*')) as rank
        from products
        where status = 'published' and search_document @@ to_tsquery('english', 'black:*')
        order by named desc, ${sql.raw(expectedOrder.featured)}`)) as unknown as {
        rows: Array<{ id: number; named: boolean; rank: number }>;
      };
      const { rows } = result;
      // Both parts are there, and the rest reaches over a page boundary.
      expect(rows.filter((row) => row.named).length).toBeGreaterThan(7);
      expect(rows.filter((row) => !row.named).length).toBeGreaterThan(7);
      const perPage = 7;
      const pages = Math.ceil(rows.length / perPage);
      for (let page = 1; page <= pages; page++) {
        const expected = rows
          .slice((page - 1) * perPage, page * perPage)
          .map((row, at) => ({ ...row, at }))
          .sort((a, b) => Number(b.named) - Number(a.named) || b.rank - a.rank || a.at - b.at)
          .map((row) => row.id);
        const { data, meta } = await listProducts(
          database.db,
          { q: "black", page, perPage },
          countCap ? { countCap } : {},
        );
        expect(
          data.map((card) => card.id),
          `page ${page}`,
        ).toEqual(expected);
        if (!countCap) expect(meta.total).toBe(rows.length);
      }
      const past = await listProducts(database.db, { q: "black", page: pages + 1, perPage });
      expect(past.data).toEqual([]);
    },
  );

  it("counts a search's matches, up to the cap, on every page and past the last", async () => {
    const [row] = await database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(products)
      .where(
        sql`${products.status} = 'published' and ${products.searchDocument} @@ to_tsquery('english', 'black:*')`,
      );
    const matches = row?.count ?? 0;
    expect(matches).toBeGreaterThan(10);
    const search = { q: "black", perPage: 5 };
    const first = await listProducts(database.db, { ...search, page: 1 });
    expect(first.meta).toMatchObject({ total: matches, totalIsCapped: false });
    const past = await listProducts(database.db, { ...search, page: Math.ceil(matches / 5) + 1 });
    expect(past.data).toEqual([]);
    expect(past.meta).toMatchObject({ total: matches, totalIsCapped: false });
    const capped = await listProducts(database.db, { ...search, page: 1 }, { countCap: 10 });
    expect(capped.meta).toMatchObject({ total: 10, totalIsCapped: true, lastPage: 2 });
    const none = await listProducts(database.db, { q: "zzyzx", page: 1, perPage: 5 });
    expect(none).toEqual({
      data: [],
      meta: { currentPage: 1, perPage: 5, total: 0, lastPage: 1, totalIsCapped: false },
    });
  });
});
