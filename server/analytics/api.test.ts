import { desc, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { londonDay } from "../../common/london-days.ts";
import { startTestApp, type TestApp } from "../../tests/support/app.ts";
import { databaseKinds } from "../../tests/support/databases.ts";
import { rateLimitHits } from "../platform/schema.ts";
import { shopFunnel } from "./funnel.ts";
import { analyticsEvents } from "./schema.ts";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
const DESKTOP =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

const item = {
  item_id: "42",
  item_name: "Nebulous Skies Tour Tee",
  item_brand: "Zephyr Quarry",
  item_category: "T-shirt",
  item_variant: "M / Black",
  price: 25,
  quantity: 2,
  index: 0,
};

describe.each(databaseKinds)("POST /api/events on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    // Shoppers come from addresses of their own, through the proxy the shop trusts.
    app = await startTestApp(kind, { env: { TRUST_PROXY: "loopback" } });
  });
  afterAll(() => app.close());

  const post = (body: unknown, headers: Record<string, string> = {}) =>
    app.fetch("/api/events", {
      method: "POST",
      headers: { "Content-Type": "application/json", "User-Agent": DESKTOP, ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });

  const stored = async () => {
    const rows = await app.database.db
      .select()
      .from(analyticsEvents)
      .orderBy(desc(analyticsEvents.id));
    return rows;
  };
  const count = async () => {
    const [row] = await app.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(analyticsEvents);
    return row?.n ?? 0;
  };

  it("answers 202 with no body and no cookie, and stores the event without personal data", async () => {
    const response = await post(
      {
        name: "add_to_cart",
        path: "/products/nebulous-skies-tour-tee?utm_source=mail&token=secret#reviews",
        items: [item],
        value: 50,
        currency: "GBP",
        listName: "Zephyr Quarry",
        referrerHost: "WWW.Google.com",
      },
      {
        "User-Agent": IPHONE,
        Cookie: "token=abc123; basket=%7B%7D",
        "X-Forwarded-For": "203.0.113.9",
        Referer: "http://127.0.0.1/products/nebulous-skies-tour-tee",
      },
    );
    expect(response.status).toBe(202);
    expect(await response.text()).toBe("");
    expect(response.headers.get("set-cookie")).toBeNull();

    const [row] = await stored();
    expect(row).toBeDefined();
    // Every column the table has: none of them can hold an IP, a User-Agent, a cookie or a user.
    expect(Object.keys(row ?? {}).sort()).toEqual(
      [
        "createdAt",
        "device",
        "id",
        "items",
        "listName",
        "name",
        "path",
        "referrerHost",
        "searchTerm",
        "valuePence",
        "visitor",
      ].sort(),
    );
    expect(row).toMatchObject({
      name: "add_to_cart",
      path: "/products/nebulous-skies-tour-tee",
      items: [item],
      valuePence: 5000,
      searchTerm: null,
      listName: "Zephyr Quarry",
      device: "mobile",
      referrerHost: "www.google.com",
    });
    const text = JSON.stringify(row);
    for (const secret of ["iPhone", "Mozilla", "abc123", "203.0.113.9", "127.0.0.1", "token"]) {
      expect(text).not.toContain(secret);
    }
  });

  it("counts a visitor once per funnel step: the same address and browser once, another browser again", async () => {
    await app.database.db.delete(analyticsEvents);
    const shopper = { "X-Forwarded-For": "203.0.113.9", "User-Agent": DESKTOP };
    const view = { name: "view_item", path: "/products/nebulous-skies-tour-tee", items: [item] };
    expect((await post(view, shopper)).status).toBe(202);
    expect((await post(view, shopper)).status).toBe(202);
    expect((await post({ ...view, name: "add_to_cart" }, shopper)).status).toBe(202);
    const today = { from: londonDay(), to: londonDay() };
    const [views, adds] = await shopFunnel(app.database.db, today);
    expect(views).toMatchObject({ step: "view_item", count: 1 });
    expect(adds).toMatchObject({ step: "add_to_cart", count: 1, conversion: 1 });

    // The same address with another browser is another visitor; so is another address.
    expect((await post(view, { ...shopper, "User-Agent": IPHONE })).status).toBe(202);
    expect((await shopFunnel(app.database.db, today))[0]?.count).toBe(2);
    expect((await post(view, { ...shopper, "X-Forwarded-For": "198.51.100.4" })).status).toBe(202);
    expect((await shopFunnel(app.database.db, today))[0]?.count).toBe(3);

    // Events from before visitors were kept count one each.
    await app.database.db.insert(analyticsEvents).values([
      { name: "view_item", path: "/products/a", device: "desktop" },
      { name: "view_item", path: "/products/a", device: "desktop" },
    ]);
    expect((await shopFunnel(app.database.db, today))[0]?.count).toBe(5);

    // Nothing stored holds the address or the User-Agent, in any column.
    const leaks = await app.database.db.execute(sql`
      select count(*)::int as n from analytics_events
      where row_to_json(analytics_events)::text similar to '%(203.0.113.9|198.51.100.4|Mozilla|iPhone|Chrome)%'`);
    expect((leaks as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(0);
    const visitors = await app.database.db
      .selectDistinct({ visitor: analyticsEvents.visitor })
      .from(analyticsEvents)
      .where(sql`${analyticsEvents.visitor} is not null`);
    expect(visitors).toHaveLength(3);
  });

  it("keeps a search, classes desktops and bots, and drops our own host as a referrer", async () => {
    expect(
      (await post({ name: "search", path: "/products", searchTerm: " night owls " })).status,
    ).toBe(202);
    expect((await stored())[0]).toMatchObject({
      name: "search",
      searchTerm: "night owls",
      device: "desktop",
      items: null,
      valuePence: null,
      referrerHost: null,
    });
    const bot = await post(
      { name: "view_item_list", path: "/bands" },
      { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
    );
    expect(bot.status).toBe(202);
    expect((await stored())[0]).toMatchObject({ device: "bot" });
    const noAgent = await app.fetch("/api/events", {
      method: "POST",
      headers: { "Content-Type": "application/json", "User-Agent": "" },
      body: JSON.stringify({ name: "view_cart", path: "/basket" }),
    });
    expect(noAgent.status).toBe(202);
    expect((await stored())[0]).toMatchObject({ device: "bot" });
  });

  it("drops a referrer that is the shop itself", async () => {
    // The test app's PUBLIC_URL is http://localhost:3000 (tests/support/app.ts).
    expect(
      (await post({ name: "view_cart", path: "/basket", referrerHost: "localhost:3000" })).status,
    ).toBe(202);
    expect((await stored())[0]).toMatchObject({ referrerHost: null });
  });

  it.each([
    ["an unknown name", { name: "page_view", path: "/" }, "name"],
    ["an unknown key", { name: "view_cart", path: "/", userId: 7 }, "body"],
    ["a path not starting with '/'", { name: "view_cart", path: "basket" }, "path"],
    ["a full URL as the path", { name: "view_cart", path: "https://evil.example/" }, "path"],
    ["a path over 2000 characters", { name: "view_cart", path: `/${"a".repeat(2000)}` }, "path"],
    ["no path", { name: "view_cart" }, "path"],
    ["another currency", { name: "purchase", path: "/", value: 10, currency: "EUR" }, "currency"],
    ["a negative value", { name: "purchase", path: "/", value: -1 }, "value"],
    ["a value in fractions of a penny", { name: "purchase", path: "/", value: 1.234 }, "value"],
    ["items that are not a list", { name: "view_item", path: "/", items: item }, "items"],
    [
      "an item with an unknown key",
      { name: "view_item", path: "/", items: [{ ...item, cost: 3 }] },
      "items.0",
    ],
    [
      "an item without a name",
      { name: "view_item", path: "/", items: [{ item_id: "1" }] },
      "items.0.item_name",
    ],
    [
      "an item with a price in pence",
      { name: "view_item", path: "/", items: [{ ...item, price: 24.999 }] },
      "items.0.price",
    ],
    [
      "an item with a quantity of 0",
      { name: "view_item", path: "/", items: [{ ...item, quantity: 0 }] },
      "items.0.quantity",
    ],
    [
      "an item with a fractional quantity",
      { name: "view_item", path: "/", items: [{ ...item, quantity: 1.5 }] },
      "items.0.quantity",
    ],
    [
      "more than 50 items",
      { name: "view_item_list", path: "/", items: Array.from({ length: 51 }, () => item) },
      "items",
    ],
    [
      "a search term over 100 characters",
      { name: "search", path: "/", searchTerm: "x".repeat(101) },
      "searchTerm",
    ],
    [
      "a referrer that is a URL",
      { name: "view_cart", path: "/", referrerHost: "https://a.b/c" },
      "referrerHost",
    ],
  ])("refuses %s with a 422 naming the field, storing nothing", async (_case, body, field) => {
    const before = await count();
    const response = await post(body);
    expect(response.status).toBe(422);
    const answer = (await response.json()) as { message: string; errors: Record<string, string[]> };
    expect(answer.message).toBe("Validation failed");
    expect(Object.keys(answer.errors)).toContain(field);
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(await count()).toBe(before);
  });

  it("refuses malformed JSON and a body that is not an object with a 422", async () => {
    expect((await post('{"name": "view_cart",')).status).toBe(422);
    expect((await post([{ name: "view_cart", path: "/" }])).status).toBe(422);
    expect((await post("")).status).toBe(422);
  });

  it("refuses an oversized event with a 413", async () => {
    const before = await count();
    const response = await post({ name: "view_cart", path: "/", searchTerm: "x".repeat(70_000) });
    expect(response.status).toBe(413);
    expect(await count()).toBe(before);
  });

  it("counts at most 240 events a minute from one client, and refuses the rest", async () => {
    await app.database.db.delete(rateLimitHits);
    const before = await count();
    const event = { name: "view_item", path: "/products/x" };
    const answers: number[] = [];
    for (let index = 0; index < 245; index += 1) answers.push((await post(event)).status);
    expect(answers.filter((status) => status === 202)).toHaveLength(240);
    expect(answers.filter((status) => status === 429)).toHaveLength(5);
    expect((await count()) - before).toBe(240);
    await app.database.db.delete(rateLimitHits);
  });

  it("refuses events a browser sends from another site, by the API's one cross-site rule", async () => {
    const before = await count();
    const response = await post(
      { name: "view_cart", path: "/" },
      { "Sec-Fetch-Site": "cross-site" },
    );
    expect(response.status).toBe(419);
    expect(await count()).toBe(before);
    const sameOrigin = await post(
      { name: "view_cart", path: "/" },
      { "Sec-Fetch-Site": "same-origin" },
    );
    expect(sameOrigin.status).toBe(202);
  });

  it("takes only POST", async () => {
    expect((await app.fetch("/api/events")).status).toBe(404);
  });
});
