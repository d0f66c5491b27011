import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { ProductCard, ProductView } from "../common/catalog.ts";
import { productRecommendations } from "../server/catalog/service/recommendations.ts";
import { violations } from "./support/admin.ts";
import { gotoHydrated, openSession } from "./support/browser.ts";
import { shopUnderTest } from "./support/shop.ts";

// Issue 16, "pages that should sell harder": pictures and urgency on the storefront.
const shop = shopUnderTest();
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** Waits until a picture is on screen: loaded and decoded (a broken one fails). */
const pictureShown = (image: Element) => (image as HTMLImageElement).decode();

async function api<T>(path: string): Promise<T> {
  const response = await shop.app.fetch(path);
  return ((await response.json()) as { data: T }).data;
}

async function cards(query: string): Promise<ProductCard[]> {
  const found: ProductCard[] = [];
  for (let page = 1; page <= 3; page++)
    found.push(...(await api<ProductCard[]>(`/api/products?${query}&perPage=100&page=${page}`)));
  return found;
}

/** A demo T-shirt in two or more colours with a buyable variant in the second colour. */
async function tShirtInColours() {
  for (const card of await cards("type=t-shirt&inStock=true")) {
    const product = await api<ProductView>(`/api/products/${card.slug}`);
    const colours = product.attributeTypes.find((type) => type.slug === "colour");
    const sizes = product.attributeTypes.find((type) => type.slug === "size");
    const second = colours?.attributes[1];
    const variant = product.variants.find(
      (entry) => entry.inStock && entry.attributes.some((value) => value.id === second?.id),
    );
    const size = sizes?.attributes.find((value) =>
      variant?.attributes.some((attribute) => attribute.id === value.id),
    );
    if (colours && second && variant && size) return { product, colours, second, variant, size };
  }
  throw new Error("the demo catalogue has no T-shirt in several colours");
}

/** Chooses an option as a shopper does, by its label (the radio itself is visually hidden). */
const choose = (page: Page, type: string, value: string) =>
  page
    .getByRole("group", { name: new RegExp(`^${type}`) })
    .getByText(value, { exact: true })
    .click({ force: true });

const mainImage = (page: Page) => page.locator("main img[fetchpriority='high']").first();
const thumbnails = (page: Page) =>
  page.getByRole("list", { name: "Product images" }).getByRole("button");

describe("product gallery", () => {
  it("shows the default colour's front, back, detail and worn images, server-rendered, and follows the chosen colour by keyboard", async () => {
    const { product, colours, second } = await tShirtInColours();
    const first = colours.attributes[0];
    const imagesOf = (colourId: number | undefined) =>
      product.mediaFiles.filter((file) => file.attributeId === colourId);
    expect(imagesOf(first?.id)).toHaveLength(4);

    // Without scripts: the first colour's four images, each thumbnail saying what it shows.
    const plain = await openSession(shop.browser, shop.app.url, { javaScriptEnabled: false });
    await plain.page.goto(`/products/${product.slug}`);
    expect(await thumbnails(plain.page).count()).toBe(4);
    expect(await mainImage(plain.page).getAttribute("alt")).toBe(imagesOf(first?.id)[0]?.alt);
    expect(await thumbnails(plain.page).nth(1).getAttribute("aria-label")).toMatch(
      /, back, showing the back print$/,
    );
    await plain.close();

    const session = await openSession(shop.browser, shop.app.url);
    const { page } = session;
    await gotoHydrated(page, `/products/${product.slug}`);
    // Keyboard only: to the back print's thumbnail, and Enter.
    await thumbnails(page).nth(1).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => mainImage(page).getAttribute("alt")).toMatch(/back print$/);
    expect(await thumbnails(page).nth(1).getAttribute("aria-pressed")).toBe("true");
    await thumbnails(page).nth(3).focus();
    await page.keyboard.press("Space");
    await expect.poll(() => mainImage(page).getAttribute("alt")).toMatch(/worn by a model$/);

    // Another colour: its own images, and the same view of it.
    await choose(page, "Colour", second.title);
    const secondImages = imagesOf(second.id);
    await expect.poll(() => mainImage(page).getAttribute("src")).toContain(secondImages[3]?.slug);
    expect(await mainImage(page).getAttribute("alt")).toBe(secondImages[3]?.alt);
    expect(await thumbnails(page).count()).toBe(4);
    await session.expectNoErrors();
    await session.close();
  });
});

