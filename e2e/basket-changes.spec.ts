import { eq } from "drizzle-orm";
import type { Page, Request } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { ONE_MEMBERSHIP } from "../common/billing-notes.ts";
import { billingModels } from "../server/billing/schema.ts";
import { products } from "../server/catalog/schema.ts";
import { makeBrand, makeProduct } from "../tests/support/factories.ts";
import { gotoHydrated, openSession } from "./support/browser.ts";
import { shopUnderTest } from "./support/shop.ts";

const shop = shopUnderTest();

type Made = Awaited<ReturnType<typeof makeProduct>>;
let tee: Made;
let monthly: Made;
let yearly: Made;

const idOf = (made: Made) => made.variants[0]?.id ?? 0;

beforeAll(async () => {
  const db = shop.app.database.db;
  const brand = await makeBrand(db, { title: "Changes Band" });
  tee = await makeProduct(db, {
    brandId: brand.id,
    title: "Changes Tee",
    variants: [{ price: 2000, stock: 50 }],
  });
  // The demo's two fan-club models, each on a product of its own (decision 0016).
  const onModel = async (title: string, model: string) => {
    const made = await makeProduct(db, {
      brandId: brand.id,
      title,
      variants: [{ price: 3000, stock: 50 }],
    });
    const [row] = await db.select().from(billingModels).where(eq(billingModels.title, model));
    await db
      .update(products)
      .set({ billingModelId: row?.id })
      .where(eq(products.id, made.product.id));
    return made;
  };
  monthly = await onModel("Changes Fan Club Monthly", "Fan club (monthly)");
  yearly = await onModel("Changes Fan Club Yearly", "Fan club (yearly)");
});

/** The cookie a shopper's earlier visit left: `lines` as variant id → quantity. */
function basketCookie(lines: Record<number, number>, code?: string) {
  const cookies = [
    { name: "basket", value: encodeURIComponent(JSON.stringify(lines)), url: shop.app.url },
  ];
  if (code) cookies.push({ name: "discount_code", value: code, url: shop.app.url });
  return cookies;
}

const storedBasket = async (page: Page) => {
  const cookie = (await page.context().cookies()).find((entry) => entry.name === "basket");
  return JSON.parse(decodeURIComponent(cookie?.value ?? "{}"));
};

const drawer = (page: Page) => page.getByRole("dialog", { name: "Your basket" });

/**
 * The shop events the page sends (`POST /api/events`), by name, in the order sent. A beacon's
 * body is out of Playwright's sight, so the page is left without `sendBeacon` and sends them by
 * `fetch`, its fallback.
 */
async function recordEvents(page: Page): Promise<string[]> {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, "sendBeacon", {
      configurable: true,
      value: undefined,
    });
  });
  const names: string[] = [];
  page.on("request", (request: Request) => {
    if (new URL(request.url()).pathname !== "/api/events") return;
    names.push((request.postDataJSON() as { name: string }).name);
  });
  return names;
}

describe("one request or event per change (issue 16, defect 9)", () => {
  it("asks the server what the code is worth once per basket change", async () => {
    const session = await openSession(shop.browser, shop.app.url);
    const { page, context } = session;
    await context.addCookies(basketCookie({ [idOf(tee)]: 1 }, "WELCOME10"));
    const restored = page.waitForResponse((response) =>
      response.url().endsWith("/api/discounts/basket/apply"),
    );
    await gotoHydrated(page, "/basket");
    await restored;
    const applies: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/discounts/basket/apply")) applies.push(request.method());
    });

    for (const [button, quantity] of [
      ["One more Changes Tee", 2],
      ["One fewer Changes Tee", 1],
    ] as const) {
      // The page's data is asked for again after the change has settled with the server and its
      // discount call has gone out: by then any second call would have gone out too.
      const revalidated = page.waitForRequest(
        (request) => new URL(request.url()).pathname === "/basket.data",
      );
      await page.getByRole("button", { name: button }).click();
      await revalidated;
      expect(await storedBasket(page)).toEqual({ [idOf(tee)]: quantity });
    }
    expect(applies).toEqual(["POST", "POST"]);
    await session.expectNoErrors();
    await session.close();
  });

  it("sends view_item once for a product page, not again after adding to the basket", async () => {
    const session = await openSession(shop.browser, shop.app.url);
    const { page } = session;
    const events = await recordEvents(page);
    const viewed = page.waitForRequest((request) => request.url().endsWith("/api/events"));
    await gotoHydrated(page, `/products/${tee.product.slug}`);
    await viewed;

    const revalidated = page.waitForResponse((response) =>
      new URL(response.url()).pathname.endsWith(".data"),
    );
    await page.getByRole("button", { name: "Add to basket" }).click();
    await drawer(page).waitFor();
    await revalidated;
    // The header's count comes from the revalidated layout: the page has re-rendered with the
    // new data, and any effect of it has run before the next click is handled.
    await page.keyboard.press("Escape");
    await page.getByRole("link", { name: /^Basket 1 item/ }).click();
    await drawer(page).waitFor();
    await expect.poll(() => events.length).toBe(4);
    expect(events).toEqual(["view_item", "add_to_cart", "view_cart", "view_cart"]);
    await session.expectNoErrors();
    await session.close();
  });
});

