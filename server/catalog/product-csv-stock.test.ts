import { randomUUID } from "node:crypto";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { and, eq, inArray, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChargeResult } from "../../common/checkout.ts";
import type { ProductImportSummary } from "../../common/product-csv.ts";
import { startTestApp, type TestApp } from "../../tests/support/app.ts";
import { charge, UK_ADDRESS, ukDeliveryOptions } from "../../tests/support/checkout.ts";
import { type DatabaseKind, databaseKinds } from "../../tests/support/databases.ts";
import { eventually } from "../../tests/support/eventually.ts";
import { makeBrand, makeProduct } from "../../tests/support/factories.ts";
import {
  auditOf,
  read,
  signInEveryone,
  staffCaller,
  type Who,
} from "../../tests/support/staff-api.ts";
import { orderLines } from "../orders/schema.ts";
import { attributes, attributeTypes, productVariants } from "./schema.ts";

// docs/security.md #26: an import never sets stock from a count read before a later movement,
// the dry run lists every change old → new, and a delivery's adjustment is added once.

/** A product export as rows of cells, the header first. */
type Sheet = string[][];

/** A tee of the test's own in sizes S, M and L, 20 of each at £25.00, and what the shop knows. */
async function makeTee(app: TestApp) {
  const db = app.database.db;
  const sizes = await db
    .select({ id: attributes.id, slug: attributes.slug })
    .from(attributes)
    .innerJoin(attributeTypes, eq(attributeTypes.id, attributes.attributeTypeId))
    .where(and(eq(attributeTypes.slug, "size"), inArray(attributes.slug, ["s", "m", "l"])));
  const size = (slug: string) => sizes.find((each) => each.slug === slug)?.id as number;
  const brand = await makeBrand(db);
  const made = await makeProduct(db, {
    brandId: brand.id,
    variants: ["s", "m", "l"].map((slug) => ({
      price: 2500,
      stock: 20,
      attributeIds: [size(slug)],
    })),
  });
  // SKUs as the product form writes them (upper case), which the import finds variants by.
  await db
    .update(productVariants)
    .set({ sku: sql`upper(${productVariants.sku})` })
    .where(eq(productVariants.productId, made.product.id));
  const variants = await db
    .select({ id: productVariants.id, sku: productVariants.sku })
    .from(productVariants)
    .where(eq(productVariants.productId, made.product.id))
    .orderBy(productVariants.position, productVariants.id);
  const [s, m, l] = variants as [(typeof variants)[0], (typeof variants)[0], (typeof variants)[0]];
  return { slug: made.product.slug, productId: made.product.id, s, m, l };
}