describe("the chosen variant in the address", () => {
  it("writes the choice into the URL, and a shared link opens with it chosen, server-rendered", async () => {
    const { product, colours, second, variant, size } = await tShirtInColours();
    const sizes = product.attributeTypes.find((type) => type.slug === "size");
    const session = await openSession(shop.browser, shop.app.url);
    const { page } = session;
    await gotoHydrated(page, `/products/${product.slug}?utm_source=test`);
    await choose(page, "Colour", second.title);
    await choose(page, "Size", size.title);
    await expect
      .poll(() => new URL(page.url()).search)
      .toBe(`?utm_source=test&size=${size.slug}&colour=${second.slug}`);
    // Choosing did not reload the page's data.
    await session.expectNoErrors();
    await session.close();

    // The shared link, and the variant's own id, without scripts: chosen on the server.
    for (const query of [`size=${size.slug}&colour=${second.slug}`, `variant=${variant.id}`]) {
      const plain = await openSession(shop.browser, shop.app.url, { javaScriptEnabled: false });
      await plain.page.goto(`/products/${product.slug}?${query}`);
      const checked = plain.page.locator("input[type=radio]:checked");
      // What the link names (a variant names all its options), and a type's only value.
      expect(await checked.evaluateAll((inputs) => inputs.map((input) => input.id))).toEqual(
        product.attributeTypes
          .filter(
            (type) =>
              query.startsWith("variant=") ||
              type.attributes.length === 1 ||
              [sizes?.id, colours.id].includes(type.id),
          )
          .map(
            (type) =>
              `option-${type.id}-${variant.attributes.find((value) => value.typeId === type.id)?.id}`,
          ),
      );
      expect(await mainImage(plain.page).getAttribute("alt")).toContain(`in ${second.title}`);
      await plain.close();
    }
  });
});

describe("the phone's sticky add-to-basket bar", () => {
  it("stands in for the page's button while it is out of sight, and adds the chosen variant", async () => {
    const { product, second, size } = await tShirtInColours();
    const session = await openSession(shop.browser, shop.app.url, { viewport: PHONE });
    const { page } = session;
    await gotoHydrated(page, `/products/${product.slug}?size=${size.slug}&colour=${second.slug}`);
    const bar = page.locator("[data-sticky-add-bar]");
    // On arrival the gallery fills the screen: the bar shows the title, price and button.
    await bar.waitFor();
    expect(await bar.textContent()).toContain(product.title);
    expect(await bar.getByRole("button", { name: "Add to basket" }).isVisible()).toBe(true);
    // With the page's own button in view the bar goes; past it, it comes back.
    await page
      .locator("#add-to-basket")
      .getByRole("button", { name: "Add to basket" })
      .scrollIntoViewIfNeeded();
    await bar.waitFor({ state: "detached" });
    // Scrolled on until the button is 200 px above the screen.
    await page.evaluate(() => {
      const button = document.querySelector("#add-to-basket button[type=submit]");
      window.scrollBy(0, (button?.getBoundingClientRect().bottom ?? 0) + 200);
    });
    await bar.waitFor();
    expect(await bar.textContent()).toContain(`${size.title} / ${second.title}`);
    expect(await violations(page)).toEqual([]);
    const added = page.waitForResponse(
      (response) =>
        response.request().method() === "POST" && response.url().includes("/basket/lines"),
    );
    await bar.getByRole("button", { name: "Add to basket" }).click();
    expect((await added).ok()).toBe(true);
    const drawer = page.getByRole("dialog");
    await drawer.waitFor();
    expect(await drawer.textContent()).toContain(product.title);
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "hidden" });
    // Back at the page's own button, the bar goes again.
    await page
      .locator("#add-to-basket")
      .getByRole("button", { name: "Add to basket" })
      .scrollIntoViewIfNeeded();
    await bar.waitFor({ state: "detached" });
    await session.expectNoErrors();
    await session.close();
  });

  it("takes a shopper who has not chosen yet back to the first option to choose", async () => {
    const { product } = await tShirtInColours();
    const session = await openSession(shop.browser, shop.app.url, { viewport: PHONE });
    const { page } = session;
    await gotoHydrated(page, `/products/${product.slug}`);
    await page.getByRole("heading", { name: "Description" }).scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 400));
    const bar = page.locator("[data-sticky-add-bar]");
    await bar.getByRole("button", { name: "Choose options" }).click();
    const first = product.attributeTypes.find((type) => type.attributes.length > 1);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("name")))
      .toBe(`option-${first?.slug}`);
    await bar.waitFor({ state: "detached" });
    await session.expectNoErrors();
    await session.close();
  });

  it("is not there on a desktop screen", async () => {
    const { product } = await tShirtInColours();
    const session = await openSession(shop.browser, shop.app.url, { viewport: DESKTOP });
    const { page } = session;
    await gotoHydrated(page, `/products/${product.slug}`);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole("heading", { name: "Complete the look" }).waitFor();
    expect(await page.locator("[data-sticky-add-bar]").isVisible()).toBe(false);
    await session.close();
  });
});

describe("under the product", () => {
  it('offers "Complete the look" and "More from" the band, as the catalogue recommends', async () => {
    const { product } = await tShirtInColours();
    const expected = await productRecommendations(shop.app.database.db, product.slug);
    expect(expected?.completeTheLook.length).toBeGreaterThan(0);
    const session = await openSession(shop.browser, shop.app.url);
    const { page } = session;
    await gotoHydrated(page, `/products/${product.slug}`);
    const titlesIn = (list: string) =>
      page.getByRole("list", { name: list }).getByRole("heading").allTextContents();
    expect(await titlesIn("Complete the look")).toEqual(
      expected?.completeTheLook.map((card) => card.title),
    );
    if (expected?.moreFromBand.length)
      expect(await titlesIn(`More from ${product.brand.title}`)).toEqual(
        expected.moreFromBand.map((card) => card.title),
      );
    await session.expectNoErrors();
    await session.close();
  });
});

