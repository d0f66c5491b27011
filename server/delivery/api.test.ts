import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DeliveryOption, DeliveryOptionGroup } from "../../common/delivery.ts";
import { isRefusal } from "../../common/refusal.ts";
import { startTestApp, type TestApp } from "../../tests/support/app.ts";
import { databaseKinds } from "../../tests/support/databases.ts";
import { makeBrand, makeProduct } from "../../tests/support/factories.ts";
import type { Db } from "../db/client.ts";
import { sqlState } from "../db/transaction.ts";
import { createDeliveryGroups, deliveryOptionFor } from "./service.ts";

type Body = { data?: DeliveryOptionGroup; message?: string; errors?: Record<string, string[]> };
type Line = { id: number; quantity: number };

const PATH = "/api/delivery/option-groups/determined-delivery-option-group";

// The demo shop's options, as its shipping policy states them.
const UK_STANDARD = {
  title: "UK Standard",
  carrier: "Royal Mail Tracked 48",
  price: 395,
  freeOver: 5000,
  estimatedDays: { min: 2, max: 3 },
};
const UK_EXPRESS = {
  title: "UK Express",
  carrier: "Royal Mail Tracked 24",
  price: 595,
  freeOver: null,
  estimatedDays: { min: 1, max: 1 },
};
const UK_NEXT_DAY = {
  title: "UK Next Working Day",
  carrier: "DPD",
  price: 795,
  freeOver: null,
  estimatedDays: { min: 1, max: 1 },
};