function stockTests(kind: DatabaseKind) {
  let app: TestApp;
  let headers: Awaited<ReturnType<typeof signInEveryone>>;
  let call: (path: string, who: Who, body?: unknown) => Promise<Response>;
  let delivery: number;

  beforeAll(async () => {
    app = await startTestApp(kind);
    headers = await signInEveryone(app);
    call = staffCaller(app, headers);
    delivery = (await ukDeliveryOptions(app))[0]?.id ?? 0;
  });
  afterAll(() => app.close());

  const exported = async (): Promise<Sheet> => {
    const response = await app.fetch("/api/staff/products/export.csv", {
      headers: headers.staff,
    });
    expect(response.status).toBe(200);
    return parse(await response.text(), { bom: true }) as Sheet;
  };
  /** The header and one product's rows of an export. */
  const only = (sheet: Sheet, slug: string): Sheet => [
    sheet[0] as string[],
    ...sheet.slice(1).filter((row) => row[0] === slug),
  ];
  const at = (sheet: Sheet, column: string) => (sheet[0] as string[]).indexOf(column);
  /** The sheet with `column` of the row of `sku` set to `value`. */
  const withCell = (sheet: Sheet, sku: string, column: string, value: string): Sheet =>
    sheet.map((row, index) =>
      index > 0 && row[at(sheet, "sku")] === sku
        ? row.map((cell, place) => (place === at(sheet, column) ? value : cell))
        : row,
    );
  /** The CSV row number (the header is row 1) of `sku` in the sheet. */
  const rowOf = (sheet: Sheet, sku: string) =>
    sheet.findIndex((row) => row[at(sheet, "sku")] === sku) + 1;

  const importCsv = (sheet: Sheet, dryRun: boolean, confirm?: string) => {
    const form = new FormData();
    form.append("file", new Blob([stringify(sheet)], { type: "text/csv" }), "products.csv");
    form.append("dryRun", String(dryRun));
    if (confirm !== undefined) form.append("confirm", confirm);
    return app.fetch("/api/staff/products/import", {
      method: "POST",
      headers: headers.staff,
      body: form,
    });
  };
  const summaryOf = async (response: Response) => {
    expect(response.status, await response.clone().text()).toBe(200);
    return (await read<ProductImportSummary>(response)).data;
  };

  /** A real checkout of `quantity` of each variant, paid: the units leave stock. */
  const sell = async (variantIds: number[], quantity = 1) => {
    const response = await charge(app, {
      lines: variantIds.map((id) => ({ id, quantity })),
      email: "fan@example.com",
      shippingAddress: UK_ADDRESS,
      deliveryOptionId: delivery,
      payment: { provider: "test", outcome: "success" },
    });
    expect(response.status, await response.clone().text()).toBe(200);
    expect((await read<ChargeResult>(response)).data.status).toBe("paid");
  };
  /** Each variant's stock and stock version, as SQL has them. */
  const stockRows = async (ids: number[]) =>
    new Map(
      (
        await app.database.db
          .select({
            id: productVariants.id,
            stock: productVariants.stockOnHand,
            version: productVariants.stockVersion,
          })
          .from(productVariants)
          .where(inArray(productVariants.id, ids))
      ).map(({ id, ...row }) => [id, row]),
    );

  it("refuses an old export's stock after a sale, naming the row and both counts, and writes nothing", async () => {
    const tee = await makeTee(app);
    // The whole catalogue, as staff would download it.
    const old = await exported();
    // 2 units sold after the export: one S, one M, through a real checkout.
    await sell([tee.s.id, tee.m.id]);
    expect(await stockRows([tee.s.id, tee.m.id, tee.l.id])).toEqual(
      new Map([
        [tee.s.id, { stock: 19, version: 1 }],
        [tee.m.id, { stock: 19, version: 1 }],
        [tee.l.id, { stock: 20, version: 0 }],
      ]),
    );

    // The old file, unchanged: its stock for S and M would put the sold units back on sale.
    const stale = (sku: string) => ({
      row: rowOf(old, sku),
      field: "stock",
      message:
        "The file's stock, 20, was read before a later change to this variant's stock (a sale, return or edit): the shop has 19 now (stock_version 0 in the file, 1 now). Importing 20 would undo that change. Empty the cell to keep 19, use stock_adjustment for a delivery (+5), or export again and change that file.",
    });
    const dry = await summaryOf(await importCsv(old, true));
    expect(dry.errors).toEqual([stale(tee.s.sku), stale(tee.m.sku)]);
    // Nothing else in the catalogue changes, so nothing is listed, and there is nothing to confirm.
    expect(dry.changes).toEqual([]);
    expect(dry.confirmation).toBeNull();

    const real = await importCsv(old, false);
    expect(real.status).toBe(422);
    expect((await read(real)).errors).toEqual({
      [`rows.${rowOf(old, tee.s.sku)}.stock`]: [stale(tee.s.sku).message],
      [`rows.${rowOf(old, tee.m.sku)}.stock`]: [stale(tee.m.sku).message],
    });
    expect(await stockRows([tee.s.id, tee.m.id, tee.l.id])).toEqual(
      new Map([
        [tee.s.id, { stock: 19, version: 1 }],
        [tee.m.id, { stock: 19, version: 1 }],
        [tee.l.id, { stock: 20, version: 0 }],
      ]),
    );
  });

  it("does not refuse a row of an old export that leaves stock alone: its other changes go in", async () => {
    const tee = await makeTee(app);
    const old = only(await exported(), tee.slug);
    await sell([tee.s.id, tee.m.id]);
    // S: a new price, stock emptied. M: a new price, stock as the shop has it now (19), with
    // the old stock_version. L: untouched since the export, a new count with its version.
    let file = withCell(old, tee.s.sku, "stock", "");
    file = withCell(file, tee.s.sku, "price", "22.00");
    file = withCell(file, tee.m.sku, "stock", "19");
    file = withCell(file, tee.m.sku, "price", "23.00");
    file = withCell(file, tee.l.sku, "stock", "30");
    const dry = await summaryOf(await importCsv(file, true));
    expect(dry.errors).toEqual([]);
    expect(dry.variants).toEqual({ create: 0, update: 3, unchanged: 0 });
    await summaryOf(await importCsv(file, false));
    const prices = await app.database.db
      .select({ id: productVariants.id, price: productVariants.price })
      .from(productVariants)
      .where(eq(productVariants.productId, tee.productId));
    expect(new Map(prices.map((row) => [row.id, row.price]))).toEqual(
      new Map([
        [tee.s.id, 2200],
        [tee.m.id, 2300],
        [tee.l.id, 2500],
      ]),
    );
    expect(await stockRows([tee.s.id, tee.m.id, tee.l.id])).toEqual(
      new Map([
        [tee.s.id, { stock: 19, version: 1 }],
        [tee.m.id, { stock: 19, version: 1 }],
        [tee.l.id, { stock: 30, version: 1 }],
      ]),
    );
  });

  it("sets no existing variant's stock from a file without stock_version", async () => {
    const tee = await makeTee(app);
    const header = ["slug", "sku", "price", "stock"];
    const file = [
      header,
      [tee.slug, tee.s.sku, "25.00", "35"],
      // As the shop has it: not a change, so not refused.
      [tee.slug, tee.m.sku, "24.00", "20"],
    ];
    const dry = await summaryOf(await importCsv(file, true));
    expect(dry.errors).toEqual([
      {
        row: 2,
        field: "stock",
        message:
          "This file has no stock_version column, so the import cannot tell whether the shop's stock has changed since the file's 35 was read: the shop has 20 now. Empty the cell to keep 20, use stock_adjustment for a delivery (+5), or export again and change that file.",
      },
    ]);
    // The product has an error, so nothing of it is listed; without S's row, M's price goes in.
    expect(dry.changes).toEqual([]);
    const priceOnly = await summaryOf(await importCsv([header, file[2] as string[]], true));
    expect(priceOnly.errors).toEqual([]);
    expect(priceOnly.changes).toEqual([
      {
        row: 2,
        slug: tee.slug,
        sku: tee.m.sku,
        action: "change",
        fields: [{ field: "price", old: "25.00", new: "24.00" }],
      },
    ]);
    // The column there but its cell empty says no more.
    const blank = await summaryOf(
      await importCsv(
        [
          ["slug", "sku", "stock", "stock_version"],
          [tee.slug, tee.s.sku, "35", ""],
        ],
        true,
      ),
    );
    expect(blank.errors.map((error) => [error.row, error.field, error.message])).toEqual([
      [
        2,
        "stock",
        expect.stringMatching(/^stock_version is empty, so the import cannot tell whether/),
      ],
    ]);
    expect((await importCsv(file, false)).status).toBe(422);
    expect((await stockRows([tee.s.id])).get(tee.s.id)).toEqual({ stock: 20, version: 0 });
  });

  it("lists every field each row changes, old → new, and leaves unchanged rows out", async () => {
    const tee = await makeTee(app);
    const old = only(await exported(), tee.slug);
    const title = old[1]?.[at(old, "title")] as string;
    let file = withCell(old, tee.s.sku, "title", `${title} (2026)`);
    file = withCell(file, tee.s.sku, "tags", "tour-2026, organic");
    file = withCell(file, tee.m.sku, "price", "22.50");
    file = withCell(file, tee.m.sku, "compare_at_price", "30.00");
    file = withCell(file, tee.m.sku, "option:Size", "XL");
    file = withCell(file, tee.m.sku, "stock", "26");
    // L stays exactly as exported.
    const dry = await summaryOf(await importCsv(file, true));
    expect(dry.errors).toEqual([]);
    expect(dry.changes).toEqual([
      {
        row: 2,
        slug: tee.slug,
        sku: tee.s.sku,
        action: "change",
        fields: [
          { field: "title", old: title, new: `${title} (2026)` },
          { field: "tags", old: "", new: "tour-2026, organic" },
        ],
      },
      {
        row: 3,
        slug: tee.slug,
        sku: tee.m.sku,
        action: "change",
        fields: [
          { field: "price", old: "25.00", new: "22.50" },
          { field: "compare_at_price", old: "", new: "30.00" },
          { field: "stock", old: "20", new: "26" },
          { field: "option:Size", old: "M", new: "XL" },
        ],
      },
    ]);
    expect(dry.products).toEqual({ create: 0, update: 1, unchanged: 0 });
    expect(dry.variants).toEqual({ create: 0, update: 1, unchanged: 2 });

    // A new variant's row lists what it adds, with nothing before.
    const added = await summaryOf(
      await importCsv(
        [
          ...old,
          old[0]?.map((column) =>
            column === "slug"
              ? tee.slug
              : column === "sku"
                ? `${tee.m.sku}-NEW`
                : column === "price"
                  ? "27.00"
                  : column === "stock"
                    ? "4"
                    : column === "option:Size"
                      ? "S"
                      : column === "option:Colour"
                        ? "Black"
                        : "",
          ) as string[],
        ],
        true,
      ),
    );
    expect(added.changes).toEqual([
      {
        row: 5,
        slug: tee.slug,
        sku: `${tee.m.sku}-NEW`,
        action: "add",
        fields: [
          { field: "price", old: null, new: "27.00" },
          { field: "stock", old: null, new: "4" },
          { field: "option:Size", old: null, new: "S" },
          { field: "option:Colour", old: null, new: "Black" },
        ],
      },
    ]);

    // The import writes what the check listed; the stock's version moves with its stock only.
    await summaryOf(await importCsv(file, false));
    expect(await stockRows([tee.s.id, tee.m.id, tee.l.id])).toEqual(
      new Map([
        [tee.s.id, { stock: 20, version: 0 }],
        [tee.m.id, { stock: 26, version: 1 }],
        [tee.l.id, { stock: 20, version: 0 }],
      ]),
    );
    const [variant] = await app.database.db
      .select({ price: productVariants.price, compareAt: productVariants.compareAtPrice })
      .from(productVariants)
      .where(eq(productVariants.id, tee.m.id));
    expect(variant).toEqual({ price: 2250, compareAt: 3000 });
    const entries = await auditOf(app, "product-variants", tee.m.id);
    expect(entries.at(-1)).toMatchObject({
      action: "update",
      before: { stockOnHand: 20, price: 2500 },
      after: { stockOnHand: 26, price: 2250 },
    });
  });

  it("adds a delivery's stock_adjustment once, onto the stock at the moment of the import", async () => {
    const tee = await makeTee(app);
    const old = only(await exported(), tee.slug);
    // +5 for M, its stock cell emptied: a delivery, not a count.
    const file = withCell(
      withCell(old, tee.m.sku, "stock_adjustment", "+5"),
      tee.m.sku,
      "stock",
      "",
    );

    // Without a check first, a real import is refused: sent twice, it would add twice.
    const unchecked = await importCsv(file, false);
    expect(unchecked.status).toBe(422);
    expect((await read(unchecked)).errors).toEqual({
      confirm: [
        `Row ${rowOf(file, tee.m.sku)} adds to stock (stock_adjustment): check the file first, then import it from that check, so that sending it twice cannot add the units twice.`,
      ],
    });

    const dry = await summaryOf(await importCsv(file, true));
    expect(dry.errors).toEqual([]);
    expect(dry.changes).toEqual([
      {
        row: rowOf(file, tee.m.sku),
        slug: tee.slug,
        sku: tee.m.sku,
        action: "change",
        fields: [{ field: "stock", old: "20", new: "25", adjustment: 5 }],
      },
    ]);
    const token = dry.confirmation as string;
    expect(token).toMatch(/^[\w-]{43}$/);

    // A sale between the check and the import: +5 goes onto the 19 left.
    await sell([tee.m.id]);
    const imported = await summaryOf(await importCsv(file, false, token));
    expect(imported).toMatchObject({ errors: [], variants: { update: 1 }, confirmation: null });
    expect((await stockRows([tee.m.id])).get(tee.m.id)).toEqual({ stock: 24, version: 2 });

    // The same check again (a double submit, a retry): refused, nothing added.
    const again = await importCsv(file, false, token);
    expect(again.status).toBe(409);
    expect((await read(again)).errors?.confirm?.[0]).toMatch(
      /^This check was imported already, at \d\d:\d\d: nothing more was written\. To import the file again, check it again\.$/,
    );
    expect((await stockRows([tee.m.id])).get(tee.m.id)).toEqual({ stock: 24, version: 2 });

    // A check confirms only the file checked, and only for the staff member who checked it.
    const other = await summaryOf(await importCsv(file, true));
    const changed = withCell(file, tee.m.sku, "stock_adjustment", "+50");
    const wrongFile = await importCsv(changed, false, other.confirmation as string);
    expect(wrongFile.status).toBe(422);
    expect((await read(wrongFile)).errors?.confirm).toEqual([
      "This file is not the one that was checked: check this file, then import it.",
    ]);
    const form = new FormData();
    form.append("file", new Blob([stringify(file)], { type: "text/csv" }), "products.csv");
    form.append("dryRun", "false");
    form.append("confirm", other.confirmation as string);
    const byAdmin = await app.fetch("/api/staff/products/import", {
      method: "POST",
      headers: headers.admin,
      body: form,
    });
    expect(byAdmin.status).toBe(422);
    expect((await read(byAdmin)).errors?.confirm).toEqual([
      "This check is unknown or more than an hour old: check the file again, then import it.",
    ]);
    expect((await stockRows([tee.m.id])).get(tee.m.id)).toEqual({ stock: 24, version: 2 });
  });

  it("refuses an adjustment below zero, beside a changed count, or for a new variant", async () => {
    const tee = await makeTee(app);
    const old = only(await exported(), tee.slug);
    let file = withCell(
      withCell(old, tee.s.sku, "stock_adjustment", "-21"),
      tee.s.sku,
      "stock",
      "",
    );
    file = withCell(withCell(file, tee.m.sku, "stock_adjustment", "+5"), tee.m.sku, "stock", "30");
    file = withCell(file, tee.l.sku, "stock_adjustment", "five");
    const newRow = (old[0] as string[]).map((column) =>
      column === "slug"
        ? tee.slug
        : column === "sku"
          ? `${tee.s.sku}-KIDS`
          : column === "price"
            ? "12.00"
            : column === "stock_adjustment"
              ? "+3"
              : column === "option:Size"
                ? "XL"
                : "",
    );
    const dry = await summaryOf(await importCsv([...file, newRow], true));
    expect(dry.errors.map((error) => [error.row, error.field, error.message])).toEqual([
      [2, "stock_adjustment", "-21 would take the stock below zero: the shop has 20."],
      [
        3,
        "stock_adjustment",
        "Give either stock (a count: 30) or stock_adjustment (units to add: +5), not both: the shop has 20.",
      ],
      [
        4,
        "stock_adjustment",
        "Enter the units to add as a whole number: +5 for a delivery, -2 to take 2 off.",
      ],
      [5, "stock_adjustment", "A new variant has no stock to adjust: put its units in stock."],
    ]);
    expect(dry.confirmation).toBeNull();
    // -20 takes it to exactly 0 (a minus sign as some spreadsheets write it).
    const down = withCell(
      withCell(old, tee.s.sku, "stock_adjustment", "\u221220"),
      tee.s.sku,
      "stock",
      "",
    );
    const checked = await summaryOf(await importCsv(down, true));
    expect(checked.errors).toEqual([]);
    await summaryOf(await importCsv(down, false, checked.confirmation as string));
    expect((await stockRows([tee.s.id])).get(tee.s.id)).toEqual({ stock: 0, version: 1 });
  });

  it("moves stock_version with every sale, release, return and staff edit of the stock, and only then", async () => {
    const tee = await makeTee(app);
    const version = async () => (await stockRows([tee.l.id])).get(tee.l.id);
    // A paid sale takes stock.
    await sell([tee.l.id], 2);
    expect(await version()).toEqual({ stock: 18, version: 1 });
    // A declined payment reserves, then releases.
    const declined = await charge(app, {
      lines: [{ id: tee.l.id, quantity: 1 }],
      email: "declined@example.com",
      shippingAddress: UK_ADDRESS,
      deliveryOptionId: delivery,
      payment: { provider: "test", outcome: "decline" },
    });
    expect(declined.status).toBe(200);
    expect((await read<ChargeResult>(declined)).data.status).toBe("declined");
    expect(await version()).toEqual({ stock: 18, version: 3 });
    // A refund with the goods back returns them to stock.
    const paid = await charge(app, {
      lines: [{ id: tee.l.id, quantity: 1 }],
      email: "returner@example.com",
      shippingAddress: UK_ADDRESS,
      deliveryOptionId: delivery,
      payment: { provider: "test", outcome: "success" },
    });
    const order = (await read<ChargeResult>(paid)).data;
    expect(await version()).toEqual({ stock: 17, version: 4 });
    const lines = await app.database.db
      .select({ id: orderLines.id })
      .from(orderLines)
      .where(eq(orderLines.orderId, order.orderId));
    const refund = await app.fetch(`/api/staff/orders/refund/${order.orderId}`, {
      method: "POST",
      headers: {
        ...headers.staff,
        "Content-Type": "application/json",
        "Idempotency-Key": randomUUID(),
      },
      body: JSON.stringify({ lines: [{ lineId: lines[0]?.id, quantity: 1 }], restock: true }),
    });
    expect(refund.status, await refund.clone().text()).toBe(200);
    expect(await version()).toEqual({ stock: 18, version: 5 });
    // Staff set the stock on the form; a price edit alone leaves the version.
    const edit = await call("/product-variants/update", "staff", { id: tee.l.id, stockOnHand: 40 });
    expect(edit.status, await edit.clone().text()).toBe(200);
    expect(await version()).toEqual({ stock: 40, version: 6 });
    await call("/product-variants/update", "staff", { id: tee.l.id, price: 2600 });
    await call("/product-variants/update", "staff", { id: tee.l.id, stockOnHand: 40 });
    expect(await version()).toEqual({ stock: 40, version: 6 });
    // And the export writes it beside the stock.
    const sheet = only(await exported(), tee.slug);
    const row = sheet.find((each) => each[at(sheet, "sku")] === tee.l.sku) as string[];
    expect([row[at(sheet, "stock")], row[at(sheet, "stock_version")]]).toEqual(["40", "6"]);
  });
}