describe("product cards", () => {
  it("say when only a few are left, and when a pre-order ships", async () => {
    const all = await cards("sort=title");
    const few = all.find((card) => card.stockLeft !== null && !card.preOrder);
    const preOrder = all.find((card) => card.preOrder && card.releaseDate);
    if (!few || !preOrder) throw new Error("the demo catalogue has no low-stock or pre-order card");
    const session = await openSession(shop.browser, shop.app.url);
    const { page } = session;
    for (const [card, text] of [
      [few, `Only ${few.stockLeft} left`],
      [
        preOrder,
        `Pre-order · ships ${new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "Europe/London" }).format(new Date(preOrder.releaseDate ?? ""))}`,
      ],
    ] as const) {
      await page.goto(`/products/band/${card.brand.slug}?perPage=100&sort=title`);
      const article = page.locator("article", {
        has: page.getByRole("heading", { name: card.title, exact: true }),
      });
      expect(await article.first().textContent()).toContain(text);
    }
    await session.close();
  });
});

describe("home page", () => {
  it("leads with the spotlight's artwork and the newest drop, on a phone's first screen too", async () => {
    const [newest] = await api<ProductCard[]>("/api/products?sort=newest&perPage=1");
    for (const viewport of [PHONE, DESKTOP]) {
      const session = await openSession(shop.browser, shop.app.url, { viewport });
      const { page } = session;
      await gotoHydrated(page, "/");
      // The artwork is shown whole: drawn at its own proportions, nothing over it.
      const art = page.locator("main section img").first();
      await art.evaluate(pictureShown);
      const shape = await art.evaluate((image: HTMLImageElement) => ({
        drawn: image.clientWidth / image.clientHeight,
        own: image.naturalWidth / image.naturalHeight,
      }));
      expect(Math.abs(shape.drawn - shape.own)).toBeLessThan(0.02);
      const drop = page.getByRole("region", { name: newest?.title });
      await drop.getByRole("img").evaluate(pictureShown);
      const picture = await drop.getByRole("img").boundingBox();
      expect(picture && picture.y + picture.height).toBeLessThanOrEqual(viewport.height);
      expect(await violations(page)).toEqual([]);
      await session.close();
    }
  });

  it("pictures every collection and leaves no card alone on a row", async () => {
    for (const viewport of [PHONE, { width: 800, height: 900 }, DESKTOP]) {
      const session = await openSession(shop.browser, shop.app.url, { viewport });
      const { page } = session;
      await page.goto("/");
      const cardsIn = page.getByRole("region", { name: "Collections" }).getByRole("listitem");
      const boxes = await cardsIn.evaluateAll((items) =>
        items.map((item) => ({
          top: Math.round(item.getBoundingClientRect().top),
          pictured: item.querySelectorAll("img").length > 0,
        })),
      );
      expect(boxes.length).toBeGreaterThan(0);
      expect(boxes.every((box) => box.pictured)).toBe(true);
      const perRow = new Map<number, number>();
      for (const { top } of boxes) perRow.set(top, (perRow.get(top) ?? 0) + 1);
      const rows = [...perRow.values()];
      expect(new Set(rows).size, `cards per row at ${viewport.width}px: ${rows}`).toBe(1);
      await session.close();
    }
  });
});

describe("band page", () => {
  it("shows the banner's lettering whole on a phone, and does not print its words again (issue 29)", async () => {
    const [band] = await api<Array<{ slug: string; title: string }>>(
      "/api/brands?featured=true&perPage=1",
    );
    const session = await openSession(shop.browser, shop.app.url, { viewport: PHONE });
    const { page } = session;
    await gotoHydrated(page, `/bands/${band?.slug}`);
    const banner = page.locator("main section img").first();
    await banner.evaluate(pictureShown);
    const shape = await banner.evaluate((image: HTMLImageElement) => ({
      drawn: image.clientWidth / image.clientHeight,
      own: image.naturalWidth / image.naturalHeight,
      bottom: image.getBoundingClientRect().bottom,
    }));
    expect(Math.abs(shape.drawn - shape.own)).toBeLessThan(0.02);
    // The lettering names the band: the page's heading is there for screen readers only.
    const heading = await page.getByRole("heading", { level: 1, name: band?.title }).boundingBox();
    expect(heading?.width).toBeLessThanOrEqual(1);
    expect(await violations(page)).toEqual([]);
    await session.close();
    const desktop = await openSession(shop.browser, shop.app.url, { viewport: DESKTOP });
    await gotoHydrated(desktop.page, `/bands/${band?.slug}`);
    expect(await violations(desktop.page)).toEqual([]);
    await desktop.close();
  });
});
