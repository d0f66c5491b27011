import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import type { ProductCard, ProductView } from "../common/catalog.ts";
import { gotoHydrated, openSession } from "./support/browser.ts";
import { shopUnderTest } from "./support/shop.ts";

const shop = shopUnderTest();
let product: ProductView;

const price = (pence: number) =>
  new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" }).format(pence / 100);

beforeAll(async () => {
  // A demo hoodie with a variant in good stock, so quantities can go up.
  const cards = (
    (await (await shop.app.fetch("/api/products?type=hoodie&inStock=true&perPage=100")).json()) as {
      data: ProductCard[];
    }
  ).data;
  for (const card of cards) {
    const view = (
      (await (await shop.app.fetch(`/api/products/${card.slug}`)).json()) as { data: ProductView }
    ).data;
    if (
      !view.preOrder &&
      view.variants.some((variant) => variant.inStock && variant.stockLeft === null)
    ) {
      product = view;
      break;
    }
  }
  if (!product) throw new Error("no suitable demo hoodie");
});

const variant = () => {
  const found = product.variants.find((entry) => entry.inStock && entry.stockLeft === null);
  if (!found) throw new Error("no variant");
  return found;
};

/** Picks the variant's options on its product page (labels stand for the hidden radios). */
async function chooseVariant(page: Page) {
  for (const attribute of variant().attributes) {
    const type = product.attributeTypes.find((entry) => entry.id === attribute.typeId);
    if (!type || type.attributes.length < 2) continue;
    await page.locator(`label[for="option-${type.id}-${attribute.id}"]`).click();
  }
}

/** Stores a basket of one of the test variant, as a shopper's earlier visit would have. */
async function putOneInBasket(context: BrowserContext) {
  const value = encodeURIComponent(JSON.stringify({ [variant().id]: 1 }));
  await context.addCookies([{ name: "basket", value, url: shop.app.url }]);
}

const drawer = (page: Page) => page.getByRole("dialog", { name: "Your basket" });

