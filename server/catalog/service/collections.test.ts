import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from "../../../tests/support/databases.ts";
import { makeBrand, makeCollection, makeProduct } from "../../../tests/support/factories.ts";
import { deterministicFileSlug } from "../../media/file-types.ts";
import { mediaFiles } from "../../media/schema.ts";
import { createFiles } from "../../media/service.ts";
import { productCollections, productMedia } from "../schema.ts";
import { listCollections } from "./collections.ts";

describe.each(databaseKinds)("collections for the home page on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.drop());

  const imageSlugOf = async (productId: number) => {
    const [row] = await database.db
      .select({ slug: mediaFiles.slug })
      .from(productMedia)
      .innerJoin(mediaFiles, eq(mediaFiles.id, productMedia.fileId))
      .where(eq(productMedia.productId, productId));
    return row?.slug;
  };

  it("pictures a collection by its hero, else by its first two products in stock first, else not at all", async () => {
    const db = database.db;
    const band = await makeBrand(db);
    const soldOut = await makeProduct(db, {
      brandId: band.id,
      featuredRank: 1,
      variants: [{ price: 1000, stock: 0 }],
      image: true,
    });
    const inStock = await makeProduct(db, {
      brandId: band.id,
      featuredRank: 2,
      variants: [{ price: 1000 }],
      image: true,
    });
    const withoutImage = await makeProduct(db, { brandId: band.id, variants: [{ price: 1000 }] });
    const byProduct = await makeCollection(db, {
      productIds: [soldOut.product.id, inStock.product.id, withoutImage.product.id],
    });
    const byRule = await makeCollection(db, { rule: { type: "band", brandId: band.id } });
    const empty = await makeCollection(db, { productIds: [withoutImage.product.id] });
    const withHero = await makeCollection(db, { productIds: [inStock.product.id] });
    const [hero] = await createFiles(db, [
      {
        slug: deterministicFileSlug(`collection-hero-${withHero.id}`, "webp"),
        title: "Hero",
        fileType: "IMAGE",
        mimeType: "image/webp",
        byteSize: 1,
        width: 1600,
        height: 700,
      },
    ]);
    await db
      .update(productCollections)
      .set({ heroFileId: hero?.id })
      .where(eq(productCollections.id, withHero.id));

    const listed = new Map((await listCollections(db)).map((row) => [row.id, row]));
    const slugs = (id: number) => listed.get(id)?.images.map((image) => image.slug);
    const inStockImage = await imageSlugOf(inStock.product.id);
    const soldOutImage = await imageSlugOf(soldOut.product.id);
    expect(inStockImage).toBeDefined();
    // In stock first, then by the team's rank; a product without an image is passed over.
    expect(slugs(byProduct.id)).toEqual([inStockImage, soldOutImage]);
    expect(slugs(byRule.id)).toEqual([inStockImage, soldOutImage]);
    expect(slugs(empty.id)).toEqual([]);
    expect(listed.get(withHero.id)?.images).toEqual([
      { slug: hero?.slug, alt: listed.get(withHero.id)?.title, width: 1600, height: 700 },
    ]);
  });
});
