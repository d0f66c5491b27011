import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ProductFilters } from "../../../common/catalog.ts";
import type { ProductListQuery } from "../../../common/product-list-query.ts";
import {
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from "../../../tests/support/databases.ts";
import { makeBrand, makeProduct } from "../../../tests/support/factories.ts";
import { inTransaction } from "../../db/transaction.ts";
import { auditTrailOf } from "../../http/command.ts";
import { productCollections, products, productVariants } from "../schema.ts";
import { outdateFacetSnapshot } from "./facet-snapshot.ts";
import { type FacetOptions, productFilters } from "./filters.ts";
import { setProductStatuses } from "./product-admin.ts";
import { refreshProductSummaries } from "./summaries.ts";

const staff = { id: 1, email: "staff@example.com" };
const LIVE = { snapshotFromProducts: Number.POSITIVE_INFINITY };
// Every call reads a snapshot taken after the last write: the first call takes one, and with
// the lifetime 0 each later call's answer comes from the reload the call before it started.
const SNAPSHOT = { snapshotFromProducts: 0 };

const withoutStamp = ({ countsAsOf: _, ...counts }: ProductFilters) => counts;

// The demo shop: 300 products of several bands, types, sizes and colours.
describe.each(databaseKinds)("facet counts on %s", (kind) => {
  let database: TestDatabase;
  const query = (parts: Partial<ProductListQuery> = {}): ProductListQuery => ({
    page: 1,
    perPage: 24,
    ...parts,
  });
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.drop());

  it("counts the same on the snapshot as live in SQL, and says which it is", async () => {
    const db = database.db;
    const [product] = await db
      .select({ brandId: products.brandId, attributeIds: products.attributeIds })
      .from(products)
      .where(sql`${products.status} = 'published' and cardinality(${products.attributeIds}) > 1`)
      .limit(1);
    const [band] = await db
      .execute(sql`select slug from brands limit 1`)
      .then((result) => (result as unknown as { rows: Array<{ slug: string }> }).rows);
    const [collection] = await db
      .select({ slug: productCollections.slug })
      .from(productCollections);
    if (!product || !band || !collection) throw new Error("the demo shop is missing");
    const [first, second] = product.attributeIds;
    const queries: Array<[ProductListQuery, boolean]> = [
      [query(), false],
      [query({ type: ["t-shirt"] }), false],
      [query({ type: ["t-shirt", "hoodie"], attributes: [first as number] }), false],
      [query({ attributes: [first as number, second as number], priceMax: 3000 }), false],
      [query({ priceMin: 2000, inStock: true, sort: "price-asc" }), false],
      [query({ brand: [band.slug, String(product.brandId)], inStock: true }), false],
      [query({ brand: [band.slug], type: ["poster"] }), true],
      [query({ q: "tee" }), false],
      [query({ q: "tee", type: ["hoodie"], brand: ["no-such-band"] }), false],
      [query({ collection: collection.slug, type: ["t-shirt"] }), false],
      [query({ attributes: [999_999] }), false],
      [query({ collection: "no-such-collection" }), false],
    ];
    for (const [listing, brandFixed] of queries) {
      const live = await productFilters(db, listing, { ...LIVE, brandFixed });
      const counted = await productFilters(db, listing, { ...SNAPSHOT, brandFixed });
      expect(live.countsAsOf).toBeNull();
      expect(counted.countsAsOf).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(withoutStamp(counted), JSON.stringify(listing)).toEqual(withoutStamp(live));
    }
    const everything = await productFilters(db, query(), LIVE);
    expect(everything.brands.length).toBeGreaterThan(1);
    expect(everything.inStock).toBeGreaterThan(0);
  });

  describe("after a write", () => {
    let bandSlug: string;
    let productId: number;
    let variantId: number;
    const facetsOfBand = async (options: FacetOptions) =>
      productFilters(database.db, query({ brand: [bandSlug] }), options);
    const summary = (filters: ProductFilters) => ({
      band: filters.brands.find((brand) => brand.slug === bandSlug)?.count ?? 0,
      hoodies: filters.types.find((type) => type.slug === "hoodie")?.count ?? 0,
      price: filters.price,
      inStock: filters.inStock,
    });
    // The live count, then the snapshot's, read twice: the reload the first read started.
    const expectBoth = async (expected: ReturnType<typeof summary>) => {
      expect(summary(await facetsOfBand(LIVE))).toEqual(expected);
      await facetsOfBand({ ...SNAPSHOT, snapshotLifetimeMs: 0 });
      await vi.waitFor(async () =>
        expect(summary(await facetsOfBand({ ...SNAPSHOT, snapshotLifetimeMs: 0 }))).toEqual(
          expected,
        ),
      );
    };

    beforeAll(async () => {
      const band = await makeBrand(database.db, { title: "Facet Counting Band" });
      bandSlug = band.slug;
      const made = await makeProduct(database.db, {
        brandId: band.id,
        productType: "Hoodie",
        status: "draft",
        variants: [{ price: 4500, stock: 2 }],
      });
      productId = made.product.id;
      variantId = made.variants[0]?.id as number;
    });

    // As the bulk-status command runs it: in a transaction, with the staff member's audit trail.
    const setStatus = (status: "published" | "draft") =>
      inTransaction(database.db, (tx) =>
        setProductStatuses(tx, { ids: [productId], status }, auditTrailOf(staff)),
      );

    it("counts a product once published, not once unpublished", async () => {
      await expectBoth({ band: 0, hoodies: 0, price: null, inStock: 0 });
      await setStatus("published");
      await expectBoth({ band: 1, hoodies: 1, price: { min: 4500, max: 4500 }, inStock: 1 });
      await setStatus("draft");
      await expectBoth({ band: 0, hoodies: 0, price: null, inStock: 0 });
      await setStatus("published");
    });

    it("follows a variant's stock and price", async () => {
      await database.db
        .update(productVariants)
        .set({ stockOnHand: 0, price: 3900 })
        .where(eq(productVariants.id, variantId));
      await refreshProductSummaries(database.db, [productId]);
      await expectBoth({ band: 1, hoodies: 1, price: { min: 3900, max: 3900 }, inStock: 0 });
    });

    it("forgets a deleted product", async () => {
      await database.db.delete(products).where(eq(products.id, productId));
      await expectBoth({ band: 0, hoodies: 0, price: null, inStock: 0 });
    });
  });

  const LONG = { ...SNAPSHOT, snapshotLifetimeMs: 60_000 };

  /**
   * A band with one product in stock, on a long-lived snapshot that counts it; then the product
   * sold out in the database (the snapshot not told). Returns the listing and the snapshot's time.
   */
  async function soldOutUnderSnapshot(title: string) {
    const db = database.db;
    const band = await makeBrand(db, { title });
    const made = await makeProduct(db, { brandId: band.id, variants: [{ price: 1000, stock: 1 }] });
    const listing = query({ brand: [band.slug] });
    await productFilters(db, listing, { ...SNAPSHOT, snapshotLifetimeMs: 0 });
    const taken = await vi.waitFor(async () => {
      const answer = await productFilters(db, listing, LONG);
      expect(answer.inStock).toBe(1);
      return answer;
    });
    await db
      .update(productVariants)
      .set({ stockOnHand: 0 })
      .where(eq(productVariants.productId, made.product.id));
    await refreshProductSummaries(db, [made.product.id]);
    return { listing, takenAt: taken.countsAsOf };
  }

  it("keeps a snapshot for its lifetime, and says when it was taken", async () => {
    const { listing, takenAt } = await soldOutUnderSnapshot("Snapshot Lifetime Band");
    // Within its lifetime the snapshot answers, stamped with its time; live SQL sees the change.
    const kept = await productFilters(database.db, listing, LONG);
    expect(kept.inStock).toBe(1);
    expect(kept.countsAsOf).toBe(takenAt);
    expect((await productFilters(database.db, listing, LIVE)).inStock).toBe(0);
  });

  it("takes a new snapshot, and waits for it, once a change to the shop is announced", async () => {
    const { listing } = await soldOutUnderSnapshot("Snapshot Notice Band");
    expect((await productFilters(database.db, listing, LONG)).inStock).toBe(1);
    outdateFacetSnapshot(database.db);
    // The very next answer, well within the lifetime, counts the change.
    expect((await productFilters(database.db, listing, LONG)).inStock).toBe(0);
  });
});