describe("basket with JavaScript (behaviour.md §4)", () => {
  it("adds from the product page, stays there, confirms and opens the drawer; Esc closes it", async () => {
    const session = await openSession(shop.browser, shop.app.url);
    const { page } = session;
    await gotoHydrated(page, `/products/${product.slug}`);
    await chooseVariant(page);
    const add = page.getByRole("button", { name: "Add to basket" });
    await add.click();
    await drawer(page).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/products/${product.slug}`);
    await page
      .getByRole("region", { name: "Notifications" })
      .getByText(`${product.title} added to your basket.`)
      .waitFor();
    expect(await drawer(page).getByRole("listitem").count()).toBe(1);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest("dialog") !== null))
      .toBe(true);
    await page.keyboard.press("Escape");
    await drawer(page).waitFor({ state: "hidden" });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toContain("Add to basket");
    expect(await page.getByRole("link", { name: "Basket 1 item" }).count()).toBe(1);
    await session.expectNoErrors();
    await session.close();
  });

  it("fetches the drawer's code on the first add to basket, not with the page, and opens it (issue 17)", async () => {
    const session = await openSession(shop.browser, shop.app.url);
    const { page } = session;
    const drawerChunk = /\/assets\/basket-drawer-[\w-]+\.js$/;
    const fetched: string[] = [];
    page.on("request", (request) => {
      if (drawerChunk.test(new URL(request.url()).pathname)) fetched.push(request.url());
    });
    await gotoHydrated(page, `/products/${product.slug}`);
    expect(fetched).toEqual([]);
    expect(await page.locator("dialog").count()).toBe(0);
    await chooseVariant(page);
    await page.getByRole("button", { name: "Add to basket" }).click();
    await drawer(page).waitFor();
    expect(fetched).toHaveLength(1);
    expect(await drawer(page).getByRole("listitem").count()).toBe(1);
    await session.expectNoErrors();
    await session.close();
  });

  it("opens the drawer from the header with the keyboard, keeps focus inside, and returns it on close", async () => {
    const session = await openSession(shop.browser, shop.app.url);
    const { page, context } = session;
    await putOneInBasket(context);
    const restored = page.waitForResponse((response) =>
      response.url().includes("/api/basket/lines"),
    );
    await gotoHydrated(page, "/");
    const basketLink = page.getByRole("link", { name: /^Basket 1 item/ });
    await restored;
    await basketLink.focus();
    await page.keyboard.press("Enter");
    await drawer(page).waitFor();
    for (let press = 0; press < 12; press++) {
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.closest("dialog") !== null)).toBe(
        true,
      );
    }
    await drawer(page).getByRole("button", { name: "Close basket" }).click();
    await drawer(page).waitFor({ state: "hidden" });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("href")))
      .toBe("/basket");
    await session.expectNoErrors();
    await session.close();
  });

  it("changes the quantity, applies and removes a code, and finds it all again after a reload", async () => {
    const session = await openSession(shop.browser, shop.app.url);
    const { page, context } = session;
    await putOneInBasket(context);
    await gotoHydrated(page, "/basket");
    const summary = page.getByRole("complementary", { name: "Order summary" });
    await page.getByRole("button", { name: `One more ${product.title}` }).click();
    await summary
      .getByText(price(variant().price * 2))
      .first()
      .waitFor();

    await summary.getByLabel("Discount code").fill("nonsense");
    await summary.getByRole("button", { name: "Apply" }).click();
    await summary.getByRole("alert").getByText("This code is not recognised").waitFor();

    await summary.getByLabel("Discount code").fill(" welcome10 ");
    await summary.getByRole("button", { name: "Apply" }).click();
    const off = Math.round((variant().price * 2) / 10);
    await summary.getByText(`−${price(off)}`).waitFor();

    await gotoHydrated(page, "/basket");
    await summary.getByText("Discount (WELCOME10)").waitFor();
    await summary.getByText(price(variant().price * 2 - off)).waitFor();
    expect(
      await page.getByRole("list", { name: "Basket items" }).getByRole("listitem").count(),
    ).toBe(1);

    await summary.getByRole("button", { name: "Remove discount code" }).click();
    await summary.getByText("Discount (WELCOME10)").waitFor({ state: "hidden" });
    await page.getByRole("button", { name: `Remove ${product.title}` }).click();
    await page.getByText("Your basket is empty.").first().waitFor();
    await session.expectNoErrors([/the server responded with a status of 422/]);
    await session.close();
  });

  it("keeps a code removed while the start-up was still asking what it is worth", async () => {
    const session = await openSession(shop.browser, shop.app.url);
    const { page, context } = session;
    await putOneInBasket(context);
    await gotoHydrated(page, "/basket");
    const summary = page.getByRole("complementary", { name: "Order summary" });
    await summary.getByLabel("Discount code").fill("WELCOME10");
    await summary.getByRole("button", { name: "Apply" }).click();
    await summary.getByText("Discount (WELCOME10)").waitFor();

    // The restored code's answer is held back until the shopper has removed the code.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const asked = page.waitForRequest((request) =>
      request.url().endsWith("/discounts/basket/apply"),
    );
    await page.route("**/discounts/basket/apply", async (route) => {
      await held;
      await route.continue();
    });
    await gotoHydrated(page, "/basket");
    await asked;
    await summary.getByRole("button", { name: "Remove discount code" }).click();
    await summary.getByText("Discount (WELCOME10)").waitFor({ state: "hidden" });
    const answered = page.waitForResponse((response) =>
      response.url().endsWith("/discounts/basket/apply"),
    );
    release();
    await answered;
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(await summary.getByText("Discount (WELCOME10)").count()).toBe(0);
    await session.expectNoErrors();
    await session.close();
  });
});

describe("basket layers and the phone checkout bar", () => {
  it("shows the added-to-basket toast inside the open drawer, where its dismiss button works", async () => {
    const session = await openSession(shop.browser, shop.app.url);
    const { page } = session;
    await gotoHydrated(page, `/products/${product.slug}`);
    await chooseVariant(page);
    await page.getByRole("button", { name: "Add to basket" }).click();
    const toast = drawer(page)
      .getByRole("region", { name: "Notifications" })
      .getByRole("status")
      .filter({ hasText: `${product.title} added to your basket.` });
    await toast.waitFor();
    // A real click: it fails if the backdrop or anything else is on top of the button.
    await toast.getByRole("button", { name: "Dismiss notification" }).click();
    await toast.waitFor({ state: "hidden" });
    expect(await drawer(page).isVisible()).toBe(true);
    await session.expectNoErrors();
    await session.close();
  });

  it("keeps the total and Checkout in a bar at the foot of a phone's screen, and only there", async () => {
    const phone = await openSession(shop.browser, shop.app.url, {
      viewport: { width: 390, height: 700 },
    });
    await putOneInBasket(phone.context);
    await gotoHydrated(phone.page, "/basket");
    const bar = phone.page.getByRole("region", { name: "Checkout" });
    await bar.waitFor();
    expect(await bar.textContent()).toContain(price(variant().price));
    const box = await bar.boundingBox();
    expect(box && Math.round(box.y + box.height)).toBe(700);
    await bar.getByRole("link", { name: "Checkout" }).click();
    await phone.page.waitForURL((url) => url.pathname === "/checkout");
    await phone.close();

    const desktop = await openSession(shop.browser, shop.app.url, {
      viewport: { width: 1280, height: 900 },
    });
    await putOneInBasket(desktop.context);
    await gotoHydrated(desktop.page, "/basket");
    expect(await desktop.page.getByRole("region", { name: "Checkout" }).isVisible()).toBe(false);
    await desktop.close();
  });
});

describe("basket without JavaScript (behaviour.md §4)", () => {
  it("adds with a form post that lands on /basket, then changes, discounts and empties it", async () => {
    const session = await openSession(shop.browser, shop.app.url, { javaScriptEnabled: false });
    const { page } = session;
    await page.goto(`/products/${product.slug}`);
    await chooseVariant(page);
    await page.getByRole("button", { name: "Add to basket" }).click();
    await page.waitForURL("**/basket");
    await page.getByText(`${product.title} added to your basket.`).waitFor();
    await page.getByRole("button", { name: `One more ${product.title}` }).click();
    await page.waitForURL("**/basket");
    await page
      .getByRole("complementary", { name: "Order summary" })
      .getByText(price(variant().price * 2))
      .first()
      .waitFor();

    await page.getByLabel("Discount code").fill("FIVEOFF");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.getByText("Code FIVEOFF applied.").waitFor();
    await page.getByText("Discount (FIVEOFF)").waitFor();

    await page
      .getByLabel("Discount code")
      .count()
      .then((count) => expect(count).toBe(0));
    await page.getByRole("button", { name: "Remove discount code" }).click();
    await page.getByText("Discount code removed.").waitFor();
    await page.getByRole("button", { name: "Empty basket" }).click();
    await page.getByText("Your basket is empty.").waitFor();
    await session.expectNoErrors();
    await session.close();
  });
});
