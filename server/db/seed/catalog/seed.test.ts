import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../../tests/support/databases.ts";
import {
  attributes,
  attributeTypes,
  brands,
  collectionProducts,
  productCollections,
  productMedia,
  products,
  productVariants,
  spotlights,
  variantAttributes,
} from "../../../catalog/schema.ts";
import { mediaFiles } from "../../../media/schema.ts";
import { localFileStore } from "../../../media/storage.ts";
import { type Db, openPglite } from "../../client.ts";
import { migrateDatabase } from "../../migrate.ts";
import { seedCatalog } from "./index.ts";

const isWebp = (bytes: Buffer) =>
  bytes.subarray(0, 4).toString("latin1") === "RIFF" &&
  bytes.subarray(8, 12).toString("latin1") === "WEBP";

describe("the demo catalogue", () => {
  let database: TestDatabase;
  let db: Db;
  const files = () => localFileStore(join(inject("templateDataDir"), "files"));

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    db = database.db;
  });
  afterAll(() => database.drop());

  it("has at least 24 bands, each with a story, links on example.com, a logo and a banner", async () => {
    const rows = await db.select().from(brands).orderBy(asc(brands.id));
    expect(rows.length).toBeGreaterThanOrEqual(24);
    expect(rows.filter((band) => band.featured).length).toBeGreaterThanOrEqual(3);
    expect(new Set(rows.map((band) => band.genre)).size).toBeGreaterThanOrEqual(8);
    for (const band of rows) {
      expect(band.slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(band.story).toMatch(/^<p>.+<\/p>$/);
      expect(band.origin).not.toBe("");
      for (const url of Object.values(band.links)) expect(url).toMatch(/^https:\/\/example\.com\//);
      expect(band.logoFileId).not.toBeNull();
      expect(band.heroFileId).not.toBeNull();
    }
    const images = await db
      .select({ slug: mediaFiles.slug, width: mediaFiles.width, height: mediaFiles.height })
      .from(mediaFiles)
      .innerJoin(brands, eq(brands.heroFileId, mediaFiles.id));
    expect(images).toHaveLength(rows.length);
    for (const image of images) expect([image.width, image.height]).toEqual([1600, 700]);
  });

  it("has exactly 300 products, mostly published, with twelve featured and a few pre-orders", async () => {
    const rows = await db.select().from(products);
    expect(rows).toHaveLength(300);
    const byStatus = (status: string) => rows.filter((row) => row.status === status).length;
    expect(byStatus("published")).toBeGreaterThan(270);
    expect(byStatus("draft")).toBeGreaterThanOrEqual(10);
    expect(byStatus("archived")).toBeGreaterThanOrEqual(3);
    expect(rows.filter((row) => row.featuredRank !== null)).toHaveLength(12);
    for (const row of rows) {
      expect(row.slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(row.description).toMatch(/^<p>/);
      expect(row.seoTitle).toBeTruthy();
      expect(row.seoDescription).toBeTruthy();
      expect(row.publishedAt === null).toBe(row.status === "draft");
      expect(row.priceFrom).toBeGreaterThan(0);
      expect(row.priceTo).toBeGreaterThanOrEqual(row.priceFrom);
    }
    expect(new Set(rows.map((row) => row.slug)).size).toBe(300);
    const preOrders = rows.filter((row) => row.preOrder);
    expect(preOrders.length).toBeGreaterThan(0);
    for (const row of preOrders)
      expect(row.releaseDate && row.releaseDate > "2026-11-01").toBe(true);
    const types = new Set(rows.map((row) => row.productType));
    for (const type of [
      "T-shirt",
      "Hoodie",
      "Cap",
      "Beanie",
      "Tote",
      "Poster",
      "Vinyl",
      "CD",
      "Bundle",
    ])
      expect(types).toContain(type);
    const tags = new Set(rows.flatMap((row) => row.tags));
    for (const tag of ["tour-2026", "organic-cotton", "limited-edition", "last-chance", "new-in"])
      expect(tags).toContain(tag);
    // Some sold out altogether, some on sale.
    expect(rows.some((row) => row.stockTotal === 0)).toBe(true);
    expect(rows.some((row) => row.compareAtFrom !== null)).toBe(true);
  });

  it("zero-rates its kids' T-shirts and books for VAT, and only those", async () => {
    const rows = await db
      .select({ type: products.productType, vatRate: products.vatRate, status: products.status })
      .from(products);
    const zeroRated = rows.filter((row) => row.vatRate === 0);
    expect(new Set(zeroRated.map((row) => row.type))).toEqual(new Set(["Kids T-shirt", "Book"]));
    expect(zeroRated.filter((row) => row.status === "published").length).toBeGreaterThanOrEqual(4);
    for (const row of rows) {
      expect(row.vatRate).toBe(row.type === "Kids T-shirt" || row.type === "Book" ? 0 : 20);
    }
  });

  it("has at least 1,500 variants with unique SKUs, positive prices and realistic stock", async () => {
    const rows = await db.select().from(productVariants);
    expect(rows.length).toBeGreaterThanOrEqual(1500);
    expect(new Set(rows.map((row) => row.sku)).size).toBe(rows.length);
    for (const row of rows) {
      expect(row.sku).toMatch(/^ENC-[A-Z]{3}-\d{5}(-[A-Z0-9]+)*$/);
      expect(row.price).toBeGreaterThan(0);
      if (row.compareAtPrice !== null) expect(row.compareAtPrice).toBeGreaterThan(row.price);
      expect(row.stockOnHand).toBeGreaterThanOrEqual(0);
    }
    expect(rows.some((row) => row.compareAtPrice !== null)).toBe(true);
    expect(rows.some((row) => row.stockOnHand === 0)).toBe(true);
    expect(rows.some((row) => row.stockOnHand >= 1 && row.stockOnHand <= 4)).toBe(true);
    expect(rows.filter((row) => row.stockOnHand >= 5).length).toBeGreaterThan(rows.length / 2);
  });

  it("prices garments, posters, CDs and bundles like a UK merch shop", async () => {
    const ranges = await db
      .select({
        type: products.productType,
        min: sql<number>`min(coalesce(${productVariants.compareAtPrice}, ${productVariants.price}))::int`,
        max: sql<number>`max(coalesce(${productVariants.compareAtPrice}, ${productVariants.price}))::int`,
      })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .groupBy(products.productType);
    const range = (type: string) => ranges.find((row) => row.type === type);
    expect(range("T-shirt")?.min).toBeGreaterThanOrEqual(2200);
    expect(range("T-shirt")?.max).toBeLessThanOrEqual(3200);
    expect(range("Hoodie")?.min).toBeGreaterThanOrEqual(4500);
    expect(range("Hoodie")?.max).toBeLessThanOrEqual(6200);
    expect(range("Poster")?.min).toBeGreaterThanOrEqual(1200);
    expect(range("Poster")?.max).toBeLessThanOrEqual(2500);
    expect(range("Bundle")?.min).toBeGreaterThanOrEqual(4500);
    expect(range("Bundle")?.max).toBeLessThanOrEqual(9000);
    expect(range("CD")?.min).toBeGreaterThanOrEqual(1000);
    expect(range("CD")?.max).toBeLessThanOrEqual(1400);
    expect(range("Cap")?.min).toBeGreaterThanOrEqual(2000);
    expect(range("Cap")?.max).toBeLessThanOrEqual(2500);
  });

  it("orders sizes XS to 3XL and gives colours lowercase swatches", async () => {
    const rows = await db
      .select({
        type: attributeTypes.slug,
        title: attributes.title,
        position: attributes.position,
        swatch: attributes.swatch,
      })
      .from(attributes)
      .innerJoin(attributeTypes, eq(attributeTypes.id, attributes.attributeTypeId))
      .orderBy(asc(attributes.position));
    const sizes = rows.filter((row) => row.type === "size").map((row) => row.title);
    expect(sizes).toEqual(["XS", "S", "M", "L", "XL", "2XL", "3XL"]);
    const colours = rows.filter((row) => row.type === "colour");
    expect(colours.length).toBeGreaterThanOrEqual(10);
    for (const colour of colours) expect(colour.swatch).toMatch(/^#[0-9a-f]{6}$/);
    const types = await db.select().from(attributeTypes).orderBy(asc(attributeTypes.position));
    expect(types.map((type) => type.title)).toEqual([
      "Size",
      "Colour",
      "Fit",
      "Format",
      "Poster size",
      "Kids' size",
    ]);
    expect(types.find((type) => type.slug === "colour")?.display).toBe("swatches");
  });

  it("shows every published product in at least one stored WebP, and a garment in each of its colours", async () => {
    const rows = await db
      .select({
        productId: productMedia.productId,
        attributeId: productMedia.attributeId,
        slug: mediaFiles.slug,
        fileType: mediaFiles.fileType,
        byteSize: mediaFiles.byteSize,
        alt: mediaFiles.alt,
      })
      .from(productMedia)
      .innerJoin(mediaFiles, eq(mediaFiles.id, productMedia.fileId))
      .orderBy(asc(productMedia.productId), asc(productMedia.position));
    const published = await db
      .select({ id: products.id, title: products.title, type: products.productType })
      .from(products)
      .where(eq(products.status, "published"));
    for (const product of published) {
      const images = rows.filter((row) => row.productId === product.id && row.fileType === "IMAGE");
      expect(images.length, product.title).toBeGreaterThanOrEqual(1);
      // Each image's alt text says what it shows, starting from the product.
      for (const image of images) expect(image.alt.startsWith(product.title)).toBe(true);
    }
    const store = files();
    for (const row of rows) {
      const bytes = await store.read(row.slug);
      expect(bytes, row.slug).toBeDefined();
      expect(bytes?.length).toBe(row.byteSize);
      expect(isWebp(bytes as Buffer)).toBe(true);
    }
    const colourOfVariants = await db
      .selectDistinct({
        productId: productVariants.productId,
        attributeId: variantAttributes.attributeId,
      })
      .from(variantAttributes)
      .innerJoin(productVariants, eq(productVariants.id, variantAttributes.variantId))
      .innerJoin(attributes, eq(attributes.id, variantAttributes.attributeId))
      .innerJoin(attributeTypes, eq(attributeTypes.id, attributes.attributeTypeId))
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(sql`${attributeTypes.slug} = 'colour' and ${products.productType} = 'T-shirt'`);
    expect(colourOfVariants.length).toBeGreaterThan(50);
    // Every colour a T-shirt comes in has its own front, back, print detail and worn images.
    for (const { productId, attributeId } of colourOfVariants) {
      const alts = rows
        .filter((row) => row.productId === productId && row.attributeId === attributeId)
        .map((row) => row.alt.replace(/^.* in [^,]+, /, ""));
      expect(alts).toEqual([
        "front",
        "back, showing the back print",
        "close-up of the front print and neck label",
        "worn by a model",
      ]);
    }
  });

  it("has the tour, rule-based and themed collections, and a live band spotlight", async () => {
    const rows = await db
      .select()
      .from(productCollections)
      .orderBy(asc(productCollections.position));
    const bySlug = new Map(rows.map((row) => [row.slug, row]));
    expect(bySlug.get("new-in")?.rule).toEqual({ type: "new-in", days: 60 });
    expect(bySlug.get("last-chance")?.rule).toEqual({ type: "tag", tag: "last-chance" });
    expect(bySlug.get("on-sale")?.rule).toEqual({ type: "on-sale" });
    const tour = bySlug.get("tour-2026");
    expect(tour?.kind).toBe("curated");
    const members = await db
      .select({ tags: products.tags, position: collectionProducts.position })
      .from(collectionProducts)
      .innerJoin(products, eq(products.id, collectionProducts.productId))
      .where(eq(collectionProducts.collectionId, tour?.id ?? 0))
      .orderBy(asc(collectionProducts.position));
    expect(members.length).toBeGreaterThan(10);
    for (const member of members) expect(member.tags).toContain("tour-2026");
    expect(members.map((member) => member.position)).toEqual(members.map((_, index) => index));
    const curated = rows.filter((row) => row.kind === "curated" && row.slug !== "tour-2026");
    expect(curated.length).toBeGreaterThanOrEqual(2);

    const [spotlight] = await db.select().from(spotlights);
    expect(spotlight?.brandId).not.toBeNull();
    expect(spotlight?.startsAt.getTime()).toBeLessThan(Date.now());
    expect(spotlight?.endsAt).toBeNull();
    const [band] = await db
      .select()
      .from(brands)
      .where(eq(brands.id, spotlight?.brandId ?? 0));
    expect(band?.featured).toBe(true);
  });
});

describe("seedCatalog", () => {
  const folders: string[] = [];
  afterAll(() => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  async function seedFresh(count: number, renderCache?: false) {
    const folder = mkdtempSync(join(tmpdir(), "encore-seed-"));
    folders.push(folder);
    const database = await openPglite("memory://");
    try {
      await migrateDatabase(database);
      const store = localFileStore(folder);
      await seedCatalog(database.db, store, { products: count, renderCache });
      const { db } = database;
      // Every column is compared, timestamps too: the seed stamps rows with its own clock.
      const productRows = await db.select().from(products).orderBy(asc(products.id));
      const variantRows = await db.select().from(productVariants).orderBy(asc(productVariants.id));
      const fileRows = await db.select().from(mediaFiles).orderBy(asc(mediaFiles.id));
      const bytes = await Promise.all(
        fileRows.map(async (file) => (await store.read(file.slug))?.toString("base64")),
      );
      return { productRows, variantRows, fileRows, bytes };
    } finally {
      await database.close();
    }
  }

  it("makes the same rows and the same image bytes every time", { timeout: 180_000 }, async () => {
    // The first draws everything afresh; the second may read drawings that another process (the
    // test template's seed) left in the render cache. Both must agree to the byte.
    const first = await seedFresh(40, false);
    const second = await seedFresh(40);
    expect(first.productRows).toHaveLength(40);
    expect(second.productRows).toEqual(first.productRows);
    expect(second.variantRows).toEqual(first.variantRows);
    expect(second.fileRows).toEqual(first.fileRows);
    expect(second.bytes).toEqual(first.bytes);
    expect(first.bytes.every((value) => typeof value === "string")).toBe(true);
  });
});
