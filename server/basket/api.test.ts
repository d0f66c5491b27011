import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Basket } from "../../common/basket.ts";
import { ONE_MEMBERSHIP } from "../../common/billing-notes.ts";
import { startTestApp, type TestApp } from "../../tests/support/app.ts";
import { databaseKinds } from "../../tests/support/databases.ts";
import { makeAttributeType, makeBrand, makeProduct } from "../../tests/support/factories.ts";
import { billingModels } from "../billing/schema.ts";
import { products } from "../catalog/schema.ts";

describe.each(databaseKinds)("basket API on %s", (kind) => {
  let app: TestApp;
  const made: Record<string, Awaited<ReturnType<typeof makeProduct>>> = {};
  const post = async (body: unknown) => {
    const response = await app.fetch("/api/basket/lines", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
    return {
      status: response.status,
      body: (await response.json()) as { data: Basket; errors?: Record<string, string[]> },
    };
  };
  const variant = (name: string, index = 0) => made[name]?.variants[index]?.id ?? 0;

  beforeAll(async () => {
    app = await startTestApp(kind);
    const db = app.database.db;
    const band = await makeBrand(db, { title: "Basket Band" });
    const size = await makeAttributeType(db, "Size", ["M", "L"]);
    made.tee = await makeProduct(db, {
      brandId: band.id,
      title: "Basket Tee",
      image: true,
      variants: [
        { price: 2500, stock: 3, attributeIds: [size.values.M?.id ?? 0] },
        { price: 2700, stock: 50, compareAtPrice: 3000, attributeIds: [size.values.L?.id ?? 0] },
      ],
    });
    made.soldOut = await makeProduct(db, {
      brandId: band.id,
      title: "Gone Poster",
      variants: [{ price: 1500, stock: 0 }],
    });
    made.book = await makeProduct(db, {
      brandId: band.id,
      title: "Basket Zine",
      productType: "Book",
      vatRate: 0,
      variants: [{ price: 1000, stock: 5 }],
    });
    made.draft = await makeProduct(db, {
      brandId: band.id,
      status: "draft",
      variants: [{ price: 1500 }],
    });
    // The demo's two fan-club billing models, each on a product of its own.
    for (const [name, model] of [
      ["monthly", "Fan club (monthly)"],
      ["yearly", "Fan club (yearly)"],
    ] as const) {
      const [row] = await db.select().from(billingModels).where(eq(billingModels.title, model));
      made[name] = await makeProduct(db, {
        brandId: band.id,
        title: `Basket Fan Club ${name}`,
        variants: [{ price: 3000, stock: 100 }],
      });
      await db
        .update(products)
        .set({ billingModelId: row?.id })
        .where(eq(products.id, made[name].product.id));
    }
  });
  afterAll(() => app.close());

  it("prices the lines from the database with everything the basket shows", async () => {
    const { status, body } = await post({ lines: [{ id: variant("tee", 1), quantity: 2 }] });
    expect(status).toBe(200);
    expect(body.data.subtotal).toBe(5400);
    expect(body.data.itemCount).toBe(2);
    expect(body.data.adjustments).toEqual([]);
    expect(body.data.lines[0]).toMatchObject({
      key: String(variant("tee", 1)),
      title: "Basket Tee",
      productId: made.tee?.product.id,
      quantity: 2,
      maxQuantity: 10,
      lineTotal: 5400,
      productVariant: {
        id: variant("tee", 1),
        price: 2700,
        compareAtPrice: 3000,
        attributes: [{ title: "L", type: "Size" }],
        product: { id: made.tee?.product.id, title: "Basket Tee", brand: { title: "Basket Band" } },
      },
      image: { alt: "Basket Tee" },
    });
    expect(body.data.lines[0]?.productVariant.product.mediaFiles[0]).toMatchObject({
      fileType: "IMAGE",
    });
  });

  it("adds up lines for the same variant and ignores quantity 0", async () => {
    const { body } = await post({
      lines: [
        { id: variant("tee", 1), quantity: 1 },
        { id: variant("tee", 0), quantity: 0 },
        { id: variant("tee", 1), quantity: 2 },
      ],
    });
    expect(body.data.lines.map((line) => [line.key, line.quantity])).toEqual([
      [String(variant("tee", 1)), 3],
    ]);
  });

  it("caps a line at the stock and at 10, and says so", async () => {
    const { body } = await post({
      lines: [
        { id: variant("tee", 0), quantity: 5 },
        { id: variant("tee", 1), quantity: 12 },
      ],
    });
    expect(body.data.lines.map((line) => line.quantity)).toEqual([3, 10]);
    expect(body.data.adjustments).toEqual([
      {
        id: variant("tee", 0),
        kind: "capped",
        reason: "short-of-stock",
        message: "Only 3 of Basket Tee, M are left, so your basket now holds 3.",
      },
      {
        id: variant("tee", 1),
        kind: "capped",
        reason: "over-limit",
        message: "You can buy up to 10 of each item, so your basket now holds 10 of Basket Tee, L.",
      },
    ]);
  });

  it("drops sold-out, unpublished and unknown variants, and says so", async () => {
    const { body } = await post({
      lines: [
        { id: variant("soldOut"), quantity: 1 },
        { id: variant("draft"), quantity: 1 },
        { id: 987654321, quantity: 1 },
        { id: variant("tee", 1), quantity: 1 },
      ],
    });
    expect(body.data.lines.map((line) => line.key)).toEqual([String(variant("tee", 1))]);
    expect(body.data.adjustments.map((adjustment) => [adjustment.kind, adjustment.reason])).toEqual(
      [
        ["removed", "sold-out"],
        ["removed", "unavailable"],
        ["removed", "unavailable"],
      ],
    );
    expect(body.data.adjustments[0]?.message).toBe(
      "Gone Poster has sold out and was removed from your basket.",
    );
  });

  it("gives each line its product's VAT rate: standard unless zero-rated", async () => {
    const { body } = await post({
      lines: [
        { id: variant("tee"), quantity: 1 },
        { id: variant("book"), quantity: 2 },
      ],
    });
    expect(body.data.lines.map((line) => [line.title, line.lineTotal, line.vatRate])).toEqual([
      ["Basket Tee", 2500, 20],
      ["Basket Zine", 2000, 0],
    ]);
  });

  it("takes one membership beside other goods, and refuses a second or two of one with a 422", async () => {
    const one = await post({
      lines: [
        { id: variant("tee", 1), quantity: 2 },
        { id: variant("monthly"), quantity: 1 },
      ],
    });
    expect(one.status).toBe(200);
    expect(one.body.data.lines.map((line) => line.productVariant.product.billing?.type)).toEqual([
      undefined,
      "membership",
    ]);
    for (const lines of [
      [
        { id: variant("monthly"), quantity: 1 },
        { id: variant("yearly"), quantity: 1 },
      ],
      [{ id: variant("yearly"), quantity: 2 }],
      // Asked for twice, the same membership adds up to two.
      [
        { id: variant("yearly"), quantity: 1 },
        { id: variant("yearly"), quantity: 1 },
      ],
    ]) {
      const refused = await post({ lines: [{ id: variant("tee", 1), quantity: 1 }, ...lines] });
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual({ lines: [ONE_MEMBERSHIP] });
    }
  });

  it("answers an empty basket", async () => {
    expect((await post({ lines: [] })).body.data).toEqual({
      lines: [],
      adjustments: [],
      subtotal: 0,
      itemCount: 0,
    });
  });

  it.each([
    ["a negative quantity", { lines: [{ id: 1, quantity: -1 }] }, "lines.0.quantity"],
    ["a fractional quantity", { lines: [{ id: 1, quantity: 1.5 }] }, "lines.0.quantity"],
    ["an absurd quantity", { lines: [{ id: 1, quantity: 1e9 }] }, "lines.0.quantity"],
    ["a string id", { lines: [{ id: "1", quantity: 1 }] }, "lines.0.id"],
    ["a price sent by the client", { lines: [{ id: 1, quantity: 1, price: 1 }] }, "lines.0"],
    ["an unknown key", { lines: [], paid: true }, "body"],
    ["no lines", {}, "lines"],
    [
      "101 lines",
      { lines: Array.from({ length: 101 }, (_, index) => ({ id: index + 1, quantity: 1 })) },
      "lines",
    ],
  ])("refuses %s with a 422 naming the field", async (_name, payload, field) => {
    const { status, body } = await post(payload);
    expect(status).toBe(422);
    expect(Object.keys(body.errors ?? {})).toContain(field);
  });

  it("refuses malformed JSON with a 422", async () => {
    expect((await post("{lines:")).status).toBe(422);
  });
});
