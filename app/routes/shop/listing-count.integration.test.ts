import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../tests/support/app.ts";
import { databaseKinds } from "../../../tests/support/databases.ts";

// More products than a listing counts (1,000): the demo shop's 300 and 1,000 more, made in one
// statement.
describe.each(databaseKinds)("a listing longer than its count on %s", (kind) => {
  let app: TestApp;
  const page = async (path: string) => (await app.fetch(path)).text();
  const nextLink = (html: string) => /<a[^>]*rel="next"[^>]*>/.exec(html)?.[0];

  beforeAll(async () => {
    app = await startTestApp(kind);
    await app.database.db.execute(sql`
      insert into products (slug, title, brand_id, product_type, status, published_at, price_from, price_to)
      select 'bulk-tee-' || n, 'Bulk Tee ' || n, (select min(id) from brands), 'T-shirt', 'published', now(), 1500, 1500
      from generate_series(1, 1000) as n
    `);
  });
  afterAll(() => app.close());

  it("says 1,000+ products and links the pages counted, and the next", async () => {
    const html = await page("/products");
    expect(html).toContain("1,000+ products");
    // 1,000 counted at 24 a page: pages up to 42 are known.
    expect(html).toMatch(/<span class="sr-only">Page <\/span>42<\/a>/);
    expect(nextLink(html)).toContain('href="/products?page=2"');
  });

  it("offers the next page from the last page counted, as more follow it", async () => {
    // 40 pages of 25 are exactly the 1,000 counted; more match, so a 41st follows.
    const html = await page("/products?perPage=25&page=40");
    expect(html).toContain("1,000+ products");
    expect(nextLink(html)).toContain("page=41");
    const after = await page("/products?perPage=25&page=41");
    expect(after).toContain("Bulk Tee");
  });

  it("counts a filtered listing under the cap exactly", async () => {
    const html = await page("/products?type=poster");
    expect(html).toMatch(/[0-9,]+ products/);
    expect(html).not.toMatch(/[0-9,]+\+ products/);
  });
});