describe.each(databaseKinds)("importing stock on %s", (kind) => stockTests(kind));

// Requests released together on PostgreSQL: the results checked in SQL.
describe.each(databaseKinds.filter((kind) => kind === "postgres"))(
  "importing stock, raced, on %s",
  (kind) => {
    let app: TestApp;
    let headers: Awaited<ReturnType<typeof signInEveryone>>;
    beforeAll(async () => {
      app = await startTestApp(kind, { env: { DB_POOL_SIZE: "10" } });
      headers = await signInEveryone(app);
    });
    afterAll(() => app.close());

    const exportOf = async (slug: string): Promise<Sheet> => {
      const response = await app.fetch("/api/staff/products/export.csv", {
        headers: headers.staff,
      });
      const sheet = parse(await response.text(), { bom: true }) as Sheet;
      return [sheet[0] as string[], ...sheet.slice(1).filter((row) => row[0] === slug)];
    };
    const setCell = (sheet: Sheet, sku: string, column: string, value: string): Sheet => {
      const header = sheet[0] as string[];
      return sheet.map((row, index) =>
        index > 0 && row[header.indexOf("sku")] === sku
          ? row.map((cell, place) => (place === header.indexOf(column) ? value : cell))
          : row,
      );
    };
    const importCsv = (sheet: Sheet, dryRun: boolean, confirm?: string) => {
      const form = new FormData();
      form.append("file", new Blob([stringify(sheet)], { type: "text/csv" }), "products.csv");
      form.append("dryRun", String(dryRun));
      if (confirm) form.append("confirm", confirm);
      return app.fetch("/api/staff/products/import", {
        method: "POST",
        headers: headers.staff,
        body: form,
      });
    };
    const query = async (text: string, values: unknown[] = []) => {
      const client = new pg.Client({ connectionString: app.database.url });
      await client.connect();
      try {
        return (await client.query(text, values)).rows;
      } finally {
        await client.end();
      }
    };

    it("adds a delivery once when its check is confirmed by six imports at once", async () => {
      const tee = await makeTee(app);
      const file = setCell(
        setCell(await exportOf(tee.slug), tee.m.sku, "stock_adjustment", "+5"),
        tee.m.sku,
        "stock",
        "",
      );
      const dry = (await read<ProductImportSummary>(await importCsv(file, true))).data;
      expect(dry.errors).toEqual([]);
      const token = dry.confirmation as string;
      const audited = (await auditOf(app, "product-variants", tee.m.id)).length;

      const answers = await Promise.all(
        Array.from({ length: 6 }, () => importCsv(file, false, token)),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
      expect(
        await query("select stock_on_hand, stock_version from product_variants where id = $1", [
          tee.m.id,
        ]),
      ).toEqual([{ stock_on_hand: 25, stock_version: 1 }]);
      expect(
        await query("select stock_total from products where id = $1", [tee.productId]),
      ).toEqual([{ stock_total: 65 }]);
      expect(
        await query(
          "select count(*)::int as used from product_import_checks where used_at is not null and file_hash = encode(sha256($1::bytea), 'hex')",
          [Buffer.from(stringify(file))],
        ),
      ).toEqual([{ used: 1 }]);
      expect((await auditOf(app, "product-variants", tee.m.id)).length).toBe(audited + 1);
    });

    it("catches a sale that lands between the check of a count and its write", async () => {
      const tee = await makeTee(app);
      const file = setCell(await exportOf(tee.slug), tee.l.sku, "stock", "30");
      // A sale holds L's row: its stock and version are changed, not yet committed.
      const sale = new pg.Client({ connectionString: app.database.url });
      await sale.connect();
      await sale.query("begin");
      await sale.query(
        "update product_variants set stock_on_hand = stock_on_hand - 1, stock_version = stock_version + 1 where id = $1",
        [tee.l.id],
      );
      // The import reads version 0 (the sale is not committed), passes its checks, then waits
      // on the row for its guarded write.
      const pending = importCsv(file, false);
      await eventually(
        async () =>
          (
            await query(
              "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
            )
          )[0]?.n,
        1,
      );
      await sale.query("commit");
      await sale.end();
      const refused = await pending;
      expect(refused.status).toBe(422);
      const row = file.findIndex((each) => each.includes(tee.l.sku)) + 1;
      expect((await read(refused)).errors).toEqual({
        [`rows.${row}.stock`]: [
          "The file's stock, 30, was read before a later change to this variant's stock (a sale, return or edit): the shop has 19 now (stock_version 0 in the file, 1 now). Importing 30 would undo that change. Empty the cell to keep 19, use stock_adjustment for a delivery (+5), or export again and change that file.",
        ],
      });
      expect(
        await query("select stock_on_hand, stock_version from product_variants where id = $1", [
          tee.l.id,
        ]),
      ).toEqual([{ stock_on_hand: 19, stock_version: 1 }]);
    });
  },
);
