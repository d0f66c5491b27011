import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DashboardView } from "../../common/dashboard.ts";
import { startTestApp, type TestApp } from "../../tests/support/app.ts";
import { databaseKinds } from "../../tests/support/databases.ts";
import { makeBrand, makeProduct } from "../../tests/support/factories.ts";
import { forgetTrade, makeSoldOrder } from "../../tests/support/sales.ts";
import { read, signInEveryone, staffCaller, type Who } from "../../tests/support/staff-api.ts";
import { analyticsDaily, analyticsEvents } from "../analytics/schema.ts";
import { lowStockVariants } from "../catalog/service/low-stock.ts";
import { DashboardQuery, dashboard } from "./dashboard.ts";

const at = (iso: string) => new Date(iso);
const tee = { productId: 9001, title: "Night Owls Tee", band: "Night Owls", unitPrice: 2500 };
const vinyl = {
  productId: 9002,
  title: "Harbour Lights LP",
  band: "Harbour Lights",
  unitPrice: 3000,
};
const hoodie = { productId: 9003, title: "Night Owls Hoodie", band: "Night Owls", unitPrice: 4500 };

// Issue 15: the back office's overview of trade, on days as London counts them.
describe.each(databaseKinds)("staff dashboard on %s", (kind) => {
  let app: TestApp;
  let call: (path: string, who: Who) => Promise<Response>;
  const figures = (query: Record<string, string>, now: Date) =>
    dashboard(app.database.db, DashboardQuery.parse(query), now);

  beforeAll(async () => {
    app = await startTestApp(kind);
    call = staffCaller(app, await signInEveryone(app));
    const { db } = app.database;
    await forgetTrade(db);
    // A summer night: 23:30 UTC on 14 July is 00:30 on 15 July in London.
    await makeSoldOrder(db, {
      paidAt: at("2026-07-14T23:30:00Z"),
      lines: [{ ...tee, quantity: 2 }],
    });
    await makeSoldOrder(db, {
      paidAt: at("2026-07-14T22:30:00Z"),
      lines: [{ ...vinyl, quantity: 1 }],
    });
    // Earlier in July: one refunded in part (a tee of two), one refunded in full.
    await makeSoldOrder(db, {
      paidAt: at("2026-07-03T12:00:00Z"),
      status: "dispatched",
      lines: [
        { ...tee, quantity: 2, refunded: 1 },
        { ...hoodie, quantity: 1 },
      ],
    });
    await makeSoldOrder(db, {
      paidAt: at("2026-07-02T12:00:00Z"),
      status: "refunded",
      lines: [{ ...vinyl, quantity: 3, refunded: 3 }],
    });
    // Never paid: cancelled, or still waiting for payment. Neither counts.
    await makeSoldOrder(db, {
      paidAt: at("2026-07-15T08:00:00Z"),
      status: "cancelled",
      lines: [{ ...vinyl, quantity: 9 }],
    });
    await makeSoldOrder(db, {
      paidAt: at("2026-07-15T08:00:00Z"),
      status: "pending_payment",
      lines: [{ ...vinyl, quantity: 9 }],
    });
    // June: last month.
    await makeSoldOrder(db, {
      paidAt: at("2026-06-30T22:59:00Z"),
      status: "dispatched",
      lines: [{ ...hoodie, quantity: 1 }],
    });
  });
  afterAll(() => app.close());

  it("counts a summer order paid just after London's midnight on London's day", async () => {
    const view = await figures(
      { from: "2026-07-14", to: "2026-07-15" },
      at("2026-07-15T10:00:00Z"),
    );
    expect(view.today).toEqual({ day: "2026-07-15", sales: 5000, orders: 1 });
    expect(view.dailySales).toEqual([
      { day: "2026-07-14", sales: 3000, orders: 1 },
      { day: "2026-07-15", sales: 5000, orders: 1 },
    ]);
  });

  it("takes refunds off this month's sales, ignores unpaid orders, and leaves last month out", async () => {
    const view = await figures({}, at("2026-07-15T10:00:00Z"));
    // 5000 + 3000 + (5000 + 4500 - 2500 refunded) + (9000 - 9000 refunded); 30 June 23:59 BST is June.
    expect(view.month).toEqual({ from: "2026-07-01", to: "2026-07-15", sales: 15_000, orders: 4 });
    expect(view.range).toEqual({ from: "2026-06-16", to: "2026-07-15" });
    expect(view.rangeTotals).toEqual({ sales: 19_500, orders: 5 });
    expect(view.dailySales).toHaveLength(30);
    expect(view.dailySales.filter((day) => day.orders === 0)).toHaveLength(25);
    expect(view.dailySales.find((day) => day.day === "2026-06-30")).toEqual({
      day: "2026-06-30",
      sales: 4500,
      orders: 1,
    });
  });

  it("ranks products and bands by what they took, less refunds", async () => {
    const view = await figures(
      { from: "2026-07-01", to: "2026-07-31" },
      at("2026-07-15T10:00:00Z"),
    );
    const product = ({ unitPrice: _price, ...line }: typeof tee) => line;
    expect(view.topProducts).toEqual([
      { ...product(tee), units: 3, revenue: 7500 },
      { ...product(hoodie), units: 1, revenue: 4500 },
      { ...product(vinyl), units: 1, revenue: 3000 },
    ]);
    expect(view.topBands).toEqual([
      { band: "Night Owls", units: 4, revenue: 12_000 },
      { band: "Harbour Lights", units: 1, revenue: 3000 },
    ]);
  });

  it("keeps London's days whole when the clocks go forward (29 March) and back (25 October)", async () => {
    const { db } = app.database;
    const line = [{ ...tee, quantity: 1 }];
    for (const paidAt of [
      "2026-03-28T23:59:00Z", // 28 March, GMT
      "2026-03-29T00:10:00Z", // 29 March, 00:10 GMT
      "2026-03-29T22:30:00Z", // 29 March, 23:30 BST
      "2026-03-29T23:10:00Z", // 30 March, 00:10 BST
      "2026-10-24T22:50:00Z", // 24 October, 23:50 BST
      "2026-10-24T23:10:00Z", // 25 October, 00:10 BST
      "2026-10-25T01:30:00Z", // 25 October, 01:30 GMT, after the clocks went back
      "2026-10-25T23:30:00Z", // 25 October, 23:30 GMT
      "2026-10-26T00:00:00Z", // 26 October, midnight
    ]) {
      await makeSoldOrder(db, { paidAt: at(paidAt), status: "dispatched", lines: line });
    }
    const spring = await figures(
      { from: "2026-03-28", to: "2026-03-30" },
      at("2026-11-01T12:00:00Z"),
    );
    expect(spring.dailySales.map((day) => day.orders)).toEqual([1, 2, 1]);
    const autumn = await figures(
      { from: "2026-10-24", to: "2026-10-26" },
      at("2026-11-01T12:00:00Z"),
    );
    expect(autumn.dailySales.map((day) => day.orders)).toEqual([1, 3, 1]);
    const clocksBack = await figures({}, at("2026-10-25T23:45:00Z"));
    expect(clocksBack.today).toEqual({ day: "2026-10-25", sales: 7500, orders: 3 });
  });

  it("counts paid orders waiting for dispatch, oldest first, but not archived or unreleased ones", async () => {
    const { db } = app.database;
    const now = at("2026-07-15T10:00:00Z");
    const before = (await figures({}, now)).toDispatch;
    const oldest = await makeSoldOrder(db, {
      paidAt: at("2026-07-01T06:00:00Z"),
      lines: [{ ...tee, quantity: 1 }],
    });
    await makeSoldOrder(db, {
      paidAt: at("2026-06-01T06:00:00Z"),
      archived: true,
      lines: [{ ...tee, quantity: 1 }],
    });
    await makeSoldOrder(db, {
      paidAt: at("2026-06-02T06:00:00Z"),
      shipsFrom: "2026-08-01",
      lines: [{ ...tee, quantity: 1 }],
    });
    await makeSoldOrder(db, {
      paidAt: at("2026-06-03T06:00:00Z"),
      status: "dispatched",
      lines: [{ ...tee, quantity: 1 }],
    });
    const after = (await figures({}, now)).toDispatch;
    expect(after.count).toBe(before.count + 1);
    expect(after.oldest).toEqual({
      id: oldest.id,
      number: oldest.number,
      paidAt: "2026-07-01T06:00:00.000Z",
    });
    // On its release day the pre-order can go.
    const released = (await figures({}, at("2026-08-01T09:00:00Z"))).toDispatch;
    expect(released.count).toBe(after.count + 1);
  });

  it("lists published variants at or under the threshold, fewest first", async () => {
    const { db } = app.database;
    const brand = await makeBrand(db);
    const shown = await makeProduct(db, {
      brandId: brand.id,
      variants: [
        { price: 1000, stock: 5 },
        { price: 1000, stock: 0 },
        { price: 1000, stock: 6 },
      ],
    });
    const draft = await makeProduct(db, {
      brandId: brand.id,
      status: "draft",
      variants: [{ price: 1000, stock: 1 }],
    });
    const mine = <V extends { variantId: number }>(variants: V[]) =>
      variants.filter((variant) =>
        [...shown.variants, ...draft.variants].some(({ id }) => id === variant.variantId),
      );
    const five = await lowStockVariants(db, 5, 1000);
    expect(mine(five.variants).map((variant) => variant.stock)).toEqual([0, 5]);
    expect(five.variants.every((variant) => variant.stock <= 5)).toBe(true);
    const six = await lowStockVariants(db, 6, 1000);
    expect(mine(six.variants).map((variant) => variant.stock)).toEqual([0, 5, 6]);
    const counted = await db.execute(sql`
      select count(*)::int as n from product_variants v join products p on p.id = v.product_id
      where p.status = 'published' and v.stock_on_hand <= 5`);
    expect(five.total).toBe((counted as unknown as { rows: Array<{ n: number }> }).rows[0]?.n);
    expect(mine(six.variants)[0]).toMatchObject({ productId: shown.product.id, stock: 0 });
  });

  it("draws the funnel from the raw events and their daily counts, bots left out", async () => {
    const { db } = app.database;
    const event = (
      name: "view_item" | "add_to_cart" | "begin_checkout" | "purchase",
      createdAt: string,
      device: "mobile" | "bot" = "mobile",
    ) => ({ name, path: "/products/tee", device, createdAt: at(createdAt) }) as const;
    await db.insert(analyticsEvents).values([
      ...Array.from({ length: 6 }, () => event("view_item", "2026-09-10T12:00:00Z")),
      event("view_item", "2026-09-10T12:00:00Z", "bot"),
      // 00:30 on 11 September in London: outside a range that ends on the 10th.
      event("view_item", "2026-09-10T23:30:00Z"),
      ...Array.from({ length: 3 }, () => event("add_to_cart", "2026-09-10T12:05:00Z")),
      event("begin_checkout", "2026-09-10T12:10:00Z"),
    ]);
    await db.insert(analyticsDaily).values([
      {
        day: "2026-09-01",
        name: "view_item",
        device: "desktop",
        path: "/",
        events: 4,
        valuePence: 0,
      },
      {
        day: "2026-09-01",
        name: "add_to_cart",
        device: "desktop",
        path: "/",
        events: 1,
        valuePence: 0,
      },
      {
        day: "2026-09-01",
        name: "begin_checkout",
        device: "mobile",
        path: "/",
        events: 1,
        valuePence: 0,
      },
      {
        day: "2026-09-01",
        name: "purchase",
        device: "mobile",
        path: "/",
        events: 1,
        valuePence: 0,
      },
      { day: "2026-09-01", name: "purchase", device: "bot", path: "/", events: 50, valuePence: 0 },
      {
        day: "2026-08-31",
        name: "view_item",
        device: "mobile",
        path: "/",
        events: 99,
        valuePence: 0,
      },
    ]);
    const view = await figures(
      { from: "2026-09-01", to: "2026-09-10" },
      at("2026-09-20T12:00:00Z"),
    );
    expect(view.funnel).toEqual([
      { step: "view_item", count: 10, conversion: null },
      { step: "add_to_cart", count: 4, conversion: 0.4 },
      { step: "begin_checkout", count: 2, conversion: 0.5 },
      { step: "purchase", count: 1, conversion: 0.5 },
    ]);
  });

  it("answers staff only: 401 without a token, 403 for a customer", async () => {
    expect((await call("/dashboard", "nobody")).status).toBe(401);
    expect((await call("/dashboard", "customer")).status).toBe(403);
    const answer = await call("/dashboard", "staff");
    expect(answer.status).toBe(200);
    const { data } = await read<DashboardView>(answer);
    expect(data.dailySales).toHaveLength(30);
    expect(data.range.to).toBe(data.today.day);
    expect(data.lowStock.threshold).toBe(5);
  });

  it("answers a range and a threshold from the query, and refuses bad ones with 422 naming the field", async () => {
    const { data } = await read<DashboardView>(
      await call("/dashboard?from=2026-07-01&to=2026-07-31&lowStock=6", "staff"),
    );
    expect(data.range).toEqual({ from: "2026-07-01", to: "2026-07-31" });
    expect(data.dailySales).toHaveLength(31);
    expect(data.lowStock.variants.every((variant) => variant.stock <= 6)).toBe(true);
    expect(data.topBands[0]).toEqual({ band: "Night Owls", units: 5, revenue: 14_500 });
    for (const [query, field] of [
      ["from=2026-02-30", "from"],
      ["from=yesterday", "from"],
      ["from=2026-07-10&to=2026-07-01", "to"],
      ["from=2024-01-01&to=2026-01-01", "to"],
      ["lowStock=-1", "lowStock"],
      ["days=3", ""],
    ] as const) {
      const refused = await call(`/dashboard?${query}`, "staff");
      expect(refused.status, query).toBe(422);
      if (field) expect(Object.keys((await read(refused)).errors ?? {}), query).toContain(field);
    }
  });
});
