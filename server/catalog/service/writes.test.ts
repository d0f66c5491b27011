import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductCard } from "../../../common/catalog.ts";
import { startTestApp, type TestApp } from "../../../tests/support/app.ts";
import { databaseKinds } from "../../../tests/support/databases.ts";
import { eventually } from "../../../tests/support/eventually.ts";
import { makeBrand, makeProduct } from "../../../tests/support/factories.ts";
import { sqlState } from "../../db/transaction.ts";
import { products } from "../schema.ts";
import { createBrands, createProducts } from "./writes.ts";

type Listing = { data: ProductCard[]; meta: { total: number } };

describe.each(databaseKinds)("catalogue writes on %s", (kind) => {
  let app: TestApp;
  const listing = async (query: string) => {
    const response = await app.fetch(`/api/products?${query}`);
    expect(response.headers.get("cache-control")).toMatch(/^public/);
    return (await response.json()) as Listing;
  };
  const total = async (query: string) => (await listing(query)).meta.total;

  beforeAll(async () => {
    app = await startTestApp(kind);
  });
  afterAll(() => app.close());

  it("shows a created product in the cached listing and search, summarised, with no extra call", async () => {
    const db = app.database.db;
    const [band] = await createBrands(db, [{ slug: "written-band", title: "Written Band" }]);
    if (!band) throw new Error("band not created");
    // Asked twice: the answer is now in the process's cache.
    expect(await total(`brand=${band.slug}`)).toBe(0);
    expect(await total(`brand=${band.slug}`)).toBe(0);
    expect(await total("q=Quillwort")).toBe(0);

    const [product] = await createProducts(db, [
      {
        slug: "written-band-quillwort-tee",
        title: "Quillwort Tee",
        brandId: band.id,
        productType: "T-shirt",
        status: "published",
        publishedAt: new Date(),
        variants: [
          { sku: "WRITTEN-1", price: 2500, stockOnHand: 4 },
          { sku: "WRITTEN-2", price: 2200, compareAtPrice: 3000, stockOnHand: 0 },
        ],
      },
    ]);

    await eventually(() => total(`brand=${band.slug}`), 1);
    const [card] = (await listing(`brand=${band.slug}`)).data;
    expect(card).toMatchObject({
      id: product?.id,
      priceFrom: 2200,
      priceTo: 2500,
      compareAtPrice: 3000,
      inStock: true,
    });
    expect(await total("q=Quillwort")).toBe(1);
    expect(await total(`brand=${band.slug}&priceMin=2300`)).toBe(1);
    expect(product?.variantIds).toHaveLength(2);
  });

  it("shows a factory-made product in the listings", async () => {
    const db = app.database.db;
    const band = await makeBrand(db);
    expect(await total(`brand=${band.slug}`)).toBe(0);
    const { product } = await makeProduct(db, {
      brandId: band.id,
      title: "Factory Fresh Poster",
      productType: "Poster",
      variants: [{ price: 1500, stock: 2 }],
    });
    await eventually(() => total(`brand=${band.slug}`), 1);
    const [card] = (await listing(`brand=${band.slug}&type=poster&inStock=1`)).data;
    expect(card).toMatchObject({ id: product.id, title: "Factory Fresh Poster", priceFrom: 1500 });
  });

  it("keeps a product's VAT rate: 20 unless told, 0 for zero-rated goods, never above 100", async () => {
    const db = app.database.db;
    const band = await makeBrand(db);
    const product = (slug: string, vatRate?: number) => ({
      slug,
      title: slug,
      brandId: band.id,
      productType: "Book",
      vatRate,
      variants: [{ sku: slug.toUpperCase(), price: 1200 }],
    });
    const made = await createProducts(db, [
      product("vat-standard-zine"),
      product("vat-zero-zine", 0),
    ]);
    const rows = await db
      .select({ slug: products.slug, vatRate: products.vatRate })
      .from(products)
      .where(
        inArray(
          products.id,
          made.map((row) => row.id),
        ),
      );
    expect(rows.sort((a, b) => a.slug.localeCompare(b.slug))).toEqual([
      { slug: "vat-standard-zine", vatRate: 20 },
      { slug: "vat-zero-zine", vatRate: 0 },
    ]);
    const error = await createProducts(db, [product("vat-wrong-zine", 101)]).catch(
      (caught: unknown) => caught,
    );
    expect(sqlState(error)).toBe("23514");
  });
});
