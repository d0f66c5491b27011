import { and, asc, count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductView } from "../../common/catalog.ts";
import type {
  GeneratedVariants,
  ProductEdit,
  StaffProductItem,
  VariantEdit,
} from "../../common/catalog-admin.ts";
import { changesHeard, startTestApp, type TestApp } from "../../tests/support/app.ts";
import { databaseKinds } from "../../tests/support/databases.ts";
import { eventually } from "../../tests/support/eventually.ts";
import {
  auditCount,
  auditOf,
  read,
  signInEveryone,
  staffCaller,
  type Who,
} from "../../tests/support/staff-api.ts";
import { DEMO_ACCOUNTS } from "../db/seed/accounts.ts";
import { mediaFiles } from "../media/schema.ts";
import { orderLines } from "../orders/schema.ts";
import {
  attributes,
  attributeTypes,
  brands,
  productCollections,
  products,
  productVariants,
} from "./schema.ts";

// Issue 14: products and their variants on the staff resource pattern (decision 0014).
describe.each(databaseKinds)("staff API for products and variants on %s", (kind) => {
  let app: TestApp;
  let call: (path: string, who: Who, body?: unknown) => Promise<Response>;
  let bandId: number;
  let imageId: number;
  let sizes: Record<string, number>;
  let colours: Record<string, number>;

  beforeAll(async () => {
    app = await startTestApp(kind);
    call = staffCaller(app, await signInEveryone(app));
    const db = app.database.db;
    const [band] = await db
      .select({ id: brands.id })
      .from(brands)
      .where(eq(brands.slug, "static-gulls"));
    bandId = band?.id as number;
    const [image] = await db
      .select({ id: mediaFiles.id })
      .from(mediaFiles)
      .where(eq(mediaFiles.fileType, "IMAGE"))
      .limit(1);
    imageId = image?.id as number;
    const values = async (type: string) =>
      Object.fromEntries(
        (
          await db
            .select({ slug: attributes.slug, id: attributes.id })
            .from(attributes)
            .innerJoin(attributeTypes, eq(attributeTypes.id, attributes.attributeTypeId))
            .where(eq(attributeTypes.slug, type))
            .orderBy(asc(attributes.position))
        ).map((value) => [value.slug, value.id]),
      );
    sizes = await values("size");
    colours = await values("colour");
  });
  afterAll(() => app.close());

  const productCount = async () =>
    (await app.database.db.select({ n: count() }).from(products))[0]?.n ?? 0;
  const create = async (body: Record<string, unknown>) => {
    const response = await call("/products/store", "staff", {
      brandId: bandId,
      type: "t-shirt",
      ...body,
    });
    expect(response.status, JSON.stringify(await response.clone().json())).toBe(201);
    return (await read<ProductEdit>(response)).data;
  };
  const shop = async (slug: string) => {
    // The shop's answers are cached until the change notice reaches this process's listener.
    await changesHeard(app);
    const response = await app.fetch(`/api/products/${slug}`);
    return response.status === 200 ? (await read<ProductView>(response)).data : undefined;
  };

  it("lets staff in only: 401 without a token, 403 for a customer, deletes for admins", async () => {
    expect((await call("/products", "nobody")).status).toBe(401);
    expect((await call("/products", "customer")).status).toBe(403);
    expect((await call("/products/store", "customer", { title: "Nope" })).status).toBe(403);
    expect((await call("/product-variants/create", "customer", {})).status).toBe(403);
    expect((await call("/products/generate-variants", "customer", {})).status).toBe(403);
    expect((await call("/products/bulk-status", "nobody", {})).status).toBe(401);
    expect((await call("/products", "staff")).status).toBe(200);
    const draft = await create({ title: "Never Deleted By Staff" });
    expect((await call("/products/destroy", "staff", { id: draft.id })).status).toBe(403);
    expect((await call("/product-variants/destroy", "staff", { id: 1 })).status).toBe(403);
    expect((await call(`/products/edit/${draft.id}`, "staff")).status).toBe(200);
  });

  it("lists products with image, band, status, price range and stock; filters, search and sort", async () => {
    const page = await read<StaffProductItem[]>(await call("/products?perPage=10", "staff"));
    expect(page.data).toHaveLength(10);
    expect(page.meta?.total).toBeGreaterThanOrEqual(300);
    const first = page.data[0] as StaffProductItem;
    expect(first).toMatchObject({ brand: { id: expect.any(Number) }, status: expect.any(String) });

    const gulls = await read<StaffProductItem[]>(
      await call(`/products?brand=${bandId}&type=t-shirt,hoodie&sort=price&perPage=100`, "staff"),
    );
    expect(gulls.data.length).toBeGreaterThan(0);
    expect(gulls.data.every((row) => row.brand.id === bandId)).toBe(true);
    expect(gulls.data.every((row) => row.type === "t-shirt" || row.type === "hoodie")).toBe(true);
    const prices = gulls.data.map((row) => row.priceFrom);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(gulls.data.some((row) => row.imageUrl?.startsWith("/api/file/"))).toBe(true);

    const out = await read<StaffProductItem[]>(
      await call("/products?stock=out&perPage=100", "staff"),
    );
    expect(out.data.length).toBeGreaterThan(0);
    expect(out.data.every((row) => row.stockTotal === 0)).toBe(true);
    const low = await read<StaffProductItem[]>(
      await call("/products?stock=low&perPage=100", "staff"),
    );
    expect(low.data.length).toBeGreaterThan(0);
    expect(low.data.every((row) => row.stockTotal > 0)).toBe(true);
    const drafts = await read<StaffProductItem[]>(
      await call("/products?status=draft,archived&perPage=100", "staff"),
    );
    expect(drafts.data.every((row) => row.status !== "published")).toBe(true);

    // A SKU finds its product.
    const [variant] = await app.database.db
      .select({ sku: productVariants.sku, productId: productVariants.productId })
      .from(productVariants)
      .limit(1);
    const bySku = await read<StaffProductItem[]>(
      await call(`/products?q=${encodeURIComponent(variant?.sku ?? "")}`, "staff"),
    );
    expect(bySku.data.map((row) => row.id)).toContain(variant?.productId);

    // `ids`: exactly the products a form names, drafts too, whatever else there is.
    const named = [
      ...new Set([page.data[0]?.id, drafts.data[0]?.id].filter((id) => id !== undefined)),
    ];
    const byIds = await read<StaffProductItem[]>(
      await call(`/products?ids=${named.join(",")},999999&perPage=100`, "staff"),
    );
    expect(byIds.data.map((row) => row.id).sort()).toEqual([...named].sort());
    expect(byIds.meta?.total).toBe(named.length);

    const wrong = await call(
      "/products?stock=some&type=spaceship&sort=colour&status=gone&ids=3,x",
      "staff",
    );
    expect(wrong.status).toBe(422);
    expect(Object.keys((await read(wrong)).errors ?? {}).sort()).toEqual([
      "ids",
      "sort",
      "status",
      "stock",
      "type",
    ]);
  });

  it("creates a product with its variants, media, tags and collection, safely, with an audit entry", async () => {
    const [tour] = await app.database.db
      .select({ id: productCollections.id })
      .from(productCollections)
      .where(eq(productCollections.slug, "tour-2026"));
    const product = await create({
      title: "Harbour Lights Tee",
      description: '<p>Soft cotton.</p><script>alert(1)</script><a href="javascript:x">x</a>',
      tags: ["Tour-2026", "tour-2026", "organic"],
      collectionIds: [tour?.id],
      releaseDate: "2026-12-01",
      seoTitle: "Harbour Lights Tee",
      media: [{ fileId: imageId, attributeId: colours.black }],
      variants: [
        { price: 2500, stockOnHand: 4, attributeIds: [sizes.m, colours.black] },
        {
          price: 2700,
          compareAtPrice: 3000,
          sku: "hlt-l-blk",
          attributeIds: [sizes.l, colours.black],
        },
      ],
    });
    expect(product).toMatchObject({
      slug: "harbour-lights-tee",
      status: "draft",
      type: "t-shirt",
      vatRate: 20,
      tags: ["tour-2026", "organic"],
      collectionIds: [tour?.id],
      releaseDate: "2026-12-01",
      // Only a pre-order billing model makes a pre-order (decision 0016).
      preOrder: false,
      media: [{ fileId: imageId, attributeId: colours.black }],
      publishedAt: null,
    });
    expect(product.description).toContain("Soft cotton.");
    expect(product.description).not.toMatch(/script|javascript/);
    expect(product.variants.map((variant) => [variant.sku, variant.title, variant.price])).toEqual([
      ["HARBOUR-LIGHTS-TEE-M-BLACK", "M / Black", 2500],
      ["HLT-L-BLK", "L / Black", 2700],
    ]);
    // The summaries were worked out from the variants, never taken from the body.
    const [row] = await app.database.db.select().from(products).where(eq(products.id, product.id));
    expect(row).toMatchObject({ priceFrom: 2500, priceTo: 2700, stockTotal: 4 });
    expect(row?.attributeIds.sort()).toEqual([sizes.m, sizes.l, colours.black].sort());

    const [entry] = await auditOf(app, "products", product.id);
    expect(entry).toMatchObject({
      action: "create",
      actorEmail: DEMO_ACCOUNTS.staff.email,
      label: "Harbour Lights Tee",
    });
    expect(entry?.after).toMatchObject({ slug: "harbour-lights-tee", status: "draft" });

    // A draft is not in the shop; publishing puts it there at once and dates it.
    expect(await shop(product.slug)).toBeUndefined();
    const published = await call("/products/update", "staff", {
      id: product.id,
      status: "published",
      updatedAt: product.updatedAt,
    });
    expect(published.status).toBe(200);
    const { data: after } = await read<ProductEdit>(published);
    expect(after.publishedAt).not.toBeNull();
    expect((await shop(product.slug))?.priceFrom).toBe(2500);
    expect((await auditOf(app, "products", product.id)).at(-1)).toMatchObject({
      action: "update",
      before: { status: "draft", publishedAt: null },
      after: { status: "published" },
    });

    // Zero-rated goods start at 0% VAT; the rate may be set by hand.
    expect((await create({ title: "Lyrics Book", type: "book" })).vatRate).toBe(0);
    expect((await create({ title: "Kids Tee", type: "kids-t-shirt", vatRate: 5 })).vatRate).toBe(5);
  });

  it("refuses bad input with a 422 naming the field, and writes nothing", async () => {
    const [rule] = await app.database.db
      .select({ id: productCollections.id })
      .from(productCollections)
      .where(eq(productCollections.slug, "on-sale"));
    const before = await productCount();
    const entries = await auditCount(app);
    const good = { title: "Fine", brandId: bandId, type: "t-shirt" };
    const variant = { price: 2000, attributeIds: [sizes.s] };
    const cases: Array<[unknown, string]> = [
      [{ brandId: bandId, type: "t-shirt" }, "title"],
      [{ ...good, brandId: 99_999_999 }, "brandId"],
      [{ ...good, type: "spaceship" }, "type"],
      [{ ...good, vatRate: 101 }, "vatRate"],
      [{ ...good, vatRate: 17.5 }, "vatRate"],
      [{ ...good, status: "sold" }, "status"],
      [{ ...good, tags: ["Not a tag!"] }, "tags.0"],
      [{ ...good, releaseDate: "next week" }, "releaseDate"],
      [{ ...good, slug: "Bad Slug" }, "slug"],
      [{ ...good, media: [{ fileId: 99_999_999 }] }, "media.0.fileId"],
      [{ ...good, media: [{ fileId: imageId, attributeId: 99_999_999 }] }, "media.0.attributeId"],
      [{ ...good, collectionIds: [rule?.id] }, "collectionIds"],
      [{ ...good, status: "published" }, "status"],
      [{ ...good, variants: [{ ...variant, price: 0 }] }, "variants.0.price"],
      [{ ...good, variants: [{ ...variant, price: 19.99 }] }, "variants.0.price"],
      [{ ...good, variants: [{ ...variant, compareAtPrice: 1500 }] }, "variants.0.compareAtPrice"],
      [{ ...good, variants: [{ ...variant, compareAtPrice: 2000 }] }, "variants.0.compareAtPrice"],
      [{ ...good, variants: [{ ...variant, stockOnHand: -1 }] }, "variants.0.stockOnHand"],
      [
        { ...good, variants: [{ ...variant, attributeIds: [sizes.s, sizes.m] }] },
        "variants.0.attributeIds",
      ],
      [{ ...good, variants: [variant, variant] }, "variants.1.attributeIds"],
      [{ ...good, variants: [{ ...variant, sku: "a b" }] }, "variants.0.sku"],
    ];
    for (const [body, field] of cases) {
      const response = await call("/products/store", "staff", body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys((await read(response)).errors ?? {}), JSON.stringify(body)).toContain(
        field,
      );
    }
    // security.md #4: the summaries are the server's; a body that sets one is refused whole.
    for (const key of ["priceFrom", "stockTotal", "publishedAt", "id"]) {
      const tampered = await call("/products/store", "staff", { ...good, [key]: 1 });
      expect(tampered.status).toBe(422);
      expect((await read(tampered)).errors?.body?.join()).toContain(key);
    }
    const [taken] = await app.database.db
      .select({ sku: productVariants.sku })
      .from(productVariants)
      .limit(1);
    const clash = await call("/products/store", "staff", {
      ...good,
      variants: [{ ...variant, sku: taken?.sku }],
    });
    expect(clash.status).toBe(422);
    expect((await read(clash)).errors?.["variants.0.sku"]).toEqual([
      "Another variant already has this SKU. Choose another.",
    ]);
    expect(await productCount()).toBe(before);
    expect(await auditCount(app)).toBe(entries);
  });

  it("edits variants: create (behaviour.md §7), price, compare-at, SKU, stock and options; the shop sees it at once", async () => {
    const product = await create({
      title: "Gull Wing Hoodie",
      type: "hoodie",
      status: "published",
      variants: [{ price: 4500, stockOnHand: 3, attributeIds: [sizes.m] }],
    });
    const [first] = product.variants;
    // Cached in the shop before the change…
    expect((await shop(product.slug))?.variants.map((variant) => variant.price)).toEqual([4500]);

    const created = await call("/product-variants/create", "staff", {
      productId: product.id,
      price: 4800,
      stockOnHand: 2,
      attributeIds: [sizes.l],
    });
    expect(created.status).toBe(201);
    const { data: large } = await read<VariantEdit>(created);
    expect(large).toMatchObject({ sku: "GULL-WING-HOODIE-L", title: "L", productId: product.id });
    expect((await auditOf(app, "product-variants", large.id))[0]).toMatchObject({
      action: "create",
      label: "Gull Wing Hoodie – L",
    });

    const changed = await call("/product-variants/update", "staff", {
      id: first?.id,
      price: 3900,
      compareAtPrice: 4500,
      sku: "gwh-m",
      updatedAt: first?.updatedAt,
    });
    expect(changed.status).toBe(200);
    expect((await read<VariantEdit>(changed)).data).toMatchObject({
      sku: "GWH-M",
      price: 3900,
      compareAtPrice: 4500,
    });
    // …and straight after the change, every process's shop shows the new price and range.
    await eventually(
      async () => (await shop(product.slug))?.variants.map((variant) => variant.price).join(),
      "3900,4800",
    );
    const [summary] = await app.database.db
      .select()
      .from(products)
      .where(eq(products.id, product.id));
    expect(summary).toMatchObject({
      priceFrom: 3900,
      priceTo: 4800,
      compareAtFrom: 4500,
      stockTotal: 5,
    });
    expect((await auditOf(app, "product-variants", first?.id as number)).at(-1)).toMatchObject({
      action: "update",
      before: { price: 4500, sku: "GULL-WING-HOODIE-M", compareAtPrice: null },
      after: { price: 3900, sku: "GWH-M", compareAtPrice: 4500 },
    });

    // Refused: a stale form, a price above the kept compare-at, a taken SKU, a twin of a variant.
    const refusals: Array<[unknown, number, string?]> = [
      [{ id: first?.id, stockOnHand: 1, updatedAt: first?.updatedAt }, 409],
      [{ id: first?.id, price: 4600 }, 422, "price"],
      [{ id: first?.id, compareAtPrice: 3900 }, 422, "compareAtPrice"],
      [{ id: first?.id, price: 0 }, 422, "price"],
      [{ id: first?.id, sku: large.sku }, 422, "sku"],
      [{ id: first?.id, attributeIds: [sizes.l] }, 422, "attributeIds"],
      [{ id: first?.id, priceFrom: 1 }, 422, "body"],
      [{ id: 99_999_999, price: 100 }, 404],
    ];
    for (const [body, status, field] of refusals) {
      const response = await call("/product-variants/update", "staff", body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      if (field) expect(Object.keys((await read(response)).errors ?? {})).toContain(field);
    }
    for (const [body, field] of [
      [{ productId: 99_999_999, price: 100 }, "productId"],
      [{ productId: product.id, price: 0 }, "price"],
      [{ productId: product.id, price: 500, compareAtPrice: 400 }, "compareAtPrice"],
      [{ productId: product.id, price: 500, sku: "GWH-M" }, "sku"],
    ] as const) {
      const response = await call("/product-variants/create", "staff", body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys((await read(response)).errors ?? {})).toContain(field);
    }

    // The product form changes and adds variants in one save, each error beside its row.
    const opened = (await read<ProductEdit>(await call(`/products/edit/${product.id}`, "staff")))
      .data;
    const saved = await call("/products/update", "staff", {
      id: product.id,
      updatedAt: opened.updatedAt,
      variants: [
        { id: large.id, stockOnHand: 0, price: 5000 },
        { price: 5200, attributeIds: [sizes.xl] },
      ],
    });
    expect(saved.status).toBe(200);
    const { data: form } = await read<ProductEdit>(saved);
    expect(
      form.variants.map((variant) => [variant.title, variant.price, variant.stockOnHand]),
    ).toEqual([
      ["M", 3900, 3],
      ["L", 5000, 0],
      ["XL", 5200, 0],
    ]);
    const [otherVariant] = await app.database.db
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(inArray(productVariants.productId, [1]));
    const foreign = await call("/products/update", "staff", {
      id: product.id,
      variants: [{ id: otherVariant?.id, price: 1 }],
    });
    expect(foreign.status).toBe(422);
    expect(Object.keys((await read(foreign)).errors ?? {})).toEqual(["variants.0.id"]);
    const newWithoutPrice = await call("/products/update", "staff", {
      id: product.id,
      variants: [{ attributeIds: [sizes.xs] }],
    });
    expect(Object.keys((await read(newWithoutPrice)).errors ?? {})).toEqual(["variants.0.price"]);
  });

  it("generates 5 sizes × 2 colours as 10 variants with unique SKUs, and a second run adds only the missing", async () => {
    const product = await create({ title: "Tidal Tee" });
    // A SKU the pattern will make is taken already: the new one is numbered.
    await call("/product-variants/create", "staff", {
      productId: (await create({ title: "Other Tee" })).id,
      price: 100,
      sku: "TIDAL-TEE-XS-BLACK",
    });
    const chosen = [sizes.xs, sizes.s, sizes.m, sizes.l, sizes.xl, colours.black, colours.white];
    const generated = await call("/products/generate-variants", "staff", {
      id: product.id,
      attributeIds: chosen,
      price: 2200,
      stockOnHand: 5,
      skuPattern: "{product}-{size}-{colour}",
    });
    expect(generated.status).toBe(201);
    const { data: first } = await read<GeneratedVariants>(generated);
    expect(first.created).toHaveLength(10);
    expect(first.kept).toBe(0);
    const skus = first.created.map((variant) => variant.sku);
    expect(new Set(skus).size).toBe(10);
    expect(skus).toContain("TIDAL-TEE-XS-BLACK-2");
    expect(skus).toContain("TIDAL-TEE-XL-WHITE");
    expect(skus.every((sku) => sku === sku.toUpperCase())).toBe(true);
    expect(
      first.created.every((variant) => variant.price === 2200 && variant.stockOnHand === 5),
    ).toBe(true);
    const entries = await Promise.all(
      first.created.map((variant) => auditOf(app, "product-variants", variant.id)),
    );
    expect(entries.map((list) => list[0]?.action)).toEqual(Array(10).fill("create"));
    const [summary] = await app.database.db
      .select()
      .from(products)
      .where(eq(products.id, product.id));
    expect(summary).toMatchObject({ priceFrom: 2200, stockTotal: 50 });

    // One more size: only its two variants are added; the ten keep their prices and SKUs.
    await call("/product-variants/update", "staff", { id: first.created[0]?.id, price: 1999 });
    const again = await read<GeneratedVariants>(
      await call("/products/generate-variants", "staff", {
        id: product.id,
        attributeIds: [...chosen, sizes["2xl"]],
        price: 2400,
      }),
    );
    expect(again.data.kept).toBe(10);
    expect(again.data.created.map((variant) => [variant.sku, variant.title])).toEqual([
      ["TIDAL-TEE-2XL-BLACK", "2XL / Black"],
      ["TIDAL-TEE-2XL-WHITE", "2XL / White"],
    ]);
    const stored = await app.database.db
      .select({ sku: productVariants.sku, price: productVariants.price })
      .from(productVariants)
      .where(
        and(eq(productVariants.productId, product.id), eq(productVariants.sku, skus[0] as string)),
      );
    expect(stored).toEqual([{ sku: skus[0], price: 1999 }]);

    // Bad requests change nothing.
    const variantTotal = async () =>
      (
        await app.database.db
          .select({ n: count() })
          .from(productVariants)
          .where(eq(productVariants.productId, product.id))
      )[0]?.n;
    const variantsBefore = await variantTotal();
    for (const [body, status, field] of [
      [{ id: product.id, attributeIds: chosen, price: 0 }, 422, "price"],
      [
        { id: product.id, attributeIds: chosen, price: 500, compareAtPrice: 400 },
        422,
        "compareAtPrice",
      ],
      [
        { id: product.id, attributeIds: chosen, price: 500, skuPattern: "{product}-{fit}" },
        422,
        "skuPattern",
      ],
      [
        { id: product.id, attributeIds: chosen, price: 500, skuPattern: "{product}-{size}" },
        422,
        "skuPattern",
      ],
      [{ id: product.id, attributeIds: [99_999_999], price: 500 }, 422, "attributeIds"],
      [{ id: product.id, attributeIds: [sizes.m], price: 500 }, 409, undefined],
      [{ id: 99_999_999, attributeIds: [sizes.m], price: 500 }, 404, undefined],
      [{ id: product.id, attributeIds: [sizes.m], price: 500, priceFrom: 1 }, 422, "body"],
    ] as const) {
      const response = await call("/products/generate-variants", "staff", body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      if (field) expect(Object.keys((await read(response)).errors ?? {})).toContain(field);
    }
    expect(await variantTotal()).toBe(variantsBefore);
  });

  it("publishes and unpublishes in bulk, one audit entry per product, all or none", async () => {
    const one = await create({ title: "Bulk One", variants: [{ price: 1000 }] });
    const two = await create({ title: "Bulk Two", variants: [{ price: 1100 }] });
    const bare = await create({ title: "Bulk Bare" });
    const refused = await call("/products/bulk-status", "staff", {
      ids: [one.id, bare.id],
      status: "published",
    });
    expect(refused.status).toBe(409);
    expect((await read(refused)).message).toMatch(/^Bulk Bare has no variants/);
    expect(await shop(one.slug)).toBeUndefined();

    const done = await call("/products/bulk-status", "staff", {
      ids: [one.id, two.id],
      status: "published",
    });
    expect(done.status).toBe(200);
    expect((await read<{ ids: number[] }>(done)).data.ids).toEqual([one.id, two.id]);
    expect((await shop(one.slug))?.title).toBe("Bulk One");
    expect((await shop(two.slug))?.title).toBe("Bulk Two");
    for (const id of [one.id, two.id])
      expect((await auditOf(app, "products", id)).at(-1)).toMatchObject({
        action: "update",
        actorEmail: DEMO_ACCOUNTS.staff.email,
        before: { status: "draft" },
        after: { status: "published" },
      });
    const firstPublished = (
      await read<ProductEdit>(await call(`/products/edit/${one.id}`, "staff"))
    ).data.publishedAt;

    await call("/products/bulk-status", "staff", { ids: [one.id], status: "draft" });
    expect(await shop(one.slug)).toBeUndefined();
    await call("/products/bulk-status", "staff", { ids: [one.id], status: "published" });
    // Published once: the first date stays (it is what "new in" counts from).
    expect(
      (await read<ProductEdit>(await call(`/products/edit/${one.id}`, "staff"))).data.publishedAt,
    ).toBe(firstPublished);
    for (const body of [
      { ids: [], status: "published" },
      { ids: [one.id], status: "sold" },
      { ids: [one.id] },
    ])
      expect((await call("/products/bulk-status", "staff", body)).status).toBe(422);
    expect(
      (await call("/products/bulk-status", "staff", { ids: [99_999_999], status: "draft" })).status,
    ).toBe(404);
  });

  it("deletes only what no order holds: 409 suggesting archiving, all or nothing", async () => {
    const [line] = await app.database.db
      .select({ productId: orderLines.productId, variantId: orderLines.variantId })
      .from(orderLines)
      .limit(1);
    const [ordered] = await app.database.db
      .select({ title: products.title })
      .from(products)
      .where(eq(products.id, line?.productId as number));
    const free = await create({
      title: "Short-lived Tee",
      variants: [
        { price: 1000, attributeIds: [sizes.s] },
        { price: 1200, attributeIds: [sizes.m] },
      ],
    });

    const refused = await call("/products/destroy", "admin", { ids: [free.id, line?.productId] });
    expect(refused.status).toBe(409);
    expect((await read(refused)).message).toMatch(
      new RegExp(`^${ordered?.title} is in \\d+ orders?: archive it instead`),
    );
    expect((await call(`/products/edit/${free.id}`, "staff")).status).toBe(200);

    const variantRefused = await call("/product-variants/destroy", "admin", {
      id: line?.variantId,
    });
    expect(variantRefused.status).toBe(409);
    expect((await read(variantRefused)).message).toMatch(
      /is in \d+ orders?: set its stock to 0 instead/,
    );

    // A variant nobody ordered goes; the product's summaries follow.
    const second = free.variants[1] as ProductEdit["variants"][number];
    expect((await call("/product-variants/destroy", "admin", { id: second.id })).status).toBe(200);
    const [summary] = await app.database.db.select().from(products).where(eq(products.id, free.id));
    expect(summary?.priceTo).toBe(1000);
    expect((await auditOf(app, "product-variants", second.id)).at(-1)).toMatchObject({
      action: "delete",
      actorEmail: DEMO_ACCOUNTS.admin.email,
    });

    // A product on sale keeps its last variant.
    await call("/products/bulk-status", "staff", { ids: [free.id], status: "published" });
    const last = await call("/product-variants/destroy", "admin", { id: free.variants[0]?.id });
    expect(last.status).toBe(409);
    expect((await read(last)).message).toMatch(/needs at least one variant/);

    const deleted = await call("/products/destroy", "admin", { id: free.id });
    expect(deleted.status).toBe(200);
    expect((await call(`/products/edit/${free.id}`, "staff")).status).toBe(404);
    expect(await shop(free.slug)).toBeUndefined();
    expect((await auditOf(app, "products", free.id)).at(-1)).toMatchObject({
      action: "delete",
      after: null,
    });
  });
});
