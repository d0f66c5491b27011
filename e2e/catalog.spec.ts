import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { ProductCard, ProductView, SearchSuggestions } from "../common/catalog.ts";
import { gotoHydrated, openSession } from "./support/browser.ts";
import { shopUnderTest } from "./support/shop.ts";

const shop = shopUnderTest();

async function api<T>(path: string): Promise<T> {
  const response = await shop.app.fetch(path);
  return ((await response.json()) as { data: T }).data;
}

/** A demo T-shirt with more than one colour, and its full details. */
async function tShirtInColours(): Promise<ProductView> {
  const cards = await api<ProductCard[]>("/api/products?type=t-shirt&inStock=true&perPage=100");
  for (const card of cards) {
    const product = await api<ProductView>(`/api/products/${card.slug}`);
    const colours = product.attributeTypes.find((type) => type.slug === "colour");
    if (colours && colours.attributes.length > 1) return product;
  }
  throw new Error("the demo catalogue has no T-shirt in several colours");
}

const mainImage = (page: Page) => page.locator("main img[fetchpriority='high']").first();

describe("product page (behaviour.md §2)", () => {
  it("picks size and colour, shows the variant's price and stock, and shows that colour's images", async () => {
    const product = await tShirtInColours();
    const session = await openSession(shop.browser, shop.app.url);
    const { page } = session;
    await gotoHydrated(page, `/products/${product.slug}`);
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent())
      .toBe(product.title);
    const addButton = page.getByRole("button", { name: /^(Add to basket|Pre-order)$/ });
    await expect.poll(() => addButton.isDisabled()).toBe(true);

    const colours = product.attributeTypes.find((type) => type.slug === "colour");
    const sizes = product.attributeTypes.find((type) => type.slug === "size");
    // A buyable variant, and the colour it comes in.
    const variant = product.variants.find((entry) => entry.inStock);
    const colour = colours?.attributes.find((value) =>
      variant?.attributes.some((attribute) => attribute.id === value.id),
    );
    const size = sizes?.attributes.find((value) =>
      variant?.attributes.some((attribute) => attribute.id === value.id),
    );
    if (!variant || !colour || !size) throw new Error("no buyable variant");

    await page
      .getByRole("group", { name: /^Colour/ })
      .getByText(colour.title, { exact: true })
      .click({ force: true });
    await page.getByRole("group", { name: /^Size/ }).getByText(size.title, { exact: true }).click();
    for (const type of product.attributeTypes.filter(
      (entry) => entry.slug !== "colour" && entry.slug !== "size",
    )) {
      const chosen = variant.attributes.find((attribute) => attribute.typeId === type.id);
      if (chosen && type.attributes.length > 1) {
        await page
          .getByRole("group", { name: new RegExp(`^${type.title}`) })
          .getByText(chosen.title, { exact: true })
          .click();
      }
    }
    await expect.poll(() => addButton.isDisabled()).toBe(false);
    const price = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" }).format(
      variant.price / 100,
    );
    expect(await page.locator("main").textContent()).toContain(price);
    const stock = variant.stockLeft === null ? "In stock" : `Only ${variant.stockLeft} left`;
    await page
      .getByText(product.billing?.type === "pre_order" ? (product.billingNote ?? "") : stock)
      .first()
      .waitFor();

    const colourImage = product.mediaFiles.find((file) => file.attributeId === colour.id);
    if (colourImage)
      await expect.poll(() => mainImage(page).getAttribute("src")).toContain(colourImage.slug);
    const otherColour = colours?.attributes.find((value) => value.id !== colour.id);
    const otherImage = product.mediaFiles.find((file) => file.attributeId === otherColour?.id);
    if (otherColour && otherImage) {
      await page
        .getByRole("group", { name: /^Colour/ })
        .getByText(otherColour.title, { exact: true })
        .click({ force: true });
      await expect.poll(() => mainImage(page).getAttribute("src")).toContain(otherImage.slug);
    }
    await session.expectNoErrors();
    await session.close();
  });

  it("shows sold-out options as unavailable and lets no one pick them", async () => {
    const session = await openSession(shop.browser, shop.app.url);
    const { page } = session;
    const product = await tShirtInColours();
    await gotoHydrated(page, `/products/${product.slug}`);
    const soldOutLabels = page.locator("label", { hasText: "(sold out)" });
    for (const label of await soldOutLabels.all()) {
      const inputId = await label.getAttribute("for");
      expect(await page.locator(`#${inputId}`).isDisabled()).toBe(true);
    }
    await session.expectNoErrors();
    await session.close();
  });
});