describe("one fan-club membership per basket (issue 15)", () => {
  it("refuses a second membership from the product page: the drawer says why, the basket stays", async () => {
    const session = await openSession(shop.browser, shop.app.url);
    const { page, context } = session;
    await context.addCookies(basketCookie({ [idOf(monthly)]: 1 }));
    await gotoHydrated(page, `/products/${yearly.product.slug}`);
    const refused = page.waitForResponse(
      (response) => response.url().endsWith("/api/basket/lines") && response.status() === 422,
    );
    await page.getByRole("button", { name: "Add to basket" }).click();
    await refused;
    await drawer(page).getByRole("alert").getByText(ONE_MEMBERSHIP).waitFor();
    expect(await drawer(page).getByRole("listitem").allInnerTexts()).toEqual([
      expect.stringContaining("Changes Fan Club Monthly"),
    ]);
    expect(await storedBasket(page)).toEqual({ [idOf(monthly)]: 1 });
    await session.expectNoErrors([/the server responded with a status of 422/]);
    await session.close();
  });

  it("refuses two of one membership on the basket page, which says why", async () => {
    const session = await openSession(shop.browser, shop.app.url);
    const { page, context } = session;
    await context.addCookies(basketCookie({ [idOf(tee)]: 1, [idOf(monthly)]: 1 }));
    await gotoHydrated(page, "/basket");
    await page.getByRole("button", { name: "One more Changes Fan Club Monthly" }).click();
    await page.getByRole("main").getByRole("alert").getByText(ONE_MEMBERSHIP).waitFor();
    expect(await storedBasket(page)).toEqual({ [idOf(tee)]: 1, [idOf(monthly)]: 1 });
    // A change the rule allows goes through, and the reason goes.
    await page.getByRole("button", { name: "One more Changes Tee" }).click();
    await page.getByRole("main").getByRole("alert").waitFor({ state: "detached" });
    expect(await storedBasket(page)).toEqual({ [idOf(tee)]: 2, [idOf(monthly)]: 1 });
    await session.expectNoErrors([/the server responded with a status of 422/]);
    await session.close();
  });

  it("says why when a stored basket already breaks the rule, until the shopper puts it right", async () => {
    const session = await openSession(shop.browser, shop.app.url);
    const { page, context } = session;
    // Left from before one of the products became a membership.
    await context.addCookies(basketCookie({ [idOf(monthly)]: 1, [idOf(yearly)]: 1 }));
    await gotoHydrated(page, "/basket");
    const alert = page.getByRole("main").getByRole("alert");
    await alert.getByText(ONE_MEMBERSHIP).waitFor();
    await page.getByRole("button", { name: "Remove Changes Fan Club Yearly" }).click();
    await alert.waitFor({ state: "detached" });
    expect(await storedBasket(page)).toEqual({ [idOf(monthly)]: 1 });
    await session.expectNoErrors([/the server responded with a status of 422/]);
    await session.close();
  });

  it("refuses a second membership without JavaScript with a 422 page that says why", async () => {
    const session = await openSession(shop.browser, shop.app.url, { javaScriptEnabled: false });
    const { page, context } = session;
    await context.addCookies(basketCookie({ [idOf(monthly)]: 1 }));
    await page.goto(`/products/${yearly.product.slug}`);
    const answer = page.waitForResponse((response) => response.request().method() === "POST");
    await page.getByRole("button", { name: "Add to basket" }).click();
    expect((await answer).status()).toBe(422);
    await page.getByRole("alert").getByText(ONE_MEMBERSHIP).waitFor();
    expect(await storedBasket(page)).toEqual({ [idOf(monthly)]: 1 });
    await session.expectNoErrors([/the server responded with a status of 422/]);
    await session.close();
  });
});
