import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from "../../tests/support/databases.ts";
import { analyticsEvents } from "./schema.ts";
import { countEvents, deviceClass, recordEvent } from "./service.ts";

describe("deviceClass", () => {
  it("tells phones, desktops and bots apart", () => {
    expect(
      deviceClass(
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36",
      ),
    ).toBe("mobile");
    expect(
      deviceClass(
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
      ),
    ).toBe("desktop");
    expect(
      deviceClass("Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)"),
    ).toBe("bot");
    expect(deviceClass("curl/8.5.0")).toBe("bot");
    expect(deviceClass(undefined)).toBe("bot");
    expect(deviceClass("")).toBe("bot");
  });
});

describe.each(databaseKinds)("countEvents on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.drop());

  it("counts each event name since a time, every name present, bots left out", async () => {
    const db = database.db;
    const context = {
      userAgent: "Mozilla/5.0 (Windows NT 10.0) Chrome/126.0",
      ownHost: "shop.example",
      clientAddress: "198.51.100.7",
    };
    await recordEvent(db, { name: "view_item", path: "/products/a" }, context);
    await recordEvent(db, { name: "view_item", path: "/products/b" }, context);
    await recordEvent(db, { name: "add_to_cart", path: "/products/a", value: 25 }, context);
    await recordEvent(
      db,
      { name: "view_item", path: "/products/a" },
      { ...context, userAgent: "Googlebot/2.1" },
    );
    // Last month's event is before `since`.
    await db.insert(analyticsEvents).values({
      name: "purchase",
      path: "/checkout",
      device: "desktop",
      createdAt: new Date(Date.now() - 30 * 24 * 3600 * 1000),
    });

    const since = new Date(Date.now() - 24 * 3600 * 1000);
    const counts = await countEvents(db, { since });
    expect(counts).toEqual({
      view_item: 2,
      select_item: 0,
      add_to_cart: 1,
      remove_from_cart: 0,
      view_cart: 0,
      begin_checkout: 0,
      add_shipping_info: 0,
      add_payment_info: 0,
      purchase: 0,
      view_item_list: 0,
      search: 0,
    });
    expect((await countEvents(db, { since, includeBots: true })).view_item).toBe(3);
    expect((await countEvents(db, { since: new Date(0) })).purchase).toBe(1);
    expect(Object.values(await countEvents(db, { since: new Date(Date.now() + 60_000) }))).toEqual(
      Array(11).fill(0),
    );
  });
});
