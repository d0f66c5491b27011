import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { count, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductView } from "../../common/catalog.ts";
import type { ProductEdit } from "../../common/catalog-admin.ts";
import type { ProductImportSummary } from "../../common/product-csv.ts";
import { changesHeard, startTestApp, type TestApp } from "../../tests/support/app.ts";
import { databaseKinds } from "../../tests/support/databases.ts";
import {
  auditCount,
  auditOf,
  read,
  signInEveryone,
  staffCaller,
  type Who,
} from "../../tests/support/staff-api.ts";
import {
  attributes,
  attributeTypes,
  brands,
  products,
  productVariants,
  variantAttributes,
} from "./schema.ts";
import { productCsvStream } from "./service/product-csv-export.ts";

// Issue 14: products out and in as CSV, one row per variant, with a dry run that lists every
// row's errors before anything is written.

const HEADER = [
  "slug",
  "title",
  "band",
  "type",
  "status",
  "tags",
  "vat_rate",
  "release_date",
  "billing_model",
  "seo_title",
  "seo_description",
  "description",
  "sku",
  "price",
  "compare_at_price",
  "stock",
  "stock_version",
  "stock_adjustment",
  "option:Size",
  "option:Colour",
];

/** A product's first row: its own cells, then the variant's. */
const productRow = (
  own: Partial<Record<(typeof HEADER)[number], string>>,
  variant: Partial<Record<(typeof HEADER)[number], string>>,
) => HEADER.map((column) => own[column] ?? variant[column] ?? "");
/** A further variant of the product: the slug, then only the variant's cells. */
const variantRow = (slug: string, variant: Partial<Record<(typeof HEADER)[number], string>>) =>
  HEADER.map((column) => (column === "slug" ? slug : (variant[column] ?? "")));

const csv = (rows: string[][], header = HEADER) => stringify([header, ...rows]);

const NEW_TEE = {
  slug: "csv-tidewater-tee",
  title: "Tidewater Tee",
  band: "static-gulls",
  type: "t-shirt",
  status: "published",
  tags: "tour-2026, csv",
  vat_rate: "20",
  billing_model: "",
  description: "<p>Printed in Leeds.</p>",
};

/** Two products: a tee in two sizes and a poster, all fine. */
const goodRows = () => [
  productRow(NEW_TEE, {
    sku: "CSV-TIDE-M-BLK",
    price: "25.00",
    compare_at_price: "30.00",
    stock: "12",
    "option:Size": "M",
    "option:Colour": "Black",
  }),
  variantRow(NEW_TEE.slug, {
    sku: "CSV-TIDE-L-BLK",
    price: "25",
    stock: "3",
    "option:Size": "l",
    "option:Colour": "black",
  }),
  productRow(
    {
      slug: "csv-tidewater-poster",
      title: "Tidewater Poster",
      band: "static-gulls",
      type: "Poster",
      status: "published",
    },
    { sku: "CSV-TIDE-POSTER", price: "12.50", stock: "40" },
  ),
];

