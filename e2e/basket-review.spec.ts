import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { makeBrand, makeProduct } from "../tests/support/factories.ts";
import { gotoHydrated, openSession } from "./support/browser.ts";
import { shopUnderTest } from "./support/shop.ts";

// Issue 29's basket points: toasts stay with their page, focus after a removal, Undo of Empty.
const shop = shopUnderTest();

type Made = Awaited<ReturnType<typeof makeProduct>>;
let tee: Made;
let cap: Made;
let mug: Made;

const idOf = (made: Made) => made.variants[0]?.id ?? 0;

beforeAll(async () => {
  const db = shop.app.database.db;
  const brand = await makeBrand(db, { title: "Review Band" });
  const make = (title: string) =>
    makeProduct(db, { brandId: brand.id, title, variants: [{ price: 1500, stock: 50 }] });
  tee = await make("Review Tee");
  cap = await make("Review Cap");
  mug = await make("Review Mug");
});

async function fillBasket(context: BrowserContext, lines: Record<number, number>) {
  const value = encodeURIComponent(JSON.stringify(lines));
  await context.addCookies([{ name: "basket", value, url: shop.app.url }]);
}

const basketLines = (page: Page) =>
  page.getByRole("list", { name: "Basket items" }).getByRole("listitem");

const focusedText = (page: Page) =>
  page.evaluate(() => ({
    tag: document.activeElement?.tagName,
    text: document.activeElement?.textContent?.trim(),
  }));

describe("toasts stay with the page they are about (issue 29)", () => {
  it("does not carry the added-to-basket toast on to checkout", async () => {
    const session = await openSession(shop.browser, shop.app.url);
    const { page } = session;
    await gotoHydrated(page, `/products/${tee.product.slug}`);
    await page.getByRole("button", { name: "Add to basket" }).click();
    const drawer = page.getByRole("dialog", { name: "Your basket" });
    await drawer.getByText("Review Tee added to your basket.").waitFor();
    await drawer.getByRole("link", { name: "Checkout" }).click();
    await page.waitForURL((url) => url.pathname === "/checkout");
    await page.getByRole("heading", { level: 1, name: "Checkout" }).waitFor();
    expect(await page.getByText("Review Tee added to your basket.").count()).toBe(0);
    await session.close();
  });
});

describe("basket page with JavaScript (issue 29)", () => {
  it("after removing a line, focuses the next line (or the heading once none is left) and says what was removed", async () => {
    const session = await openSession(shop.browser, shop.app.url);
    const { page, context } = session;
    await fillBasket(context, { [idOf(tee)]: 1, [idOf(cap)]: 2, [idOf(mug)]: 1 });
    await gotoHydrated(page, "/basket");
    await expect.poll(() => basketLines(page).count()).toBe(3);
    const status = page.locator("#main").getByRole("status").first();

    // The middle line: its successor takes its place and focus.
    await page.getByRole("button", { name: "Remove Review Cap" }).click();
    await expect.poll(() => basketLines(page).count()).toBe(2);
    await expect.poll(() => focusedText(page)).toEqual({ tag: "A", text: "Review Mug" });
    expect(await status.textContent()).toBe("Review Cap removed from your basket.");

    // The last line, by stepping its quantity down to 0: the one before it is next.
    await page.getByRole("button", { name: "One fewer Review Mug" }).click();
    await expect.poll(() => basketLines(page).count()).toBe(1);
    await expect.poll(() => focusedText(page)).toEqual({ tag: "A", text: "Review Tee" });
    expect(await status.textContent()).toBe("Review Mug removed from your basket.");

    // None left: the page's heading.
    await page.getByRole("button", { name: "Remove Review Tee" }).click();
    await page.getByText("Your basket is empty.").waitFor();
    await expect.poll(() => focusedText(page)).toEqual({ tag: "H1", text: "Your basket" });
    expect(await status.textContent()).toBe("Review Tee removed from your basket.");
    await session.expectNoErrors();
    await session.close();
  });

  it("offers Undo after Empty basket, which brings the lines back with their quantities", async () => {
    const session = await openSession(shop.browser, shop.app.url);
    const { page, context } = session;
    await fillBasket(context, { [idOf(tee)]: 2, [idOf(cap)]: 1 });
    await gotoHydrated(page, "/basket");
    await page.getByRole("button", { name: "Empty basket" }).click();
    await page.getByText("Your basket is empty.").waitFor();
    await page.getByRole("button", { name: "Undo" }).click();
    await expect.poll(() => basketLines(page).count()).toBe(2);
    expect(await page.locator("#main").getByText("3 items", { exact: true }).count()).toBe(1);
    // The header's count and the drawer's store follow.
    await page.getByRole("link", { name: "Basket 3 items" }).waitFor();
    expect(await page.getByRole("button", { name: "Undo" }).count()).toBe(0);
    await session.expectNoErrors();
    await session.close();
  });
});

describe("basket page without JavaScript (issue 29)", () => {
  it("empties and undoes with form posts", async () => {
    const session = await openSession(shop.browser, shop.app.url, { javaScriptEnabled: false });
    const { page, context } = session;
    await fillBasket(context, { [idOf(tee)]: 2, [idOf(mug)]: 1 });
    await page.goto("/basket");
    await page.getByRole("button", { name: "Empty basket" }).click();
    await page.getByText("Your basket has been emptied.").waitFor();
    await page.getByRole("button", { name: "Undo" }).click();
    await page.getByText("Your basket has been restored.").waitFor();
    expect(await basketLines(page).count()).toBe(2);
    expect(await page.locator("#main").getByText("3 items", { exact: true }).count()).toBe(1);
    await session.close();
  });
});
