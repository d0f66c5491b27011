import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { londonDay } from "../../../common/london-days";
import { adminPages } from "../../../tests/support/admin-pages.ts";
import { startTestApp, type TestApp } from "../../../tests/support/app.ts";
import { databaseKinds } from "../../../tests/support/databases.ts";
import { makeBrand, makeProduct } from "../../../tests/support/factories.ts";
import { forgetTrade, makeSoldOrder } from "../../../tests/support/sales.ts";

const tee = { productId: 9101, title: "Overview Tee", band: "Overview Band", unitPrice: 2500 };

/** The text of the element that carries `marker`, up to its closing `tag`. */
const sliceFrom = (html: string, marker: string, end: string) => {
  const start = html.indexOf(marker);
  expect(start, marker).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf(end, start));
};

// Issue 15: the back office's overview, rendered on the server.
describe.each(databaseKinds)("the overview page on %s", (kind) => {
  let app: TestApp;
  let pages: Awaited<ReturnType<typeof adminPages>>;
  let lowProductId: number;
  beforeAll(async () => {
    app = await startTestApp(kind);
    pages = await adminPages(app);
    const { db } = app.database;
    await forgetTrade(db);
    await makeSoldOrder(db, {
      paidAt: new Date("2026-09-02T10:00:00Z"),
      status: "dispatched",
      lines: [{ ...tee, quantity: 3 }],
    });
    await makeSoldOrder(db, {
      paidAt: new Date("2026-09-04T10:00:00Z"),
      lines: [{ ...tee, quantity: 1 }],
    });
    await makeSoldOrder(db, {
      paidAt: new Date(),
      lines: [{ ...tee, unitPrice: 1234, quantity: 1 }],
    });
    const brand = await makeBrand(db);
    const low = await makeProduct(db, {
      brandId: brand.id,
      title: "Aardvark Last Tee",
      variants: [{ price: 1000, stock: 0 }],
    });
    lowProductId = low.product.id;
  });
  afterAll(() => app.close());

  it("shows today's and this month's figures, orders to dispatch and the shop's counts", async () => {
    const html = await pages.html("/admin");
    const today = sliceFrom(html, "Sales today", "</li>");
    expect(today).toContain("£12.34");
    expect(sliceFrom(html, "Orders today", "</li>")).toMatch(/>1</);
    const dispatch = sliceFrom(html, "To dispatch", "</li>");
    expect(dispatch).toMatch(/>2</);
    expect(dispatch).toContain('href="/admin/orders?status=paid"');
    expect(html).toContain("Products on sale");
    expect(html).toContain('href="/admin/outbox"');
    // Sold out comes first of the low-stock variants, and links to its product's edit page.
    const lowStock = sliceFrom(html, ">Low stock<", "</section>");
    expect(lowStock).toContain(`href="/admin/products/${lowProductId}"`);
    expect(lowStock).toContain("Sold out");
    // The default range: the last 30 days up to today, as the date fields show it.
    expect(html).toMatch(
      new RegExp(`name="to"[^>]*value="${londonDay()}"|value="${londonDay()}"[^>]*name="to"`),
    );
  });

  it("draws the range in the address: a chart with a summary, the same numbers in a table, top lists", async () => {
    const html = await pages.html("/admin?from=2026-09-01&to=2026-09-07");
    expect(html).toContain("Tue, 1 September 2026 to Mon, 7 September 2026");
    const chart = sliceFrom(html, 'data-chart="sales"', "</div></div></div>");
    expect(chart).toContain('role="img"');
    expect(chart).toMatch(
      /aria-label="Sales per day from Tue, 1 September 2026 to Mon, 7 September 2026: £100.00 in all, the best day Wed, 2 September 2026 with £75.00."/,
    );
    expect(chart).toContain("recharts-responsive-container");
    const table = sliceFrom(html, "<caption>Sales per day</caption>", "</table>");
    expect(table.match(/<th scope="row">/g)).toHaveLength(7);
    expect(table).toContain('<th scope="row">Wed, 2 September 2026</th><td>£75.00</td><td>1</td>');
    expect(table).toContain('<th scope="row">Thu, 3 September 2026</th><td>£0.00</td><td>0</td>');
    const products = sliceFrom(html, ">Top products<", "</section>");
    expect(products).toContain(`href="/admin/products/${tee.productId}"`);
    expect(products).toContain("Overview Tee");
    expect(products).toContain("£100.00");
    expect(sliceFrom(html, ">Top bands<", "</section>")).toContain("Overview Band");
    expect(sliceFrom(html, 'data-chart="funnel"', "</div>")).toContain('role="img"');
    expect(html).toContain("<caption>Shop-event funnel</caption>");
    // The funnel counts visitors (a day's hash each), not events.
    expect(sliceFrom(html, "<caption>Shop-event funnel</caption>", "</thead>")).toContain(
      '<th scope="col">Visitors</th>',
    );
    expect(html).toMatch(/name="from"[^>]*value="2026-09-01"|value="2026-09-01"[^>]*name="from"/);
  });

  it("says beside the field what is wrong with a range, and shows the last 30 days meanwhile", async () => {
    const html = await pages.html("/admin?from=2026-09-07&to=2026-09-01");
    expect(html).toContain("The end date must not be before the start date.");
    expect(html).toMatch(/name="to"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="to"/);
    const table = sliceFrom(html, "<caption>Sales per day</caption>", "</table>");
    expect(table.match(/<th scope="row">/g)).toHaveLength(30);
  });
});
