import { describe, expect, it } from "vitest";
import { gotoLive, hydrated, staffSession, violations } from "./support/admin.ts";
import { openSession } from "./support/browser.ts";
import { shopUnderTest } from "./support/shop.ts";

const shop = shopUnderTest();

const BAND = "Harbour Echo";
const PRODUCT = "Harbour Echo Tour Tee";
const SLUG = "harbour-echo-tour-tee";

describe("the products back office in Chromium", () => {
  it("staff add a band and a product, generate 10 variants, publish it, and the shop sells it at the grid's price", async () => {
    const session = await staffSession(shop, "staff");
    const { page } = session;

    // The band, through the bands screen.
    await gotoLive(page, "/admin/bands/new");
    await page.getByLabel("Name").fill(BAND);
    await page.getByRole("button", { name: "Add band" }).click();
    await page.waitForURL(/\/admin\/bands\/\d+$/);

    // The product: a draft with no variants yet, which opens its own page.
    await gotoLive(page, "/admin/products");
    await page.getByRole("link", { name: "Add product" }).click();
    await page.getByRole("heading", { name: "New product" }).waitFor();
    await hydrated(page);
    await page.getByLabel("Title", { exact: true }).fill(PRODUCT);
    await page.getByLabel("Band").selectOption({ label: BAND });
    await page.getByLabel("Product type").selectOption({ label: "T-shirt" });
    await page.getByLabel("Tags").fill("tour-2026");
    await page.getByRole("button", { name: "Add product" }).click();
    await page.waitForURL(/\/admin\/products\/\d+$/);
    await page.getByText(`Added the product “${PRODUCT}”.`).first().waitFor();
    await hydrated(page);

    // Generate 5 sizes × 2 colours at £22.00.
    const panel = page.locator("details", { hasText: "Generate variants from options" });
    const sizes = panel.getByRole("group", { name: "Size", exact: true });
    for (const size of ["S", "M", "L", "XL", "2XL"]) {
      await sizes.locator("label", { hasText: new RegExp(`^${size}$`) }).click();
    }
    const colours = panel.getByRole("group", { name: "Colour" });
    for (const colour of ["Black", "White"]) {
      await colours.locator("label", { hasText: new RegExp(`^${colour}$`) }).click();
    }
    await panel.getByText("10 combinations ticked.").waitFor();
    await panel.getByLabel("Price in pounds", { exact: true }).fill("22.00");
    await panel.getByLabel("Stock each").fill("20");
    await panel.getByRole("button", { name: "Generate variants" }).click();
    await page.getByText("Added 10 variants.").first().waitFor();
    const grid = page.getByRole("table", { name: /Variants/ });
    await grid.getByRole("rowheader", { name: "XL / White", exact: true }).waitFor();
    expect(await grid.getByLabel(/^Price of .+ \/ .+, in pounds$/).count()).toBe(10);
    expect(
      await grid.getByLabel("Price of M / Black, in pounds", { exact: true }).inputValue(),
    ).toBe("22.00");

    // Publish it from its form.
    await page.getByRole("combobox", { name: "Status" }).selectOption("published");
    await page.getByRole("button", { name: "Save product" }).click();
    await page.getByText(`Saved the product “${PRODUCT}”.`).first().waitFor();
    await page.getByRole("link", { name: /View on the shop/ }).waitFor();

    const shopper = await openSession(shop.browser, shop.app.url);
    await shopper.page.goto(`/products/${SLUG}`);
    await shopper.page.getByRole("heading", { level: 1, name: PRODUCT }).waitFor();
    await shopper.page.getByText("£22.00").first().waitFor();

    // A new price in the grid is the shop's price at once.
    await hydrated(page);
    await page.getByLabel("Price of M / Black, in pounds", { exact: true }).fill("19.50");
    await page.getByText("Unsaved changes").waitFor();
    await page.getByRole("button", { name: "Save product" }).click();
    await page.getByText(`Saved the product “${PRODUCT}”.`).first().waitFor();
    await page.waitForFunction(
      () =>
        (
          document.querySelector(
            'input[aria-label="Price of M / Black, in pounds"]',
          ) as HTMLInputElement | null
        )?.value === "19.50",
    );
    await shopper.page.goto(`/products/${SLUG}`);
    await shopper.page.getByText("£19.50").first().waitFor();

    // And the list shows the range, published.
    await gotoLive(page, `/admin/products?q=${encodeURIComponent("harbour echo")}`);
    const row = page.getByRole("row", { name: new RegExp(PRODUCT) });
    await row.getByText("Published").waitFor();
    await row.getByText("£19.50 – £22.00").waitFor();
    await shopper.expectNoErrors();
    await shopper.close();
    await session.expectNoErrors();
    await session.close();
  });

  it("moves gallery pictures with the keyboard, refuses a price of 0 beside its row, and keeps the typing", async () => {
    const session = await staffSession(shop, "admin");
    const { page } = session;
    await gotoLive(page, "/admin/products/1");
    const gallery = page.getByRole("list", { name: "Gallery, in order" });
    // Each row's name, as its "Move … up" button says it.
    const titles = async () =>
      (
        await gallery
          .getByRole("button", { name: /^Move .+ up$/ })
          .evaluateAll((buttons) => buttons.map((button) => button.getAttribute("aria-label")))
      ).map((label) => label?.replace(/^Move (.+) up$/, "$1"));
    const before = await titles();
    expect(before.length).toBeGreaterThan(1);
    await gallery.getByRole("button", { name: `Move ${before[1]} up` }).focus();
    await page.keyboard.press("Enter");
    expect(await titles()).toEqual([before[1], before[0], ...before.slice(2)]);
    await page.getByText("Unsaved changes").waitFor();

    const price = page.getByLabel(/^Price of .+, in pounds$/).first();
    await price.fill("0");
    await page.getByRole("button", { name: "Save product" }).click();
    await page.getByText("Enter a price of at least £0.01.").waitFor();
    expect(await price.getAttribute("aria-invalid")).toBe("true");
    expect(await price.inputValue()).toBe("0");
    // The moved gallery is still as it was typed, unsaved.
    expect(await titles()).toEqual([before[1], before[0], ...before.slice(2)]);
    await session.expectNoErrors([/status of 422/]);
    await session.close();
  });

  it("an admin deletes a variant from the grid after confirming, and drags a picture into place", async () => {
    const session = await staffSession(shop, "admin");
    const { page } = session;
    await gotoLive(page, `/admin/products?q=${encodeURIComponent("harbour echo")}`);
    await page.getByRole("link", { name: PRODUCT }).click();
    await page.getByRole("heading", { name: PRODUCT }).waitFor();
    await hydrated(page);
    await page.getByRole("button", { name: "Delete XL / White", exact: true }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete XL / White?" });
    await dialog.getByRole("button", { name: "Delete variant" }).click();
    await page
      .getByText(/Deleted the variant XL \/ White \(/)
      .first()
      .waitFor();
    await dialog.waitFor({ state: "detached" });
    const grid = page.getByRole("table", { name: /Variants/ });
    expect(await grid.getByLabel(/^Price of .+ \/ .+, in pounds$/).count()).toBe(9);

    // Dragging a gallery row onto another puts it there (the buttons do the same by keyboard).
    await gotoLive(page, "/admin/products/1");
    const gallery = page.getByRole("list", { name: "Gallery, in order" });
    const rows = gallery.getByRole("listitem");
    const first = await rows
      .nth(0)
      .getByRole("button", { name: /^Move .+ up$/ })
      .getAttribute("aria-label");
    await rows.nth(0).dragTo(rows.nth(1));
    expect(
      await rows
        .nth(1)
        .getByRole("button", { name: /^Move .+ up$/ })
        .getAttribute("aria-label"),
    ).toBe(first);
    await page.getByText("Unsaved changes").waitFor();
    await session.expectNoErrors();
    await session.close();
  });

  it("the products, product form, attributes and collections screens have no axe violations", async () => {
    const session = await staffSession(shop, "admin");
    const { page } = session;
    for (const path of [
      "/admin/products",
      "/admin/products?status=published&stock=low&sort=price&direction=desc",
      "/admin/products/new",
      "/admin/products/1",
      "/admin/attribute-types",
      "/admin/attribute-types/1",
      "/admin/attributes",
      "/admin/attributes?type=2",
      "/admin/attributes/new",
      "/admin/collections",
      "/admin/collections/1",
      "/admin/collections/2",
      "/admin/collections/new",
    ]) {
      await gotoLive(page, path);
      expect(await violations(page), path).toEqual([]);
    }
    // The generate panel open, and the form refused, are checked too.
    await gotoLive(page, "/admin/products/1");
    await page.getByText("Generate variants from options").click();
    expect(await violations(page), "generate panel").toEqual([]);
    await session.expectNoErrors();
    await session.close();
    // Fourteen pages, each loaded and checked whole by axe: on two busy cores, more than a minute.
  }, 150_000);
});
