import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductFilters, ProductView } from "../../common/catalog.ts";
import { startTestApp, type TestApp } from "../../tests/support/app.ts";
import { databaseKinds } from "../../tests/support/databases.ts";
import {
  makeAttributeType,
  makeBrand,
  makeCollection,
  makeProduct,
} from "../../tests/support/factories.ts";

type Json = Record<string, unknown> & { data: unknown; meta?: Record<string, number> };

describe.each(databaseKinds)("catalogue API on %s", (kind) => {
  let app: TestApp;
  const get = async (path: string) => {
    const response = await app.fetch(path);
    return { status: response.status, body: (await response.json()) as Json };
  };
  // One band of this file's own, and products with known prices, stock and options.
  let band: Awaited<ReturnType<typeof makeBrand>>;
  let otherBand: Awaited<ReturnType<typeof makeBrand>>;
  let size: Awaited<ReturnType<typeof makeAttributeType>>;
  let colour: Awaited<ReturnType<typeof makeAttributeType>>;
  const made: Record<string, Awaited<ReturnType<typeof makeProduct>>> = {};

  beforeAll(async () => {
    app = await startTestApp(kind);
    const db = app.database.db;
    band = await makeBrand(db, {
      title: "Zephyr Quarry",
      slug: "zephyr-quarry",
      genre: "Shoegaze",
    });
    otherBand = await makeBrand(db, { title: "Anvil Choir" });
    size = await makeAttributeType(db, "Size", ["S", "M", "L", "XL"]);
    colour = await makeAttributeType(db, "Colour", ["Black", "White"], "swatches");
    const { S, M, L, XL } = size.values;
    const { Black, White } = colour.values;
    if (!S || !M || !L || !XL || !Black || !White) throw new Error("attributes missing");
    made.tee = await makeProduct(db, {
      brandId: band.id,
      title: "Nebulous Skies Tour Tee",
      productType: "T-shirt",
      tags: ["tour-2026"],
      featuredRank: 1,
      image: true,
      variants: [
        { price: 2500, stock: 3, attributeIds: [M.id, Black.id] },
        { price: 2500, stock: 40, attributeIds: [L.id, Black.id] },
        { price: 2700, stock: 0, attributeIds: [XL.id, White.id] },
      ],
    });
    made.hoodie = await makeProduct(db, {
      brandId: band.id,
      title: "Quarry Hoodie",
      productType: "Hoodie",
      variants: [{ price: 5000, compareAtPrice: 6000, stock: 8, attributeIds: [S.id, White.id] }],
      publishedAt: new Date(Date.now() + 1000),
    });
    made.poster = await makeProduct(db, {
      brandId: band.id,
      title: "Zephyr Poster",
      productType: "Poster",
      variants: [{ price: 1500, stock: 0 }],
    });
    made.draft = await makeProduct(db, {
      brandId: band.id,
      status: "draft",
      title: "Secret Draft Tee",
      variants: [{ price: 2000 }],
    });
    made.archived = await makeProduct(db, {
      brandId: band.id,
      status: "archived",
      variants: [{ price: 2000 }],
    });
    made.otherTee = await makeProduct(db, {
      brandId: otherBand.id,
      productType: "T-shirt",
      title: "Anvil Tee",
      variants: [{ price: 2200 }],
    });
    made.otherSoldOutTee = await makeProduct(db, {
      brandId: otherBand.id,
      productType: "T-shirt",
      title: "Anvil Sold Out Tee",
      variants: [{ price: 2200, stock: 0 }],
    });
  });
  afterAll(() => app.close());

  const mine = "brand=zephyr-quarry";

  describe("bands", () => {
    it("lists bands A–Z with pagination meta and public fields only", async () => {
      const { status, body } = await get("/api/brands?perPage=100");
      expect(status).toBe(200);
      const titles = (body.data as Array<{ title: string }>).map((brand) => brand.title);
      // Issue 29: A–Z leaving out a leading "The".
      const key = (title: string) => title.toLowerCase().replace(/^the\s+/, "");
      expect(titles).toEqual([...titles].sort((a, b) => key(a).localeCompare(key(b))));
      expect(body.meta).toMatchObject({ currentPage: 1, perPage: 100 });
      const zephyr = (body.data as Array<Record<string, unknown>>).find(
        (brand) => brand.slug === "zephyr-quarry",
      );
      expect(Object.keys(zephyr ?? {}).sort()).toEqual(
        [
          "featured",
          "genre",
          "hero",
          "id",
          "links",
          "logo",
          "origin",
          "productCount",
          "seoDescription",
          "slug",
          "story",
          "title",
        ].sort(),
      );
      expect(zephyr?.productCount).toBe(3);
    });

    it("finds a band by id or slug, and 404s otherwise", async () => {
      expect((await get(`/api/brands/${band.id}`)).body.data).toMatchObject({
        slug: "zephyr-quarry",
        genre: "Shoegaze",
      });
      expect((await get("/api/brands/zephyr-quarry")).body.data).toMatchObject({ id: band.id });
      expect((await get("/api/brands/no-such-band")).status).toBe(404);
      expect((await get("/api/brands/Bad_Slug")).status).toBe(404);
      expect((await get("/api/brands/999999")).status).toBe(404);
      // Beyond a PostgreSQL integer: still a plain 404, never a database error.
      for (const path of [
        "/api/brands/9999999999",
        "/api/products/9999999999",
        "/api/products/9999999999/related",
      ]) {
        expect((await get(path)).status).toBe(404);
      }
    });

    it("refuses bad parameters with a 422 naming the field", async () => {
      const { status, body } = await get("/api/brands?perPage=500");
      expect(status).toBe(422);
      expect(Object.keys(body.errors as object)).toEqual(["perPage"]);
      expect((await get("/api/brands?sneaky=1")).status).toBe(422);
    });
  });

  describe("product list", () => {
    it("shows only published products, as cards", async () => {
      const { status, body } = await get(`/api/products?${mine}&sort=title`);
      expect(status).toBe(200);
      const titles = (body.data as Array<{ title: string }>).map((card) => card.title);
      expect(titles).toEqual(["Nebulous Skies Tour Tee", "Quarry Hoodie", "Zephyr Poster"]);
      expect(JSON.stringify(body)).not.toContain("Secret Draft");
      const tee = (body.data as Array<Record<string, unknown>>)[0];
      expect(tee).toMatchObject({
        title: "Nebulous Skies Tour Tee",
        productType: "T-shirt",
        brand: { id: band.id, slug: "zephyr-quarry", title: "Zephyr Quarry" },
        priceFrom: 2500,
        priceTo: 2700,
        compareAtPrice: null,
        inStock: true,
        preOrder: false,
        image: { alt: "Nebulous Skies Tour Tee", width: 800, height: 1000 },
      });
      expect(Object.keys(tee ?? {})).not.toContain("stockTotal");
      expect(Object.keys(tee ?? {})).not.toContain("status");
    });

    it("pages through results with meta", async () => {
      const { body } = await get(`/api/products?${mine}&perPage=2&page=2&sort=title`);
      expect(body.meta).toEqual({
        currentPage: 2,
        perPage: 2,
        total: 3,
        lastPage: 2,
        totalIsCapped: false,
      });
      expect((body.data as Array<{ title: string }>).map((card) => card.title)).toEqual([
        "Zephyr Poster",
      ]);
    });

    it("describes the capped total in the API document", async () => {
      const { body } = await get("/api/openapi.json");
      const schemas = (body as unknown as { components: { schemas: Record<string, unknown> } })
        .components.schemas;
      expect(schemas.CappedPageMeta).toMatchObject({
        properties: { total: { type: "integer" }, totalIsCapped: { type: "boolean" } },
        required: expect.arrayContaining(["total", "lastPage", "totalIsCapped"]),
      });
    });

    it("sorts by price, newest and featured", async () => {
      const titles = async (sort: string) =>
        (
          (await get(`/api/products?${mine}&sort=${sort}`)).body.data as Array<{ title: string }>
        ).map((card) => card.title);
      expect(await titles("price-asc")).toEqual([
        "Zephyr Poster",
        "Nebulous Skies Tour Tee",
        "Quarry Hoodie",
      ]);
      expect(await titles("price-desc")).toEqual([
        "Quarry Hoodie",
        "Nebulous Skies Tour Tee",
        "Zephyr Poster",
      ]);
      expect((await titles("newest"))[0]).toBe("Quarry Hoodie");
      expect((await titles("featured"))[0]).toBe("Nebulous Skies Tour Tee");
    });

    it("filters by band id or slug, type, price range and stock", async () => {
      const count = async (query: string) =>
        ((await get(`/api/products?${query}`)).body.meta as { total: number }).total;
      expect(await count(`brand=${band.id}`)).toBe(3);
      expect(await count(`brand=zephyr-quarry,${otherBand.slug}`)).toBe(5);
      expect(await count(`${mine}&type=t-shirt`)).toBe(1);
      expect(await count(`${mine}&type=t-shirt,poster`)).toBe(2);
      expect(await count(`${mine}&priceMin=2600`)).toBe(2);
      expect(await count(`${mine}&priceMax=2499`)).toBe(1);
      expect(await count(`${mine}&priceMin=2600&priceMax=4000`)).toBe(1);
      expect(await count(`${mine}&inStock=true`)).toBe(2);
    });

    it("filters by attributes: values of one type widen, different types narrow", async () => {
      const count = async (attributes: Array<number | undefined>) =>
        (
          (await get(`/api/products?${mine}&attributes=${attributes.join(",")}`)).body.meta as {
            total: number;
          }
        ).total;
      const { M, S } = size.values;
      const { Black, White } = colour.values;
      expect(await count([M?.id])).toBe(1);
      expect(await count([M?.id, S?.id])).toBe(2);
      expect(await count([S?.id, Black?.id])).toBe(0);
      expect(await count([M?.id, White?.id])).toBe(1);
    });

    it("filters by collection, curated or by rule", async () => {
      const db = app.database.db;
      const curated = await makeCollection(db, {
        productIds: [made.poster?.product.id ?? 0, made.draft?.product.id ?? 0],
      });
      const tagged = await makeCollection(db, { rule: { type: "tag", tag: "tour-2026" } });
      const onSale = await makeCollection(db, { rule: { type: "on-sale" } });
      const titles = async (query: string) =>
        ((await get(`/api/products?${query}`)).body.data as Array<{ title: string }>).map(
          (card) => card.title,
        );
      expect(await titles(`collection=${curated.slug}`)).toEqual(["Zephyr Poster"]);
      expect(await titles(`${mine}&collection=${tagged.id}`)).toEqual(["Nebulous Skies Tour Tee"]);
      expect(await titles(`${mine}&collection=${onSale.slug}`)).toEqual(["Quarry Hoodie"]);
      expect(await titles("collection=no-such-collection")).toEqual([]);

      const { status, body } = await get(`/api/product-collections/${curated.slug}`);
      expect(status).toBe(200);
      expect(body.data).toMatchObject({
        id: curated.id,
        kind: "curated",
        products: { meta: { total: 1 } },
      });
      expect((await get("/api/product-collections/no-such-collection")).status).toBe(404);
      expect((await get(`/api/product-collections/${curated.id}?perPage=0`)).status).toBe(422);
    });

    it("searches title, band, type, tags and description by word prefix", async () => {
      const titles = async (q: string) =>
        (
          (await get(`/api/products?${mine}&q=${encodeURIComponent(q)}`)).body.data as Array<{
            title: string;
          }>
        ).map((card) => card.title);
      expect(await titles("nebul")).toEqual(["Nebulous Skies Tour Tee"]);
      expect(await titles("zephyr quar")).toHaveLength(3);
      expect(await titles("hoodie")).toEqual(["Quarry Hoodie"]);
      expect(await titles("tour-2026")).toEqual(["Nebulous Skies Tour Tee"]);
      expect(await titles("nothing-like-this")).toEqual([]);
    });

    it.each(["'); drop table products; --", "a & | ! :* <->", "\\", "%", "(((", "émile", "   "])(
      "takes odd search input %j without error",
      async (q) => {
        const { status } = await get(`/api/products?q=${encodeURIComponent(q)}`);
        expect(status).toBe(200);
      },
    );

    it.each([
      ["perPage=101", "perPage"],
      ["perPage=0", "perPage"],
      ["page=0", "page"],
      ["page=abc", "page"],
      ["sort=cheapest", "sort"],
      ["type=spaceship", "type"],
      ["attributes=1,x", "attributes"],
      ["priceMin=-5", "priceMin"],
      ["priceMin=12.5", "priceMin"],
      ["priceMin=5000&priceMax=100", "priceMax"],
      ["inStock=maybe", "inStock"],
      ["brand=Bad Slug", "brand"],
      // docs/security.md #15: ids past a PostgreSQL integer (once 22003 and 22P02, a 500).
      ["brand=2147483648", "brand"],
      ["brand=99999999999999999999999", "brand"],
      ["brand=zephyr-quarry,9223372036854775808", "brand"],
      ["brand=-2147483649", "brand"],
      [`q=${"x".repeat(101)}`, "q"],
      ["unknown=1", "body"],
    ])("refuses %s with a 422 naming %s", async (query, field) => {
      for (const path of ["/api/products", "/api/product-filters"]) {
        const { status, body } = await get(`${path}?${query}`);
        expect(status, path).toBe(422);
        expect(body.message).toBe("Validation failed");
        expect(Object.keys(body.errors as object)).toContain(field);
      }
    });

    it("shows no products for a band id no band can have on the listing page, as for an unknown band", async () => {
      for (const id of ["2147483648", "99999999999999999999999"]) {
        const response = await app.fetch(`/products?brand=${id}`, {
          headers: { Accept: "text/html" },
        });
        expect(response.status, id).toBe(200);
        const page = await response.text();
        expect(page).toContain("0 products");
        // The chosen band, to take away, as for an unknown slug.
        expect(page).toContain(`Remove filter: </span>${id}<`);
      }
      const unknown = await (await app.fetch("/products?brand=no-such-band")).text();
      expect(unknown).toContain("0 products");
    });
  });

  describe("one product", () => {
    it("shows a product by id or slug with variants, options in order and files", async () => {
      const tee = made.tee?.product;
      const { status, body } = await get(`/api/products/${tee?.slug}`);
      expect(status).toBe(200);
      const product = body.data as ProductView;
      expect(product).toMatchObject({
        id: tee?.id,
        title: "Nebulous Skies Tour Tee",
        priceFrom: 2500,
      });
      expect(product.attributeTypes.map((type: { title: string }) => type.title)).toEqual([
        "Size",
        "Colour",
      ]);
      expect(
        product.attributeTypes[0]?.attributes.map((value: { title: string }) => value.title),
      ).toEqual(["M", "L", "XL"]);
      expect(product.variants).toHaveLength(3);
      expect(product.variants[0]).toMatchObject({ price: 2500, inStock: true, stockLeft: 3 });
      expect(product.variants[1]).toMatchObject({ inStock: true, stockLeft: null });
      expect(product.variants[2]).toMatchObject({ price: 2700, inStock: false, stockLeft: null });
      expect(
        product.variants[0]?.attributes.map((attribute: { title: string }) => attribute.title),
      ).toEqual(["M", "Black"]);
      expect(Object.keys(product.variants[0] ?? {})).not.toContain("stockOnHand");
      expect(product.mediaFiles[0]).toMatchObject({
        fileType: "IMAGE",
        alt: "Nebulous Skies Tour Tee",
      });
      expect((await get(`/api/products/${tee?.id}`)).body.data).toMatchObject({ slug: tee?.slug });
    });

    it("hides drafts and archived products, and 404s unknown or bad ids", async () => {
      expect((await get(`/api/products/${made.draft?.product.slug}`)).status).toBe(404);
      expect((await get(`/api/products/${made.archived?.product.id}`)).status).toBe(404);
      expect((await get("/api/products/no-such-product")).status).toBe(404);
      expect((await get("/api/products/0")).status).toBe(404);
      expect((await get("/api/products/..%2f..%2fetc")).status).toBe(404);
    });

    it("relates the same band first, then the same type, never itself, sold-out last", async () => {
      const { status, body } = await get(`/api/products/${made.tee?.product.id}/related`);
      expect(status).toBe(200);
      const cards = body.data as Array<{
        title: string;
        brand: { id: number };
        productType: string;
        inStock: boolean;
      }>;
      expect(cards.length).toBeGreaterThan(2);
      expect(cards.map((card) => card.title)).not.toContain("Nebulous Skies Tour Tee");
      expect(cards.map((card) => card.title)).not.toContain("Secret Draft Tee");
      // Buyable products first; among them this band's, then other bands' T-shirts.
      const rank = (card: (typeof cards)[number]) =>
        (card.inStock ? 0 : 10) +
        (card.brand.id === band.id ? 0 : card.productType === "T-shirt" ? 1 : 2);
      const ranks = cards.map(rank);
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
      expect(cards[0]?.title).toBe("Quarry Hoodie");
      expect(ranks.every((value) => value !== 2 && value !== 12)).toBe(true);
      expect((await get("/api/products/no-such-product/related")).status).toBe(404);
    });
  });

  describe("attributes and filters", () => {
    it("lists attribute types and values in their natural order", async () => {
      const types = (await get("/api/product-attribute-types")).body.data as Array<{
        id: number;
        title: string;
      }>;
      expect(types.map((type) => type.id)).toContain(size.type.id);
      const values = (await get(`/api/product-attributes?types=${size.type.id}`)).body
        .data as Array<{ title: string }>;
      expect(values.map((value) => value.title)).toEqual(["S", "M", "L", "XL"]);
      expect((await get("/api/product-attributes?types=x")).status).toBe(422);
      expect((await get("/api/product-attributes?types=1,9999999999")).status).toBe(422);
    });

    it("counts facets under every filter but their own", async () => {
      const { status, body } = await get(`/api/product-filters?${mine}&type=t-shirt`);
      expect(status).toBe(200);
      const filters = body.data as ProductFilters;
      expect(filters.types).toEqual(
        expect.arrayContaining([
          { slug: "t-shirt", title: "T-shirt", count: 1 },
          { slug: "hoodie", title: "Hoodie", count: 1 },
          { slug: "poster", title: "Poster", count: 1 },
        ]),
      );
      expect(filters.brands).toEqual(
        expect.arrayContaining([expect.objectContaining({ slug: otherBand.slug, count: 2 })]),
      );
      const sizeFacet = filters.attributeTypes.find(
        (type: { id: number }) => type.id === size.type.id,
      );
      expect(
        sizeFacet?.attributes.map((value: { title: string; count: number }) => [
          value.title,
          value.count,
        ]),
      ).toEqual([
        ["S", 0],
        ["M", 1],
        ["L", 1],
        ["XL", 1],
      ]);
      expect(filters.price).toEqual({ min: 2500, max: 2700 });
      expect(filters.inStock).toBe(1);
      expect((await get("/api/product-filters?sort=bad")).status).toBe(422);
    });

    it("shows options the other filters rule out at 0, and a chosen option even outside the scope", async () => {
      const { M, XL } = size.values;
      const facets = async (search: string) =>
        (await get(`/api/product-filters?${search}`)).body.data as ProductFilters;
      const sizesOf = (filters: ProductFilters) =>
        filters.attributeTypes
          .find((type) => type.id === size.type.id)
          ?.attributes.map((value) => [value.title, value.count]);

      // The tee's and the hoodie's sizes exist in the shop, so under "posters" they stay, at 0.
      const posters = await facets(`${mine}&type=poster`);
      expect(sizesOf(posters)).toEqual([
        ["S", 0],
        ["M", 0],
        ["L", 0],
        ["XL", 0],
      ]);

      // A search scopes the options: only the tee matches "nebulous", yet what is chosen stays.
      const searched = await facets(
        `q=nebulous&brand=${otherBand.slug}&type=poster&attributes=${M?.id},${XL?.id}`,
      );
      expect(searched.brands.map((brand) => [brand.slug, brand.count])).toEqual([
        [otherBand.slug, 0],
        [band.slug, 0],
      ]);
      expect(searched.types).toEqual([
        { slug: "t-shirt", title: "T-shirt", count: 0 },
        { slug: "poster", title: "Poster", count: 0 },
      ]);
      expect(sizesOf(searched)).toEqual([
        ["M", 0],
        ["L", 0],
        ["XL", 0],
      ]);
      const searchedTee = await facets(`q=nebulous&attributes=${M?.id}`);
      expect(searchedTee.types).toEqual([{ slug: "t-shirt", title: "T-shirt", count: 1 }]);
      expect(sizesOf(searchedTee)).toEqual([
        ["M", 1],
        ["L", 1],
        ["XL", 1],
      ]);
    });
  });
});
