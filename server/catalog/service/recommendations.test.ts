import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from "../../../tests/support/databases.ts";
import { makeBrand, makeCollection, makeProduct } from "../../../tests/support/factories.ts";
import { productRecommendations } from "./recommendations.ts";

describe.each(databaseKinds)("product recommendations on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.drop());

  it("completes the look with one of each other type, the band's first, and shows the rest of the band", async () => {
    const db = database.db;
    const band = await makeBrand(db);
    const other = await makeBrand(db);
    type Made = {
      price: number;
      stock?: number;
      brandId?: number;
      featuredRank?: number;
      status?: "draft";
      preOrder?: boolean;
    };
    const make = (title: string, productType: string, made: Made) =>
      makeProduct(db, {
        brandId: made.brandId ?? band.id,
        title,
        productType,
        featuredRank: made.featuredRank ?? null,
        status: made.status,
        preOrder: made.preOrder,
        variants: [{ price: made.price, stock: made.stock }],
      });
    const tee = await make("The Tee", "T-shirt", { price: 2500 });
    const hoodie = await make("First Hoodie", "Hoodie", { price: 4500, featuredRank: 1 });
    const secondHoodie = await make("Second Hoodie", "Hoodie", {
      price: 4600,
      featuredRank: 2,
      stock: 3,
    });
    const poster = await make("Poster", "Poster", {
      price: 1500,
      featuredRank: 3,
      stock: 0,
      preOrder: true,
    });
    const otherTee = await make("Other Tee", "T-shirt", { price: 2500, featuredRank: 4 });
    await make("Sold-out Cap", "Cap", { price: 2000, stock: 0 });
    await make("Draft Vinyl", "Vinyl", { price: 2800, status: "draft" });
    const tote = await make("Tour Tote", "Tote", { price: 1200, brandId: other.id });
    await make("Tour Hoodie", "Hoodie", { price: 4500, brandId: other.id });
    await make("Unrelated Beanie", "Beanie", { price: 1800, brandId: other.id });
    await makeCollection(db, { productIds: [tee.product.id, tote.product.id] });

    const found = await productRecommendations(db, tee.product.slug);
    const titles = (cards: Array<{ title: string }> | undefined) =>
      cards?.map((card) => card.title);
    // Same band first (a pre-order counts as buyable), then the collection's tote; the other
    // band's hoodie and beanie share no collection with the tee.
    expect(titles(found?.completeTheLook)).toEqual(["First Hoodie", "Poster", "Tour Tote"]);
    expect(titles(found?.moreFromBand)).toEqual(["Second Hoodie", "Other Tee"]);
    // Cards say when few are left (five or fewer in all), so a shopper sees the urgency.
    expect(found?.moreFromBand.map((card) => card.stockLeft)).toEqual([3, null]);
    expect(found?.completeTheLook.map((card) => card.stockLeft)).toEqual([null, null, null]);
    const ids = [...(found?.completeTheLook ?? []), ...(found?.moreFromBand ?? [])].map(
      (card) => card.id,
    );
    expect(ids).not.toContain(tee.product.id);
    expect(ids).toEqual(
      expect.arrayContaining(
        [hoodie, secondHoodie, poster, otherTee, tote].map((made) => made.product.id),
      ),
    );
    // Looked up by id too, and each list stops at its length.
    const short = await productRecommendations(db, tee.product.id, 1);
    expect(titles(short?.completeTheLook)).toEqual(["First Hoodie"]);
    expect(titles(short?.moreFromBand)).toEqual(["Second Hoodie"]);
  });

  it("has nothing for a product that is not published, or does not exist", async () => {
    const db = database.db;
    const band = await makeBrand(db);
    const draft = await makeProduct(db, {
      brandId: band.id,
      status: "draft",
      variants: [{ price: 1000 }],
    });
    await makeProduct(db, { brandId: band.id, productType: "Cap", variants: [{ price: 1000 }] });
    expect(await productRecommendations(db, draft.product.slug)).toBeUndefined();
    expect(await productRecommendations(db, "no-such-product")).toBeUndefined();
  });

  it("has empty lists for a band's only product in no collection", async () => {
    const db = database.db;
    const band = await makeBrand(db);
    const only = await makeProduct(db, { brandId: band.id, variants: [{ price: 1000 }] });
    expect(await productRecommendations(db, only.product.id)).toEqual({
      moreFromBand: [],
      completeTheLook: [],
    });
  });
});
