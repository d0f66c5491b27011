import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { BrandView, ProductFilters } from "../common/catalog.ts";
import { gotoHydrated, openSession } from "./support/browser.ts";
import { shopUnderTest } from "./support/shop.ts";

const shop = shopUnderTest();
const PHONE = { width: 390, height: 844 };

async function api<T>(path: string): Promise<T> {
  const response = await shop.app.fetch(path);
  return ((await response.json()) as { data: T }).data;
}

const firstProduct = (page: Page) =>
  page.getByRole("list", { name: "Products" }).getByRole("link").first();

/** Whether the focused element is `locator`'s element. */
const isFocused = (locator: Locator) =>
  locator.evaluate((element) => element === document.activeElement);

/** Presses Tab until `locator` has focus; how many presses it took (at most `limit`). */
async function tabsTo(page: Page, locator: Locator, limit = 40): Promise<number> {
  for (let presses = 1; presses <= limit; presses++) {
    await page.keyboard.press("Tab");
    if (await isFocused(locator)) return presses;
  }
  return Number.POSITIVE_INFINITY;
}

describe("product listing on a phone (issue 16, defect 2)", () => {
  it("shows the first product on the first screen, a few Tabs away, with a skip to the results", async () => {
    const session = await openSession(shop.browser, shop.app.url, { viewport: PHONE });
    const { page } = session;
    await gotoHydrated(page, "/products");
    await page.getByRole("button", { name: "Filter and sort" }).waitFor();
    const product = firstProduct(page);
    const box = await product.boundingBox();
    expect(box && box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    // The filters wait behind their button: it took 78 Tabs when they were open.
    expect(await tabsTo(page, product)).toBeLessThanOrEqual(15);

    await page.reload();
    await page.getByRole("button", { name: "Filter and sort" }).waitFor();
    const skip = page.getByRole("link", { name: "Skip to results" });
    expect(await tabsTo(page, skip)).toBeLessThan(15);
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    expect(await isFocused(firstProduct(page))).toBe(true);
    await session.expectNoErrors();
    await session.close();
  });

  it("swaps the server's filters for the sheet without building the filter form again (issue 29)", async () => {
    const session = await openSession(shop.browser, shop.app.url, { viewport: PHONE });
    const { page } = session;
    // Counts filter forms put into the page once the server's HTML is parsed: building them
    // again as the hydrated page turns to the sheet was a long task on a phone.
    await page.addInitScript(() => {
      const counted = window as unknown as { filterFormsAdded: number };
      counted.filterFormsAdded = 0;
      const isForm = (node: Node) =>
        node instanceof Element &&
        (node.matches('form[aria-label="Filter products"]') ||
          node.querySelector('form[aria-label="Filter products"]') !== null);
      document.addEventListener("DOMContentLoaded", () => {
        new MutationObserver((records) => {
          for (const record of records)
            counted.filterFormsAdded += [...record.addedNodes].filter(isForm).length;
        }).observe(document.body, { childList: true, subtree: true });
      });
    });
    await gotoHydrated(page, "/products");
    await page.getByRole("button", { name: "Filter and sort" }).waitFor();
    await expect.poll(() => page.getByRole("form", { name: "Filter products" }).count()).toBe(0);
    expect(
      await page.evaluate(
        () => (window as unknown as { filterFormsAdded: number }).filterFormsAdded,
      ),
    ).toBe(0);
    await session.expectNoErrors();
    await session.close();
  });

  it("filters in a sheet: labelled, focus kept inside, a live count, Escape closes and focus returns", async () => {
    const facets = await api<ProductFilters>("/api/product-filters");
    const hoodies = facets.types.find((type) => type.slug === "hoodie");
    if (!hoodies) throw new Error("no hoodies in the demo catalogue");
    const session = await openSession(shop.browser, shop.app.url, { viewport: PHONE });
    const { page } = session;
    await gotoHydrated(page, "/products");
    const trigger = page.getByRole("button", { name: "Filter and sort" });
    await trigger.click();
    const sheet = page.getByRole("dialog", { name: "Filter and sort" });
    await sheet.waitFor();
    const focusInside = () => sheet.evaluate((element) => element.contains(document.activeElement));
    await expect.poll(focusInside).toBe(true);
    // Shift+Tab from the first control wraps to the last rather than leaving the sheet.
    await sheet.getByRole("button", { name: "Close filters" }).focus();
    await page.keyboard.press("Shift+Tab");
    expect(await focusInside()).toBe(true);

    await sheet.getByRole("checkbox", { name: /Hoodie/ }).check();
    await page.waitForURL(/type=hoodie/);
    await sheet.getByRole("button", { name: `Show ${hoodies.count} results` }).waitFor();
    // The form sends only what was chosen: no sort=featured, no empty price.
    expect(new URL(page.url()).search).toBe("?type=hoodie");

    await page.keyboard.press("Escape");
    await sheet.waitFor({ state: "hidden" });
    await expect.poll(() => isFocused(trigger)).toBe(true);
    expect(await trigger.textContent()).toContain("1 chosen");

    await trigger.click();
    await sheet.getByRole("button", { name: `Show ${hoodies.count} results` }).click();
    await sheet.waitFor({ state: "hidden" });
    await page
      .getByRole("list", { name: "Chosen filters" })
      .getByRole("link", { name: "Remove filter: Hoodie" })
      .waitFor();
    await page
      .getByRole("status")
      .filter({ hasText: `${hoodies.count} products` })
      .waitFor();
    await session.expectNoErrors();
    await session.close();
  });

  it("without JavaScript keeps the filters in a closed disclosure, and Apply lands on a clean URL", async () => {
    const session = await openSession(shop.browser, shop.app.url, {
      viewport: PHONE,
      javaScriptEnabled: false,
    });
    const { page } = session;
    await page.goto("/products");
    const filters = page.getByRole("form", { name: "Filter products" });
    expect(await filters.isVisible()).toBe(false);
    const box = await firstProduct(page).boundingBox();
    expect(box && box.y + box.height).toBeLessThanOrEqual(PHONE.height);

    await page.getByText("Filter and sort", { exact: true }).click();
    await filters.waitFor();
    await filters.getByRole("checkbox", { name: /Hoodie/ }).check();
    await filters.getByRole("button", { name: "Apply filters" }).click();
    // The browser sends sort=featured&price= too; the server redirects to the clean form.
    await page.waitForURL((url) => url.search === "?type=hoodie");
    await session.close();
  });
});

describe("product filters (issue 16, defect 6)", () => {
  it("keeps a chosen option that matches nothing, disables empty ones, and removes filters by chip", async () => {
    const facets = await api<ProductFilters>("/api/product-filters");
    const xl = facets.attributeTypes
      .find((type) => type.slug === "size")
      ?.attributes.find((value) => value.title === "XL");
    if (!xl) throw new Error("no size XL in the demo catalogue");
    const session = await openSession(shop.browser, shop.app.url);
    const { page } = session;
    // A shared link, or a price or stock choice, can leave a chosen option with nothing to match.
    await gotoHydrated(page, `/products?type=poster&attributes=${xl.id}`);
    const filters = page.getByRole("form", { name: "Filter products" });
    const sizes = filters.getByRole("group", { name: "Size" });
    // Posters come in no size: XL stays, ticked and at 0, so it can be unticked; M cannot be chosen.
    const xlBox = sizes.getByRole("checkbox", { name: /^XL/ });
    await expect.poll(() => sizes.getByRole("checkbox", { name: /^M/ }).isDisabled()).toBe(true);
    expect(await xlBox.isChecked()).toBe(true);
    expect(await xlBox.isDisabled()).toBe(false);
    expect(await sizes.getByText("XL", { exact: true }).locator("..").textContent()).toBe("XL0");

    const chips = page.getByRole("list", { name: "Chosen filters" });
    await chips.getByRole("link", { name: "Remove filter: Poster" }).click();
    await page.waitForURL((url) => url.search === `?attributes=${xl.id}`);
    await expect
      .poll(() => filters.getByRole("checkbox", { name: /Poster/ }).isChecked())
      .toBe(false);
    await sizes.getByText("XL", { exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/products" && url.search === "");
    // The address changes a moment before the page renders the new results.
    await expect.poll(() => chips.count()).toBe(0);
    await session.expectNoErrors();
    await session.close();
  });

  it("names a collection view after the collection and keeps the collection while filtering", async () => {
    const session = await openSession(shop.browser, shop.app.url);
    const { page } = session;
    await gotoHydrated(page, "/products?collection=on-sale");
    const heading = await page.getByRole("heading", { level: 1 }).textContent();
    expect(heading).toBe("On sale");
    expect(await page.title()).toContain("On sale");
    await page.getByLabel("Sort by").selectOption("price-asc");
    await page.waitForURL((url) => url.search === "?collection=on-sale&sort=price-asc");
    await page.getByLabel("Sort by").selectOption("featured");
    await page.waitForURL((url) => url.search === "?collection=on-sale");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("On sale");
    await session.expectNoErrors();
    await session.close();
  });
});

describe("the band index (issue 16, defect 4)", () => {
  it("is a dense A–Z: a screenful or two, every letter in the index, and its links jump to their letter", async () => {
    const brands = await api<BrandView[]>("/api/brands?perPage=100");
    const letterOf = (title: string) =>
      title
        .replace(/^the\s+/i, "")
        .charAt(0)
        .toUpperCase();
    const used = new Set(brands.map((brand) => letterOf(brand.title)));
    const unused = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZ"].find((letter) => !used.has(letter));
    const target = [...used].sort().at(-1);
    if (!unused || !target) throw new Error("the demo bands use every letter, or none");

    for (const viewport of [{ width: 1280, height: 800 }, PHONE]) {
      const session = await openSession(shop.browser, shop.app.url, { viewport });
      const { page } = session;
      await gotoHydrated(page, "/bands");
      const size = await page.evaluate(() => ({
        width: document.documentElement.scrollWidth,
        height: document.documentElement.scrollHeight,
      }));
      // One row per letter made it 6,100 px at 1280.
      expect(size.height).toBeLessThanOrEqual(
        viewport.height * (viewport.width > 1000 ? 2.5 : 3.5),
      );
      expect(size.width).toBe(viewport.width);

      const index = page.getByRole("navigation", { name: "Jump to letter" });
      expect(await index.getByRole("link", { name: unused, exact: true }).count()).toBe(0);
      await index.getByText(`${unused} (no bands)`).waitFor({ state: "attached" });

      const link = index.getByRole("link", { name: target, exact: true });
      await link.focus();
      await page.keyboard.press("Enter");
      await page.waitForURL(`**/bands#letter-${target}`);
      const section = page.locator(`#letter-${target}`);
      const heading = await section.getByRole("heading", { level: 2 }).boundingBox();
      const indexBox = await index.boundingBox();
      // The letter's heading is in view, below the sticky index rather than under it.
      expect(heading && indexBox && heading.y >= indexBox.y + indexBox.height).toBe(true);
      expect(heading && heading.y + heading.height).toBeLessThanOrEqual(viewport.height);
      await page.keyboard.press("Tab");
      expect(await isFocused(section.getByRole("link").first())).toBe(true);
      await session.expectNoErrors();
      await session.close();
    }
  });
});