describe("product filters (behaviour.md §2)", () => {
  it("filters by type and size in the URL, counts the results, and clears", async () => {
    const facets = await api<{ types: Array<{ slug: string; title: string; count: number }> }>(
      "/api/product-filters",
    );
    const hoodies = facets.types.find((type) => type.slug === "hoodie");
    if (!hoodies) throw new Error("no hoodies in the demo catalogue");
    const session = await openSession(shop.browser, shop.app.url);
    const { page } = session;
    await gotoHydrated(page, "/products");
    const filters = page.getByRole("form", { name: "Filter products" });
    await filters
      .getByRole("group", { name: "Product type" })
      .getByRole("checkbox", { name: /Hoodie/ })
      .check();
    await page.waitForURL(/type=hoodie/);
    await page
      .getByRole("status")
      .filter({ hasText: `${hoodies.count} products` })
      .waitFor();

    await filters.getByRole("group", { name: "Size" }).getByText("XL", { exact: true }).click();
    await page.waitForURL(/attributes=\d+/);
    const narrowed = await api<ProductCard[]>(
      `/api/products?type=hoodie&attributes=${new URL(page.url()).searchParams.get("attributes")}&perPage=100`,
    );
    await page
      .getByRole("status")
      .filter({ hasText: `${narrowed.length} product` })
      .waitFor();

    await filters.getByRole("link", { name: "Clear all" }).click();
    await page.waitForURL((url) => url.pathname === "/products" && url.search === "");
    await expect
      .poll(() => filters.getByRole("checkbox", { name: /Hoodie/ }).isChecked())
      .toBe(false);
    await session.expectNoErrors();
    await session.close();
  });

  it("sorts by price from the select", async () => {
    const session = await openSession(shop.browser, shop.app.url);
    const { page } = session;
    await gotoHydrated(page, "/products");
    await page.getByLabel("Sort by").selectOption("price-asc");
    await page.waitForURL(/sort=price-asc/);
    const cheapest = await api<ProductCard[]>("/api/products?sort=price-asc&perPage=1");
    await expect
      .poll(() =>
        page.getByRole("list", { name: "Products" }).getByRole("heading").first().textContent(),
      )
      .toBe(cheapest[0]?.title);
    await session.expectNoErrors();
    await session.close();
  });
});

describe("search (behaviour.md §2)", () => {
  it("suggests bands, products and every result as you type; arrow keys and Enter open one", async () => {
    const expected = await api<SearchSuggestions>("/api/search/suggestions?q=gull");
    expect(expected.bands[0]?.slug).toBe("static-gulls");
    const session = await openSession(shop.browser, shop.app.url);
    const { page } = session;
    await gotoHydrated(page, "/");
    const box = page.getByRole("combobox", { name: "Search products and bands" });
    await box.pressSequentially("gull");
    const listbox = page.getByRole("listbox", { name: "Suggestions" });
    await listbox.waitFor();
    // The bands, the products, then "See all".
    await expect
      .poll(() => listbox.getByRole("option").count())
      .toBe(expected.bands.length + expected.products.length + 1);
    await listbox
      .getByRole("group", { name: "Bands" })
      .getByRole("option", { name: /Static Gulls/ })
      .waitFor();
    await listbox
      .getByRole("option", { name: `See all ${expected.total} results for “gull”` })
      .waitFor();
    expect(await box.getAttribute("aria-expanded")).toBe("true");
    // The first option is the band: Enter opens its page.
    await box.press("ArrowDown");
    expect(await box.getAttribute("aria-activedescendant")).toBeTruthy();
    await box.press("Enter");
    await page.waitForURL("**/bands/static-gulls");
    // The new page takes focus (its heading) once rendered: typing before that would be cut off.
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe("H1");
    // Up from the top wraps to "See all", which opens the results page.
    const again = page.getByRole("combobox", { name: "Search products and bands" });
    await again.fill("");
    await again.pressSequentially("gull");
    await listbox.waitFor();
    await expect
      .poll(() => listbox.getByRole("option").count())
      .toBe(expected.bands.length + expected.products.length + 1);
    await again.press("ArrowUp");
    await again.press("Enter");
    await page.waitForURL(/\/products\?q=gull$/);
    await session.expectNoErrors();
    await session.close();
  });

  it("keeps the suggestions open for a fan who leaves the box and comes straight back", async () => {
    const session = await openSession(shop.browser, shop.app.url);
    const { page } = session;
    await gotoHydrated(page, "/");
    const box = page.getByRole("combobox", { name: "Search products and bands" });
    await box.focus();
    // Away and back within the moment the list waits before closing, then typing at once.
    await box.evaluate((input: HTMLInputElement) => {
      input.blur();
      input.focus();
    });
    await box.pressSequentially("gull");
    await expect.poll(() => box.getAttribute("aria-expanded")).toBe("true");
    // Still open once the left box's moment has long passed.
    await page.waitForTimeout(400);
    expect(await box.getAttribute("aria-expanded")).toBe("true");
    await session.expectNoErrors();
    await session.close();
  });

  it("marks a product on sale in the suggestions and says a corrected search", async () => {
    const session = await openSession(shop.browser, shop.app.url);
    const { page } = session;
    await gotoHydrated(page, "/");
    const box = page.getByRole("combobox", { name: "Search products and bands" });
    const onSale = (await api<ProductCard[]>("/api/products?collection=on-sale&perPage=1"))[0];
    if (!onSale) throw new Error("the demo shop has nothing on sale");
    await box.pressSequentially(`${onSale.brand.title} ${onSale.title}`);
    const option = page
      .getByRole("option")
      .filter({ hasText: onSale.title })
      .filter({ hasText: onSale.brand.title })
      .first();
    await option.waitFor();
    expect(await option.textContent()).toMatch(/Sale £\d+\.\d\d\s*was £\d+\.\d\d/);
    await box.fill("");
    await box.pressSequentially("statik gulls");
    await page.getByText("Showing results for “static gulls”").waitFor();
    await session.expectNoErrors();
    await session.close();
  });

  it("shows a results page for the search, and Escape closes the suggestions", async () => {
    const session = await openSession(shop.browser, shop.app.url);
    const { page } = session;
    await gotoHydrated(page, "/");
    const box = page.getByRole("combobox", { name: "Search products and bands" });
    await box.pressSequentially("gull");
    await page.getByRole("listbox", { name: "Suggestions" }).waitFor();
    await box.press("Escape");
    await page.getByRole("listbox", { name: "Suggestions" }).waitFor({ state: "hidden" });
    await box.press("Enter");
    await page.waitForURL(/\/products\?q=gull/);
    await page.getByRole("heading", { name: "Search results" }).waitFor();
    await session.expectNoErrors();
    await session.close();
  });
});
