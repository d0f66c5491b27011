import { readFile } from "node:fs/promises";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { and, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { attributes, attributeTypes, productVariants } from "../server/catalog/schema.ts";
import { charge, UK_ADDRESS, ukDeliveryOptions } from "../tests/support/checkout.ts";
import { makeBrand, makeProduct } from "../tests/support/factories.ts";
import { gotoLive, staffSession, violations } from "./support/admin.ts";
import { openSession } from "./support/browser.ts";
import { shopUnderTest } from "./support/shop.ts";

const shop = shopUnderTest();

const SLUG = "harbour-lights-tour-tee";
const TITLE = "Harbour Lights Tour Tee";
const HEADER = "slug,title,band,type,status,sku,price,stock,option:Size";
const GOOD = [
  HEADER,
  `${SLUG},${TITLE},static-gulls,t-shirt,published,HLT-TEE-M,22.00,8,M`,
  `${SLUG},,,,,HLT-TEE-L,22.00,6,L`,
].join("\n");
// The same product, one of its rows priced at nothing.
const BAD = [
  HEADER,
  `${SLUG},${TITLE},static-gulls,t-shirt,published,HLT-TEE-M,22.00,8,M`,
  `${SLUG},,,,,HLT-TEE-L,0.00,6,L`,
].join("\n");

const onShop = async (slug: string) => (await shop.app.fetch(`/api/products/${slug}`)).status;

describe("the product import screen in Chromium", () => {
  it("shows a bad row's error before anything is written, then imports a good file", async () => {
    const session = await staffSession(shop);
    const { page } = session;
    await gotoLive(page, "/admin/products/import");
    await page.getByRole("heading", { level: 1, name: "Import products" }).waitFor();
    expect(await page.getByRole("link", { name: "Export CSV" }).getAttribute("href")).toBe(
      "/api/staff/products/export.csv",
    );
    expect(await violations(page)).toEqual([]);

    // A file past the import's 5 MB is stopped before it is sent.
    await page.getByLabel("CSV file").setInputFiles({
      name: "everything.csv",
      mimeType: "text/csv",
      buffer: Buffer.alloc(5 * 1024 * 1024 + 1, "a"),
    });
    await page.getByRole("button", { name: "Check file" }).click();
    await page.getByText("The file is larger than 5 MB: split it into smaller files.").waitFor();

    // A file with one bad row: the check names the row, the column and the reason.
    await page.getByLabel("CSV file").setInputFiles({
      name: "autumn.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(BAD),
    });
    await page.getByRole("button", { name: "Check file" }).click();
    const errors = page.getByRole("table", { name: "Errors by row (the header is row 1)" });
    await errors.waitFor();
    const rows = await errors.getByRole("row").allInnerTexts();
    expect(rows.slice(1).map((row) => row.split("\t").map((cell) => cell.trim()))).toEqual([
      ["3", "price", "Enter a price of at least £0.01."],
    ]);
    await page.getByText("“autumn.csv” has 1 error: nothing was written.").waitFor();
    expect(await onShop(SLUG)).toBe(404);
    // The dry run's summary and its table of errors pass axe too.
    expect(await violations(page)).toEqual([]);

    // Imported as it is, it is refused whole: still nothing on the shop.
    await page.getByRole("button", { name: "Import" }).click();
    await page.getByRole("heading", { name: "Not imported" }).waitFor();
    expect(await onShop(SLUG)).toBe(404);

    // The corrected file goes in, and the shop shows the product.
    await page.getByLabel("CSV file").setInputFiles({
      name: "autumn-fixed.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(GOOD),
    });
    await page.getByRole("button", { name: "Check file" }).click();
    await page.getByText("“autumn-fixed.csv” has no errors.", { exact: false }).waitFor();
    expect(await onShop(SLUG)).toBe(404);
    expect(await violations(page)).toEqual([]);
    await page.getByRole("button", { name: "Import" }).click();
    await page
      .getByText("Imported “autumn-fixed.csv”: 1 product added; 2 variants added.")
      .first()
      .waitFor();
    expect(await onShop(SLUG)).toBe(200);

    const shopper = await openSession(shop.browser, shop.app.url);
    await shopper.page.goto(`/products/${SLUG}`);
    await shopper.page.getByRole("heading", { level: 1, name: TITLE }).waitFor();
    await shopper.expectNoErrors();
    await shopper.close();
    // The refused import's 422 is expected; nothing else may fail.
    await session.expectNoErrors([/status of 422/]);
    await session.close();
  });

  it("names an old export's stale stock with its reason, lists each change old → new, and adds a delivery", async () => {
    const db = shop.app.database.db;
    const [size] = await db
      .select({ id: attributes.id })
      .from(attributes)
      .innerJoin(attributeTypes, eq(attributeTypes.id, attributes.attributeTypeId))
      .where(and(eq(attributeTypes.slug, "size"), eq(attributes.slug, "m")));
    const brand = await makeBrand(db);
    const tee = await makeProduct(db, {
      brandId: brand.id,
      title: "Low Tide Tee",
      variants: [{ price: 2500, stock: 20, attributeIds: [size?.id as number] }],
    });
    const poster = await makeProduct(db, {
      brandId: brand.id,
      title: "Low Tide Poster",
      productType: "Poster",
      variants: [{ price: 1200, stock: 40 }],
    });
    // SKUs as the product form writes them.
    await db
      .update(productVariants)
      .set({ sku: sql`upper(${productVariants.sku})` })
      .where(inArray(productVariants.productId, [tee.product.id, poster.product.id]));
    const teeId = tee.variants[0]?.id as number;

    const session = await staffSession(shop);
    const { page } = session;
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoLive(page, "/admin/products/import");
    // The export, as staff download it from the screen.
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export CSV" }).click();
    const exported = parse(await readFile(await (await downloading).path()), {
      bom: true,
    }) as string[][];
    const header = exported[0] as string[];
    const cell = (name: string) => header.indexOf(name);
    const ours = exported.filter((row) =>
      [tee.product.slug, poster.product.slug].includes(row[0] as string),
    );

    // A fan buys a tee after the export.
    const sold = await charge(shop.app, {
      lines: [{ id: teeId, quantity: 1 }],
      email: "low.tide@example.com",
      shippingAddress: UK_ADDRESS,
      deliveryOptionId: (await ukDeliveryOptions(shop.app))[0]?.id,
      payment: { provider: "test", outcome: "success" },
    });
    expect(sold.status).toBe(200);

    // Staff change the poster's title and price in the old file; the tee's row is as exported.
    const edited = ours.map((row) =>
      row[0] === poster.product.slug
        ? row.map((value, index) =>
            index === cell("title")
              ? "Low Tide Poster (A2)"
              : index === cell("price")
                ? "14.00"
                : value,
          )
        : row,
    );
    await page.getByLabel("CSV file").setInputFiles({
      name: "low-tide.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(stringify([header, ...edited])),
    });
    await page.getByRole("button", { name: "Check file" }).click();
    const errors = page.getByRole("table", { name: "Errors by row (the header is row 1)" });
    await errors.waitFor();
    const errorRows = (await errors.getByRole("row").allInnerTexts()).slice(1);
    const teeRow = String(edited.findIndex((row) => row[0] === tee.product.slug) + 2);
    expect(errorRows.map((row) => row.split("\t").map((text) => text.trim()))).toEqual([
      [
        teeRow,
        "stock",
        "The file's stock, 20, was read before a later change to this variant's stock (a sale, return or edit): the shop has 19 now (stock_version 0 in the file, 1 now). Importing 20 would undo that change. Empty the cell to keep 19, use stock_adjustment for a delivery (+5), or export again and change that file.",
      ],
    ]);
    const changes = page.getByRole("table", { name: "Changes by row (the header is row 1)" });
    const posterRow = String(edited.findIndex((row) => row[0] === poster.product.slug) + 2);
    const posterSku = edited.find((row) => row[0] === poster.product.slug)?.[cell("sku")];
    expect(
      (await changes.getByRole("row").allInnerTexts())
        .slice(1)
        .map((row) => row.split("\t").map((text) => text.trim())),
    ).toEqual([
      [`${posterRow}\n${posterSku}`, "title", "Low Tide Poster", "Low Tide Poster (A2)"],
      [`${posterRow}\n${posterSku}`, "price", "12.00", "14.00"],
    ]);
    // Focus moves to the check's verdict, for keyboard and screen-reader users.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      "“low-tide.csv” has 1 error: nothing was written. Correct it and check the file again.",
    );
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: "/tmp/import-stale-1280.png", fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: "/tmp/import-stale-390.png", fullPage: true });
    expect(
      (await db.select().from(productVariants).where(eq(productVariants.id, teeId)))[0],
    ).toMatchObject({
      stockOnHand: 19,
    });

    // The delivery: the tee's stock cell emptied, +5 to add; checked, then imported once.
    const delivery = edited.map((row) =>
      row[0] === tee.product.slug
        ? row.map((value, index) =>
            index === cell("stock") ? "" : index === cell("stock_adjustment") ? "+5" : value,
          )
        : row,
    );
    await page.getByLabel("CSV file").setInputFiles({
      name: "low-tide-delivery.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(stringify([header, ...delivery])),
    });
    await page.getByRole("button", { name: "Check file" }).click();
    await page.getByText("“low-tide-delivery.csv” has no errors.", { exact: false }).waitFor();
    expect(
      (await changes.getByRole("row").allInnerTexts())
        .slice(1)
        .map((row) => row.split("\t").map((text) => text.trim())),
    ).toEqual([
      [
        `${teeRow}\n${edited.find((row) => row[0] === tee.product.slug)?.[cell("sku")]}`,
        "stock",
        "19",
        "24\n+5 when imported",
      ],
      [`${posterRow}\n${posterSku}`, "title", "Low Tide Poster", "Low Tide Poster (A2)"],
      [`${posterRow}\n${posterSku}`, "price", "12.00", "14.00"],
    ]);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: "/tmp/import-changes-390.png", fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: "/tmp/import-changes-1280.png", fullPage: true });
    await page.getByRole("button", { name: "Import" }).click();
    await page
      .getByText("Imported “low-tide-delivery.csv”: 1 product changed; 2 variants changed.")
      .first()
      .waitFor();
    const stock = await db
      .select({ stock: productVariants.stockOnHand, version: productVariants.stockVersion })
      .from(productVariants)
      .where(eq(productVariants.id, teeId));
    expect(stock).toEqual([{ stock: 24, version: 2 }]);
    await session.expectNoErrors();
    await session.close();
  });
});