describe.each(databaseKinds)("delivery API on %s", (kind) => {
  let app: TestApp;
  // Variants of this file's own products, by price.
  const variant: Record<string, number> = {};

  const post = async (payload: unknown) => {
    const response = await app.fetch(PATH, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: typeof payload === "string" ? payload : JSON.stringify(payload),
    });
    return {
      status: response.status,
      headers: response.headers,
      body: (await response.json()) as Body,
    };
  };
  const group = async (payload: { country: string; postcode?: string; lines: Line[] }) => {
    const { status, body } = await post(payload);
    expect(status, JSON.stringify(body)).toBe(200);
    return body.data as DeliveryOptionGroup;
  };
  const refusal = async (payload: unknown) => {
    const { status, body } = await post(payload);
    expect(status, JSON.stringify(body)).toBe(422);
    expect(body.message).toBe("Validation failed");
    return body.errors ?? {};
  };
  const one = (name: string, quantity = 1): Line => ({ id: variant[name] as number, quantity });
  const withoutIds = (options: DeliveryOption[]) => options.map(({ id: _id, ...option }) => option);

  beforeAll(async () => {
    app = await startTestApp(kind);
    const db = app.database.db;
    const band = await makeBrand(db, { title: "Delivery Band" });
    const make = async (name: string, price: number, stock = 20) => {
      const { variants } = await makeProduct(db, {
        brandId: band.id,
        title: `Delivery ${name}`,
        variants: [{ price, stock }],
      });
      variant[name] = variants[0]?.id as number;
    };
    await make("p4999", 4999);
    await make("p5000", 5000);
    await make("p2500", 2500);
    await make("soldOut", 9000, 0);
  });
  afterAll(() => app.close());

  describe("the demo groups", () => {
    it("offers the United Kingdom its three options, in the shop's order", async () => {
      const { status, headers, body } = await post({ country: "GB", lines: [one("p2500")] });
      expect(status).toBe(200);
      expect(headers.get("cache-control")).toBe("no-store");
      expect(body.data?.title).toBe("United Kingdom");
      expect(withoutIds(body.data?.options ?? [])).toEqual([UK_STANDARD, UK_EXPRESS, UK_NEXT_DAY]);
    });

    it("serves the Channel Islands and the Isle of Man as the UK", async () => {
      for (const [country, postcode] of [
        ["JE", "JE2 3AB"],
        ["GG", "GY1 1AA"],
        ["IM", "im1 1af"],
      ] as const) {
        expect((await group({ country, postcode, lines: [] })).title).toBe("United Kingdom");
      }
    });

    it.each(["FR", "IE", "DE", "NO", "CH", "IS", "GI", "TR"])(
      "puts %s in Europe",
      async (country) => {
        const { title, options } = await group({ country, lines: [one("p2500")] });
        expect(title).toBe("Europe");
        expect(withoutIds(options)).toEqual([
          {
            title: "Europe",
            carrier: "Royal Mail International Tracked",
            price: 995,
            freeOver: null,
            estimatedDays: { min: 5, max: 8 },
          },
        ]);
      },
    );

    it.each(["US", "CA", "AU", "JP", "NZ", "ZA", "BR"])(
      "puts %s in the rest of the world",
      async (country) => {
        const { title, options } = await group({ country, lines: [one("p2500")] });
        expect(title).toBe("Rest of the world");
        expect(withoutIds(options)).toEqual([
          {
            title: "Rest of world",
            carrier: "Royal Mail International Tracked",
            price: 1495,
            freeOver: null,
            estimatedDays: { min: 7, max: 14 },
          },
        ]);
      },
    );
  });

  describe("free delivery", () => {
    const standard = async (lines: Line[]) =>
      (await group({ country: "GB", lines })).options.find(
        (option) => option.title === "UK Standard",
      );

    it("charges £3.95 below £50.00 of goods and nothing from £50.00 exactly", async () => {
      expect((await standard([one("p4999")]))?.price).toBe(395);
      expect((await standard([one("p5000")]))?.price).toBe(0);
      expect((await standard([one("p2500", 2)]))?.price).toBe(0);
      expect((await standard([one("p2500"), one("p4999")]))?.price).toBe(0);
    });

    it("keeps the faster options at their price however much is spent", async () => {
      const { options } = await group({ country: "GB", lines: [one("p5000", 3)] });
      expect(options.map((option) => option.price)).toEqual([0, 595, 795]);
      expect(options[0]?.freeOver).toBe(5000);
    });

    it("counts only what can still be bought, at the database's prices", async () => {
      expect((await standard([one("soldOut")]))?.price).toBe(395);
      expect((await standard([{ id: 2_000_000_000, quantity: 5 }]))?.price).toBe(395);
    });

    it("prices the options for an empty basket when no lines are sent", async () => {
      expect((await group({ country: "GB", lines: [] })).options.map((o) => o.price)).toEqual([
        395, 595, 795,
      ]);
    });
  });

  describe("countries and postcodes", () => {
    it.each([
      ["RU", "We don't deliver to Russia yet."],
      ["KP", "We don't deliver to North Korea yet."],
      ["AQ", "We don't deliver to Antarctica yet."],
      ["TF", "We don't deliver to the French Southern Territories yet."],
    ])("refuses %s, which no group serves, on the country field", async (country, message) => {
      expect(await refusal({ country, lines: [one("p2500")] })).toEqual({ country: [message] });
    });

    it.each(["XX", "gb", "GBR", "", 44, null])(
      "refuses the country %j, which is not a code",
      async (country) => {
        const errors = await refusal({ country, lines: [] });
        expect(Object.keys(errors)).toEqual(["country"]);
      },
    );

    it("needs no postcode, and takes a UK one in any case and spacing", async () => {
      expect((await group({ country: "GB", lines: [] })).title).toBe("United Kingdom");
      expect((await group({ country: "GB", postcode: "", lines: [] })).title).toBe(
        "United Kingdom",
      );
      expect((await group({ country: "GB", postcode: " sw1a1aa ", lines: [] })).title).toBe(
        "United Kingdom",
      );
      expect((await group({ country: "GB", postcode: "GIR 0AA", lines: [] })).title).toBe(
        "United Kingdom",
      );
    });

    it.each(["12345", "SW1A", "SW1A 1AAA", "QA1 1AA", "not a postcode"])(
      "refuses the UK postcode %j on the postcode field",
      async (postcode) => {
        expect(await refusal({ country: "GB", postcode, lines: [] })).toEqual({
          postcode: ["Enter a real UK postcode, like SW1A 1AA."],
        });
      },
    );

    it("leaves other countries' postcodes to their carriers", async () => {
      expect((await group({ country: "FR", postcode: "75008", lines: [] })).title).toBe("Europe");
      expect((await group({ country: "US", postcode: "SW1A", lines: [] })).title).toBe(
        "Rest of the world",
      );
    });

    it("offers a BFPO address only the Royal Mail option that reaches it", async () => {
      const { options } = await group({
        country: "GB",
        postcode: "bfpo 123",
        lines: [one("p2500")],
      });
      expect(withoutIds(options)).toEqual([UK_STANDARD]);
    });
  });

  describe("bad input", () => {
    it.each([
      ["an unknown key", { country: "GB", lines: [], express: true }, "body"],
      ["a price sent by the client", { country: "GB", lines: [], price: 0 }, "body"],
      ["a delivery price sent by the client", { country: "GB", lines: [], options: [] }, "body"],
      ["a line's price", { country: "GB", lines: [{ id: 1, quantity: 1, price: 1 }] }, "lines.0"],
      [
        "a negative quantity",
        { country: "GB", lines: [{ id: 1, quantity: -1 }] },
        "lines.0.quantity",
      ],
      ["a string id", { country: "GB", lines: [{ id: "1", quantity: 1 }] }, "lines.0.id"],
      ["no lines", { country: "GB" }, "lines"],
      ["no country", { lines: [] }, "country"],
      ["a long postcode", { country: "GB", postcode: "S".repeat(17), lines: [] }, "postcode"],
      ["a postcode that is not text", { country: "GB", postcode: 123, lines: [] }, "postcode"],
      [
        "101 lines",
        {
          country: "GB",
          lines: Array.from({ length: 101 }, (_, index) => ({ id: index + 1, quantity: 1 })),
        },
        "lines",
      ],
    ])("refuses %s with a 422 naming the field", async (_name, payload, field) => {
      expect(Object.keys(await refusal(payload))).toContain(field);
    });

    it("refuses malformed JSON with a 422", async () => {
      expect((await post("{country:")).status).toBe(422);
    });
  });

  describe("one option, for the checkout", () => {
    const optionId = async (country: string, title: string) =>
      (await group({ country, lines: [] })).options.find((option) => option.title === title)
        ?.id as number;

    it("charges the chosen option for the goods subtotal, free from its threshold", async () => {
      const db = app.database.db;
      const id = await optionId("GB", "UK Standard");
      const charged = async (goodsSubtotal: number) =>
        deliveryOptionFor(db, { optionId: id, country: "GB", goodsSubtotal });
      expect(await charged(4999)).toEqual({ id, ...UK_STANDARD });
      expect(await charged(5000)).toEqual({ id, ...UK_STANDARD, price: 0 });
      const express = await optionId("GB", "UK Express");
      expect(
        await deliveryOptionFor(db, { optionId: express, country: "IM", goodsSubtotal: 9000 }),
      ).toEqual({ id: express, ...UK_EXPRESS });
    });

    it("refuses an option of another group, or one not there, on deliveryOptionId", async () => {
      const db = app.database.db;
      const europe = await optionId("FR", "Europe");
      for (const optionId of [europe, 2_000_000_000]) {
        expect(
          await deliveryOptionFor(db, { optionId, country: "GB", goodsSubtotal: 2500 }),
        ).toEqual({
          refused: "invalid",
          message: "Choose one of the delivery options for this address.",
          field: "deliveryOptionId",
        });
      }
    });

    it("refuses a country no group serves, and a bad UK postcode, as the route does", async () => {
      const db = app.database.db;
      const id = await optionId("GB", "UK Standard");
      const russia = await deliveryOptionFor(db, { optionId: id, country: "RU", goodsSubtotal: 0 });
      expect(isRefusal(russia) && russia.field).toBe("country");
      const badPostcode = await deliveryOptionFor(db, {
        optionId: id,
        country: "GB",
        postcode: "12345",
        goodsSubtotal: 0,
      });
      expect(isRefusal(badPostcode) && badPostcode.field).toBe("postcode");
    });

    it("refuses the courier for a BFPO address", async () => {
      const db = app.database.db;
      const dpd = await optionId("GB", "UK Next Working Day");
      const answer = await deliveryOptionFor(db, {
        optionId: dpd,
        country: "GB",
        postcode: "BFPO 57",
        goodsSubtotal: 2500,
      });
      expect(isRefusal(answer) && answer.field).toBe("deliveryOptionId");
    });

    /** Runs `work` in a transaction that is rolled back, so the file keeps the demo options. */
    const rolledBack = (work: (tx: Db) => Promise<void>) =>
      app.database.db
        .transaction(async (tx) => {
          await work(tx);
          tx.rollback();
        })
        .catch((error: unknown) => {
          if (!(error instanceof Error && error.message === "Rollback")) throw error;
        });

    it("refuses an option staff have retired, and serves nobody from a group left with none", async () => {
      const express = await optionId("GB", "UK Express");
      const europe = await optionId("FR", "Europe");
      await rolledBack(async (tx) => {
        await tx.execute(
          sql`update delivery_options set active = false where id in (${express}, ${europe})`,
        );
        const retired = await deliveryOptionFor(tx, {
          optionId: express,
          country: "GB",
          goodsSubtotal: 0,
        });
        expect(isRefusal(retired) && retired.field).toBe("deliveryOptionId");
        const none = await deliveryOptionFor(tx, {
          optionId: europe,
          country: "FR",
          goodsSubtotal: 0,
        });
        expect(none).toEqual({
          refused: "invalid",
          message: "We don't deliver to France yet.",
          field: "country",
        });
      });
      expect((await group({ country: "GB", lines: [] })).options).toHaveLength(3);
      expect((await group({ country: "FR", lines: [] })).options).toHaveLength(1);
    });

    it("refuses a BFPO address when no option reaches BFPO", async () => {
      const standard = await optionId("GB", "UK Standard");
      await rolledBack(async (tx) => {
        await tx.execute(sql`update delivery_options set serves_bfpo = false`);
        expect(
          await deliveryOptionFor(tx, {
            optionId: standard,
            country: "GB",
            postcode: "BFPO 57",
            goodsSubtotal: 0,
          }),
        ).toEqual({
          refused: "invalid",
          message: "We can't deliver to BFPO addresses yet.",
          field: "postcode",
        });
      });
    });
  });

  it("lets a country belong to one group only", async () => {
    const error = await createDeliveryGroups(app.database.db, [
      { title: "Second home", countries: ["GB"], options: [] },
    ]).catch((caught: unknown) => caught);
    expect(sqlState(error)).toBe("23505");
  });
});
