import { describe, expect, it } from "vitest";
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
});
