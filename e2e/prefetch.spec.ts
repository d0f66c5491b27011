import type { Page, Request } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openSession } from "./support/browser.ts";
import { shopUnderTest } from "./support/shop.ts";

type Connection = { saveData: boolean; effectiveType: string };

const shop = shopUnderTest();

/** A request a prefetch of /products makes: its data or its route module. */
function isProductsPrefetch(request: Request): boolean {
  const { pathname } = new URL(request.url());
  return pathname === "/products.data" || pathname.startsWith("/assets/products-index-");
}

function mainLink(page: Page, name: string) {
  return page.getByRole("navigation", { name: "Main" }).getByRole("link", { name });
}

/** Pretends the browser reports `connection` (navigator.connection), before any script runs. */
async function emulateConnection(page: Page, connection: Connection) {
  await page.addInitScript((initial) => {
    const fake = Object.assign(new EventTarget(), initial);
    Object.defineProperty(Navigator.prototype, "connection", {
      configurable: true,
      get: () => fake,
    });
  }, connection);
}

/** The connection changes, as when data saver is switched off; then React has re-rendered. */
async function changeConnection(page: Page, connection: Connection) {
  await page.evaluate((next) => {
    const current = (navigator as Navigator & { connection: EventTarget & Connection }).connection;
    Object.assign(current, next);
    current.dispatchEvent(new Event("change"));
    return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  }, connection);
}

/** Follows the header link `name` and waits for its page. */
async function visit(page: Page, name: string) {
  await mainLink(page, name).click();
  await page.getByRole("heading", { level: 1, name }).waitFor();
}

/** Loads `/` and waits until it is hydrated (the shop's start-up has made its first call). */
async function openHome(page: Page) {
  const hydrated = page.waitForResponse((response) =>
    response.url().includes("/sanctum/csrf-cookie"),
  );
  await page.goto("/");
  await hydrated;
}

describe("route prefetching (behaviour.md §2)", () => {
  it("prefetches a header link's route when the pointer rests on it", async () => {
    const session = await openSession(shop.browser, shop.app.url);
    const { page } = session;
    // React Router looks up the routes the page's links lead to before it can prefetch them.
    const routesKnown = page.waitForResponse(
      (response) => new URL(response.url()).pathname === "/__manifest",
    );
    await openHome(page);
    await routesKnown;

    const data = page.waitForRequest(
      (request) => new URL(request.url()).pathname === "/products.data",
    );
    const module = page.waitForRequest((request) =>
      /\/assets\/products-index-[\w-]+\.js$/.test(request.url()),
    );
    await mainLink(page, "Shop all").hover();
    await Promise.all([data, module]);

    // React Router puts the hints in the head; the URL has not changed.
    const head = page.locator("head");
    expect(await head.locator('link[rel="prefetch"][href="/products.data"]').count()).toBe(1);
    expect(
      await head.locator('link[rel="modulepreload"][href^="/assets/products-index-"]').count(),
    ).toBe(1);
    expect(new URL(page.url()).pathname).toBe("/");

    await session.expectNoErrors();
    await session.close();
  });

  const slowConnections: Array<[string, Connection]> = [
    ["in data-saver mode", { saveData: true, effectiveType: "4g" }],
    ["on a 2g connection", { saveData: false, effectiveType: "2g" }],
    ["on a slow-2g connection", { saveData: false, effectiveType: "slow-2g" }],
  ];

  for (const [situation, connection] of slowConnections) {
    it(`does not prefetch ${situation}, and does once the connection is fast again`, async () => {
      const session = await openSession(shop.browser, shop.app.url);
      const { page } = session;
      await emulateConnection(page, connection);
      await openHome(page);
      // In data-saver mode React Router does not look up the routes links lead to, and cannot
      // prefetch a route it does not know: visiting both first makes the test about the shop.app.
      await visit(page, "Bands");
      await visit(page, "Shop all");
      await page.getByRole("link", { name: "Encore home" }).click();
      await page.waitForURL(`${shop.app.url}/`);
      await page
        .getByRole("heading", { level: 1, name: "Shop all" })
        .waitFor({ state: "detached" });
      const products: Request[] = [];
      page.on("request", (request) => {
        if (isProductsPrefetch(request)) products.push(request);
      });

      // The pointer rests on 'Shop all' and stays there.
      await mainLink(page, "Shop all").hover();

      // Then the connection gets fast and 'Bands' gets the focus: 'Bands' is prefetched now. Had
      // the hover on 'Shop all' started a prefetch, it would have been asked for first.
      await changeConnection(page, { saveData: false, effectiveType: "4g" });
      const bandsData = page.waitForRequest(
        (request) => new URL(request.url()).pathname === "/bands.data",
      );
      await mainLink(page, "Bands").focus();
      await bandsData;

      expect(products.map((request) => request.url())).toEqual([]);
      const head = page.locator("head");
      expect(await head.locator('link[href="/products.data"]').count()).toBe(0);
      expect(await head.locator('link[rel="prefetch"][href="/bands.data"]').count()).toBe(1);

      await session.expectNoErrors();
      await session.close();
    });
  }
});