describe.each(databaseKinds)("products as CSV on %s", (kind) => {
  let app: TestApp;
  let headers: Awaited<ReturnType<typeof signInEveryone>>;
  let call: (path: string, who: Who, body?: unknown) => Promise<Response>;

  beforeAll(async () => {
    app = await startTestApp(kind);
    headers = await signInEveryone(app);
    call = staffCaller(app, headers);
  });
  afterAll(() => app.close());

  const exportCsv = (who: Who = "staff") =>
    app.fetch("/api/staff/products/export.csv", { headers: headers[who] });
  const exported = async () => {
    const response = await exportCsv();
    expect(response.status).toBe(200);
    return response.text();
  };
  const importCsv = (
    text: string | Uint8Array,
    dryRun: boolean,
    who: Who = "staff",
    fields: Record<string, string> = {},
  ) => {
    const form = new FormData();
    const bytes = typeof text === "string" ? text : new Uint8Array(text);
    form.append("file", new Blob([bytes], { type: "text/csv" }), "products.csv");
    form.append("dryRun", String(dryRun));
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    return app.fetch("/api/staff/products/import", {
      method: "POST",
      headers: headers[who],
      body: form,
    });
  };
  const summaryOf = async (response: Response) => {
    expect(response.status, await response.clone().text()).toBe(200);
    return (await read<ProductImportSummary>(response)).data;
  };
  const catalogueSize = async () => {
    const db = app.database.db;
    const [[p], [v]] = await Promise.all([
      db.select({ n: count() }).from(products),
      db.select({ n: count() }).from(productVariants),
    ]);
    const [bare] = await db
      .select({ n: count() })
      .from(products)
      .where(
        sql`not exists (select 1 from ${productVariants} pv where pv.product_id = "products"."id")`,
      );
    // One row per variant, and one for each product without variants.
    return { products: p?.n ?? 0, variants: v?.n ?? 0, rows: (v?.n ?? 0) + (bare?.n ?? 0) };
  };
  const shop = async (slug: string) => {
    // The shop's answers are cached until the change notice reaches this process's listener.
    await changesHeard(app);
    const response = await app.fetch(`/api/products/${slug}`);
    return response.status === 200 ? (await read<ProductView>(response)).data : undefined;
  };

  it("lets staff in only: 401 without a token, 403 for a customer", async () => {
    expect((await exportCsv("nobody")).status).toBe(401);
    expect((await exportCsv("customer")).status).toBe(403);
    const file = csv(goodRows());
    expect((await importCsv(file, true, "nobody")).status).toBe(401);
    expect((await importCsv(file, false, "customer")).status).toBe(403);
    expect(await shop(NEW_TEE.slug)).toBeUndefined();
  });

  it("exports one row per variant in the form's columns, prices in pounds, a page at a time", async () => {
    const response = await exportCsv();
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="encore-products-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    // A byte-order mark, so a spreadsheet reads £ and accents as UTF-8.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = parse(Buffer.from(bytes), { bom: true }) as string[][];
    expect(header).toEqual([
      ...HEADER.slice(0, 18),
      "option:Size",
      "option:Colour",
      "option:Fit",
      "option:Format",
      "option:Poster size",
      "option:Kids' size",
    ]);
    const size = await catalogueSize();
    // The demo's 300 products are more than one page (200), and each variant has its row.
    expect(rows).toHaveLength(size.rows);
    expect(new Set(rows.map((row) => row[0])).size).toBe(size.products);

    // A known variant, cell by cell.
    const [variant] = await app.database.db
      .select({
        sku: productVariants.sku,
        price: productVariants.price,
        stock: productVariants.stockOnHand,
        stockVersion: productVariants.stockVersion,
        slug: products.slug,
      })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .limit(1);
    const row = rows.find((each) => each[12] === variant?.sku) as string[];
    expect(row[0]).toBe(variant?.slug);
    expect(row[13]).toBe(((variant?.price ?? 0) / 100).toFixed(2));
    expect(row[15]).toBe(String(variant?.stock));
    expect(row[16]).toBe(String(variant?.stockVersion));
    expect(row[17]).toBe("");
    // The product's own cells are on its first row only.
    const ofProduct = rows.filter((each) => each[0] === variant?.slug);
    expect(ofProduct[0]?.[1]).not.toBe("");
    for (const later of ofProduct.slice(1))
      expect(later.slice(1, 12).every((c) => c === "")).toBe(true);
  });

  it("reads the catalogue a page of products at a time, as the reader takes the file", async () => {
    const size = await catalogueSize();
    const stream = productCsvStream(app.database.db, 100);
    const reader = stream.getReader();
    const chunks: string[] = [];
    const decoder = new TextDecoder();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(decoder.decode(value));
    }
    // The header, then one chunk per 100 products: never the whole catalogue at once.
    expect(chunks).toHaveLength(1 + Math.ceil(size.products / 100));
    const rows = chunks.slice(1).map((chunk) => (parse(chunk) as string[][]).length);
    expect(Math.max(...rows)).toBeLessThan(size.rows);
    expect(rows.reduce((sum, n) => sum + n, 0)).toBe(size.rows);
    // The same file as the route sends (the decoder drops the byte-order mark, as text() does).
    expect(chunks.join("")).toBe(await exported());
  });

  it("takes its own export back with nothing to change", async () => {
    const before = await auditCount(app);
    const file = await exported();
    const dry = await summaryOf(await importCsv(file, true));
    const size = await catalogueSize();
    expect(dry).toEqual({
      dryRun: true,
      rows: size.rows,
      products: { create: 0, update: 0, unchanged: size.products },
      variants: { create: 0, update: 0, unchanged: size.variants },
      errors: [],
      // Nothing changes, so nothing is listed, and there is nothing to confirm.
      changes: [],
      confirmation: null,
    });
    const real = await summaryOf(await importCsv(file, false));
    expect(real).toEqual({ ...dry, dryRun: false });
    expect(await auditCount(app)).toBe(before);
  });

  it("lists exactly the bad row's errors in a dry run, and a real run writes nothing (422)", async () => {
    const beforeSize = await catalogueSize();
    const beforeAudit = await auditCount(app);
    const bad = productRow(
      { ...NEW_TEE, slug: "csv-broken-hoodie", title: "Broken Hoodie", band: "no-such-band" },
      // Price 0, and the tee's SKU again.
      { sku: "csv-tide-m-blk", price: "0.00", stock: "1", "option:Size": "S" },
    );
    const file = csv([...goodRows(), bad]);

    const dry = await summaryOf(await importCsv(file, true));
    expect(dry.errors).toEqual([
      {
        row: 5,
        field: "band",
        message:
          "No band has the slug “no-such-band”: add the band first, or use its slug as in /bands/static-gulls.",
      },
      { row: 5, field: "sku", message: "CSV-TIDE-M-BLK is on row 2 too: a SKU names one variant." },
      { row: 5, field: "price", message: "Enter a price of at least £0.01." },
    ]);
    // The rest of the file is fine: what it would do.
    expect(dry).toMatchObject({
      dryRun: true,
      rows: 4,
      products: { create: 2, update: 0 },
      variants: { create: 3, update: 0 },
    });
    expect(await catalogueSize()).toEqual(beforeSize);
    expect(await auditCount(app)).toBe(beforeAudit);
    expect(await shop(NEW_TEE.slug)).toBeUndefined();

    const real = await importCsv(file, false);
    expect(real.status).toBe(422);
    expect((await read(real)).errors).toEqual({
      "rows.5.band": [
        "No band has the slug “no-such-band”: add the band first, or use its slug as in /bands/static-gulls.",
      ],
      "rows.5.sku": ["CSV-TIDE-M-BLK is on row 2 too: a SKU names one variant."],
      "rows.5.price": ["Enter a price of at least £0.01."],
    });
    expect(await catalogueSize()).toEqual(beforeSize);
    expect(await auditCount(app)).toBe(beforeAudit);
    expect(await shop(NEW_TEE.slug)).toBeUndefined();
  });

  it("names each bad cell: a SKU of another product, a type, a rate, a price, a stock, an option", async () => {
    const [taken] = await app.database.db
      .select({ sku: productVariants.sku, slug: products.slug })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .limit(1);
    const file = csv([
      productRow(
        { ...NEW_TEE, slug: "csv-thief-tee", title: "Thief Tee" },
        { sku: taken?.sku as string, price: "20.00" },
      ),
      productRow(
        {
          ...NEW_TEE,
          slug: "csv-draft-poster",
          title: "Draft",
          type: "spaceship",
          vat_rate: "7.5",
        },
        {
          sku: "CSV-DRAFT",
          price: "abc",
          compare_at_price: "1.00",
          stock: "-2",
          "option:Size": "XXXL",
        },
      ),
    ]);
    const dry = await summaryOf(await importCsv(file, true));
    expect(dry.errors).toEqual([
      {
        row: 2,
        field: "sku",
        message: `${taken?.sku} is a variant of the product “${taken?.slug}”: a variant stays with its product.`,
      },
      {
        row: 3,
        field: "type",
        message:
          "Choose a product type: t-shirt, longsleeve, hoodie, sweatshirt, kids-t-shirt, cap, beanie, tote, poster, vinyl, cd, book, bundle.",
      },
      { row: 3, field: "vat_rate", message: "Enter the VAT rate as a whole percent." },
      { row: 3, field: "price", message: "Enter the price in pounds, like 25.00." },
      { row: 3, field: "stock", message: "Stock cannot be below zero." },
      {
        row: 3,
        field: "option:Size",
        message: "Size has no value “XXXL”: add it to the option first.",
      },
    ]);
    expect(dry.products).toEqual({ create: 0, update: 0, unchanged: 0 });
  });

  it("finds in a dry run what only the product services check, writing nothing", async () => {
    // A new variant with the options a variant of the product has already: the variant service
    // refuses it (the shop could not tell them apart), and the dry run says so on that cell.
    const [variant] = await app.database.db
      .select({ id: productVariants.id, sku: productVariants.sku, slug: products.slug })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(
        sql`(select count(*) from ${variantAttributes} va where va.variant_id = ${productVariants.id}) = 2`,
      )
      .limit(1);
    const options = await app.database.db
      .select({ type: attributeTypes.title, value: attributes.title })
      .from(variantAttributes)
      .innerJoin(attributes, eq(attributes.id, variantAttributes.attributeId))
      .innerJoin(attributeTypes, eq(attributeTypes.id, attributes.attributeTypeId))
      .where(eq(variantAttributes.variantId, variant?.id as number))
      .orderBy(attributeTypes.position);
    const header = ["slug", "sku", "price", ...options.map((option) => `option:${option.type}`)];
    const file = csv(
      [[variant?.slug as string, "CSV-TWIN-1", "9.99", ...options.map((option) => option.value)]],
      header,
    );
    const before = await catalogueSize();
    const dry = await summaryOf(await importCsv(file, true));
    expect(dry.errors).toEqual([
      {
        row: 2,
        field: `option:${options[0]?.type}`,
        message: `Variant ${variant?.sku} has these options already.`,
      },
    ]);
    const real = await importCsv(file, false);
    expect(real.status).toBe(422);
    expect(await catalogueSize()).toEqual(before);
  });

  it("adds products and variants that the shop shows at once, each audited", async () => {
    const beforeAudit = await auditCount(app);
    const summary = await summaryOf(await importCsv(csv(goodRows()), false));
    expect(summary).toEqual({
      dryRun: false,
      rows: 3,
      products: { create: 2, update: 0, unchanged: 0 },
      variants: { create: 3, update: 0, unchanged: 0 },
      errors: [],
      changes: expect.any(Array),
      confirmation: null,
    });
    const tee = await shop(NEW_TEE.slug);
    expect(tee).toMatchObject({ title: "Tidewater Tee" });
    expect(await shop("csv-tidewater-poster")).toMatchObject({ title: "Tidewater Poster" });

    const [row] = await app.database.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.slug, NEW_TEE.slug));
    const edit = (await read<ProductEdit>(await call(`/products/edit/${row?.id}`, "staff"))).data;
    expect(edit).toMatchObject({
      title: "Tidewater Tee",
      type: "t-shirt",
      status: "published",
      tags: ["tour-2026", "csv"],
      vatRate: 20,
      description: "<p>Printed in Leeds.</p>",
    });
    expect(
      edit.variants.map(({ sku, price, compareAtPrice, stockOnHand, title }) => ({
        sku,
        price,
        compareAtPrice,
        stockOnHand,
        title,
      })),
    ).toEqual([
      {
        sku: "CSV-TIDE-M-BLK",
        price: 2500,
        compareAtPrice: 3000,
        stockOnHand: 12,
        title: "M / Black",
      },
      {
        sku: "CSV-TIDE-L-BLK",
        price: 2500,
        compareAtPrice: null,
        stockOnHand: 3,
        title: "L / Black",
      },
    ]);
    // One entry per product and per variant.
    expect(await auditCount(app)).toBe(beforeAudit + 5);
    const [productEntry] = await auditOf(app, "products", edit.id);
    expect(productEntry).toMatchObject({ action: "create", label: "Tidewater Tee" });
    const [variantEntry] = await auditOf(app, "product-variants", edit.variants[0]?.id as number);
    expect(variantEntry).toMatchObject({ action: "create", label: "Tidewater Tee – M / Black" });

    // Again: nothing new to do.
    const again = await summaryOf(await importCsv(csv(goodRows()), true));
    expect(again.products).toEqual({ create: 0, update: 0, unchanged: 2 });
    expect(again.variants).toEqual({ create: 0, update: 0, unchanged: 3 });
  });

  it("imports 1,000 rows at once, every product, variant, option, summary and audit entry right", async () => {
    const count = 500;
    const slugOf = (n: number) => `csv-bulk-tee-${n}`;
    const rows = Array.from({ length: count }, (_, index) => {
      const n = index + 1;
      const own = {
        slug: slugOf(n),
        title: `Bulk Tee ${n}`,
        band: "static-gulls",
        type: n % 2 ? "t-shirt" : "Poster",
        status: n % 3 ? "published" : "draft",
        tags: n % 5 ? "" : "bulk, five",
        description: n === 1 ? "<p>One<script>x()</script></p>" : "",
      };
      return [
        productRow(own, {
          sku: `CSV-BULK-${n}-M`,
          price: `${10 + (n % 7)}.50`,
          compare_at_price: n % 4 ? "" : "40.00",
          stock: String(n % 9),
          "option:Size": "M",
          "option:Colour": "Black",
        }),
        variantRow(own.slug, {
          sku: `CSV-BULK-${n}-L`,
          price: "19.99",
          stock: "5",
          "option:Size": "L",
          "option:Colour": "Black",
        }),
      ];
    }).flat();
    const file = csv(rows);
    const totals = {
      rows: 2 * count,
      products: { create: count, update: 0, unchanged: 0 },
      variants: { create: 2 * count, update: 0, unchanged: 0 },
      errors: [],
    };
    const beforeSize = await catalogueSize();
    const beforeAudit = await auditCount(app);
    const dry = await summaryOf(await importCsv(file, true));
    expect(dry).toEqual({
      dryRun: true,
      ...totals,
      changes: expect.any(Array),
      confirmation: expect.any(String),
    });
    // Every row adds a variant, and the first of each product the product too.
    expect(dry.changes.map((change) => [change.row, change.action])).toEqual(
      Array.from({ length: 2 * count }, (_, index) => [index + 2, "add"]),
    );
    expect(await catalogueSize()).toEqual(beforeSize);
    expect(await auditCount(app)).toBe(beforeAudit);

    expect(await summaryOf(await importCsv(file, false))).toEqual({
      dryRun: false,
      ...totals,
      changes: expect.any(Array),
      confirmation: null,
    });
    expect(await auditCount(app)).toBe(beforeAudit + 3 * count);
    const written = await app.database.db
      .select({
        slug: products.slug,
        title: products.title,
        productType: products.productType,
        status: products.status,
        tags: products.tags,
        description: products.description,
        published: sql<boolean>`${products.publishedAt} is not null`,
        priceFrom: products.priceFrom,
        priceTo: products.priceTo,
        compareAtFrom: products.compareAtFrom,
        stockTotal: products.stockTotal,
        searchable: sql<boolean>`${products.searchDocument} @@ plainto_tsquery('english', 'bulk')`,
        variants: sql<string>`(select string_agg(pv.sku || ':' || pv.price || ':' || coalesce(pv.compare_at_price::text, '-') || ':' || pv.stock_on_hand || ':' || pv.position || ':' || (select count(*) from ${variantAttributes} va where va.variant_id = pv.id), ' ' order by pv.position) from ${productVariants} pv where pv.product_id = "products"."id")`,
      })
      .from(products)
      .where(sql`${products.slug} like 'csv-bulk-tee-%'`);
    expect(written).toHaveLength(count);
    for (const product of written) {
      const n = Number(product.slug.split("-").pop());
      const price = (10 + (n % 7)) * 100 + 50;
      const compareAt = n % 4 ? null : 4000;
      expect(product).toEqual({
        slug: slugOf(n),
        title: `Bulk Tee ${n}`,
        productType: n % 2 ? "T-shirt" : "Poster",
        status: n % 3 ? "published" : "draft",
        tags: n % 5 ? [] : ["bulk", "five"],
        description: n === 1 ? "<p>One</p>" : "",
        published: n % 3 !== 0,
        priceFrom: Math.min(price, 1999),
        priceTo: Math.max(price, 1999),
        compareAtFrom: price < 1999 ? compareAt : null,
        stockTotal: (n % 9) + 5,
        searchable: true,
        variants: `CSV-BULK-${n}-M:${price}:${compareAt ?? "-"}:${n % 9}:0:2 CSV-BULK-${n}-L:1999:-:5:1:2`,
      });
    }

    // The entries say what the product form's own would: the form's fields after the write.
    const [first] = await app.database.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.slug, slugOf(4)));
    const edit = (await read<ProductEdit>(await call(`/products/edit/${first?.id}`, "staff"))).data;
    const [productEntry] = await auditOf(app, "products", edit.id);
    const { id: _id, updatedAt: _updatedAt, variants, ...fields } = edit;
    expect(productEntry).toMatchObject({ action: "create", label: "Bulk Tee 4", after: fields });
    for (const variant of variants) {
      const [entry] = await auditOf(app, "product-variants", variant.id);
      const { id: _variantId, updatedAt: _variantUpdatedAt, ...own } = variant;
      expect(entry).toMatchObject({
        action: "create",
        label: `Bulk Tee 4 – ${variant.title}`,
        after: { ...own, productId: edit.id, productTitle: "Bulk Tee 4" },
      });
    }
    expect(await shop(slugOf(1))).toMatchObject({ title: "Bulk Tee 1" });
  });

  it("changes the shop's products and variants by slug and SKU, leaving columns it lacks", async () => {
    const beforeAudit = await auditCount(app);
    // Only some columns: the rest of each product and variant stays as it is.
    const header = ["slug", "title", "sku", "price", "option:Size"];
    const file = csv(
      [
        [NEW_TEE.slug, "Tidewater Tee (2026)", "CSV-TIDE-M-BLK", "22.00", "M"],
        [NEW_TEE.slug, "", "CSV-TIDE-XL-BLK", "27.50", "XL"],
      ],
      header,
    );
    const dry = await summaryOf(await importCsv(file, true));
    expect(dry).toMatchObject({
      products: { create: 0, update: 1, unchanged: 0 },
      variants: { create: 1, update: 1, unchanged: 0 },
      errors: [],
    });
    expect((await shop(NEW_TEE.slug))?.title).toBe("Tidewater Tee");

    await summaryOf(await importCsv(file, false));
    const tee = await shop(NEW_TEE.slug);
    expect(tee?.title).toBe("Tidewater Tee (2026)");
    const [row] = await app.database.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.slug, NEW_TEE.slug));
    const edit = (await read<ProductEdit>(await call(`/products/edit/${row?.id}`, "staff"))).data;
    expect(edit.description).toBe("<p>Printed in Leeds.</p>");
    expect(
      edit.variants.map(({ sku, price, compareAtPrice, title }) => [
        sku,
        price,
        compareAtPrice,
        title,
      ]),
    ).toEqual([
      // The compare-at price stays: the file has no column for it.
      ["CSV-TIDE-M-BLK", 2200, 3000, "M / Black"],
      ["CSV-TIDE-L-BLK", 2500, null, "L / Black"],
      // A new variant has only the options the file gives.
      ["CSV-TIDE-XL-BLK", 2750, null, "XL"],
    ]);
    // The product's title, one variant changed, one added.
    expect(await auditCount(app)).toBe(beforeAudit + 3);
    const entries = await auditOf(app, "products", edit.id);
    expect(entries.at(-1)).toMatchObject({
      action: "update",
      before: { title: "Tidewater Tee" },
      after: { title: "Tidewater Tee (2026)" },
    });
  });

  it("writes formula-like cells with an apostrophe, and reads them back without it", async () => {
    const title = '=HYPERLINK("https://evil.example","Click")';
    const created = await call("/products/store", "staff", {
      title,
      slug: "csv-formula-tee",
      brandId: (
        await app.database.db
          .select({ id: brands.id })
          .from(brands)
          .where(eq(brands.slug, "static-gulls"))
      )[0]?.id,
      type: "t-shirt",
      seoTitle: "+44 tee",
      seoDescription: "@everyone",
      description: "-1 sold",
      variants: [{ sku: "CSV-FORMULA", price: 1500 }],
    });
    expect(created.status).toBe(201);
    const rows = parse(await exported(), { bom: true }) as string[][];
    const row = rows.find((each) => each[0] === "csv-formula-tee") as string[];
    expect(row[1]).toBe(`'${title}`);
    expect(row[9]).toBe("'+44 tee");
    expect(row[10]).toBe("'@everyone");
    expect(row[11]).toBe("'-1 sold");
    // Nothing a spreadsheet would run is left anywhere in the file.
    for (const each of rows) for (const cell of each) expect(cell).not.toMatch(/^[=+\-@\t\r]/);

    const dry = await summaryOf(await importCsv(stringify([rows[0] as string[], row]), true));
    expect(dry).toMatchObject({
      products: { create: 0, update: 0, unchanged: 1 },
      variants: { create: 0, update: 0, unchanged: 1 },
      errors: [],
    });
  });

  it("refuses whole files it cannot take: too large, too many rows, unknown columns, not CSV", async () => {
    const beforeSize = await catalogueSize();
    const refusedFile = async (response: Response) => {
      expect(response.status).toBe(422);
      return (await read(response)).errors?.file?.[0];
    };
    const big = new Uint8Array(5 * 1024 * 1024 + 1).fill(0x61);
    expect(await refusedFile(await importCsv(big, true))).toBe(
      "The file is larger than 5 MB: split it into smaller files.",
    );
    // Far past the limit: refused before the body is read.
    expect((await importCsv(new Uint8Array(6 * 1024 * 1024), true)).status).toBe(413);

    const many = csv(
      Array.from({ length: 5001 }, (_, index) =>
        productRow(
          { ...NEW_TEE, slug: `csv-many-${index}` },
          { sku: `CSV-MANY-${index}`, price: "1" },
        ),
      ),
    );
    expect(await refusedFile(await importCsv(many, true))).toBe(
      "The file has 5,001 rows; at most 5,000 at a time. Split it into smaller files.",
    );

    const unknown = csv(
      [["csv-x", "X", "1.00", "Red"]],
      ["slug", "titel", "price", "option:Shade"],
    );
    expect(await refusedFile(await importCsv(unknown, false))).toMatch(
      /^Row 1 \(the header\): unknown column “titel”; there is no option called “Shade” \(column “option:Shade”\): the options are Size, Colour, Fit, Format, Poster size, Kids' size; the file needs a “sku” column\. The columns are slug, title, band/,
    );
    expect(await refusedFile(await importCsv('slug,sku\n"csv-x,X\n', true))).toMatch(
      /^The file is not a CSV file that can be read \(row 2\): Quote Not Closed/,
    );
    expect(await refusedFile(await importCsv(new Uint8Array([0x73, 0x6c, 0xff, 0xfe]), true))).toBe(
      "The file is not UTF-8 text: save it from the spreadsheet as “CSV UTF-8”.",
    );
    expect(await refusedFile(await importCsv("slug,sku\n", true))).toBe(
      "The file has no rows under its header.",
    );
    // The form's own fields are checked as every multipart route's are.
    const noDryRun = await importCsv(csv(goodRows()), true, "staff", { dryRun: "maybe" });
    expect(noDryRun.status).toBe(422);
    expect((await read(noDryRun)).errors?.dryRun).toEqual([
      "Send dryRun true to check the file, or false to import it.",
    ]);
    expect(await catalogueSize()).toEqual(beforeSize);
    const names = await app.database.db
      .select({ slug: products.slug })
      .from(products)
      .where(inArray(products.slug, ["csv-x", "csv-many-0"]));
    expect(names).toEqual([]);
  });
});
