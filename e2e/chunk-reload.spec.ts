import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { gotoHydrated, openSession, type Session } from "./support/browser.ts";
import { shopUnderTest } from "./support/shop.ts";

const RELOADS_KEY = "encore:chunk-reloads";
const buildCheckChunk = /\/assets\/build-check-[\w-]+\.js$/;
const chunkFailed = /net::ERR_FAILED \(http:\/\/[^)]+\/assets\/build-check-[\w-]+\.js\)/;

const shop = shopUnderTest();

/** A page whose lazily loaded build-check chunk never arrives, and the documents it loads. */
async function openWithBrokenChunk(): Promise<{ session: Session; documents: string[] }> {
  const session = await openSession(shop.browser, shop.app.url);
  const documents: string[] = [];
  session.page.on("request", (request) => {
    if (request.resourceType() === "document") documents.push(new URL(request.url()).pathname);
  });
  await session.page.route(buildCheckChunk, (route) => route.abort("failed"));
  return { session, documents };
}

function couldNotLoadAlert(page: Page) {
  return page
    .getByRole("region", { name: "Notifications" })
    .getByRole("alert")
    .filter({ hasText: "Part of this page could not load." });
}

function storeReloadAt(page: Page, reloads: Record<string, number>) {
  return page.evaluate(({ key, value }) => sessionStorage.setItem(key, JSON.stringify(value)), {
    key: RELOADS_KEY,
    value: reloads,
  });
}

function storedReloads(page: Page): Promise<Record<string, number>> {
  return page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? "{}"), RELOADS_KEY);
}

describe("failed chunk loads (behaviour.md §4, §8)", () => {
  it("reloads the page once, then shows an error instead of reloading again", async () => {
    const { session, documents } = await openWithBrokenChunk();
    const { page } = session;
    const startedAt = Date.now();

    await page.goto("/");
    await couldNotLoadAlert(page).waitFor();

    // The failure on the reloaded page came within 10 s of the first, or it would have reloaded.
    expect(documents).toEqual(["/", "/"]);
    const reloads = await storedReloads(page);
    expect(Object.keys(reloads)).toEqual(["/"]);
    expect(reloads["/"]).toBeGreaterThanOrEqual(startedAt);
    // Both failures are reported to the server log.
    await expect
      .poll(() =>
        shop.app.logs.filter(
          (line) => (line.clientError as { kind?: string })?.kind === "chunk-load",
        ),
      )
      .toHaveLength(2);

    await session.expectNoErrors([chunkFailed]);
    await session.close();
  });

  it("allows another reload of the same path only once 10 s have passed", async () => {
    const { session, documents } = await openWithBrokenChunk();
    const { page } = session;
    await page.goto("/");
    await couldNotLoadAlert(page).waitFor();
    expect(documents).toEqual(["/", "/"]);

    // Reloaded for a failed chunk just now: the next failure shows the error, no reload.
    await storeReloadAt(page, { "/": Date.now() });
    await page.reload();
    await couldNotLoadAlert(page).waitFor();
    expect(documents).toEqual(["/", "/", "/"]);

    // A reload of another path does not count against this one.
    await storeReloadAt(page, { "/products": Date.now() });
    await page.reload();
    await couldNotLoadAlert(page).waitFor();
    expect(documents).toEqual(["/", "/", "/", "/", "/"]);

    // Last reloaded 11 s ago: the guard lets one reload through again.
    await storeReloadAt(page, { "/": Date.now() - 11_000 });
    await page.reload();
    await couldNotLoadAlert(page).waitFor();
    expect(documents).toEqual(["/", "/", "/", "/", "/", "/", "/"]);

    await session.expectNoErrors([chunkFailed]);
    await session.close();
  });

  it("loads the page a link opens when its chunk fails, not the page being left, once per 10 s (issue 16)", async () => {
    const session = await openSession(shop.browser, shop.app.url);
    const { page } = session;
    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents.push(new URL(request.url()).pathname);
    });
    await page.route(/\/assets\/band-show-[\w-]+\.js$/, (route) => route.abort("failed"));
    // React Router looks up the routes the page's links lead to before a click can use them.
    const routesKnown = page.waitForResponse(
      (response) => new URL(response.url()).pathname === "/__manifest",
    );
    await gotoHydrated(page, "/bands");
    await routesKnown;
    const band = page.getByRole("main").locator('a[href^="/bands/"]').first();
    const path = (await band.getAttribute("href")) ?? "";
    const opened = () => page.waitForURL((url) => url.pathname === path, { waitUntil: "commit" });

    await band.click();
    await opened();
    expect(documents).toEqual(["/bands", path]);
    expect(Object.keys(await storedReloads(page))).toEqual([path]);

    // Loaded for a failed chunk just now: the same link now says so and stays on /bands.
    await gotoHydrated(page, "/bands");
    await storeReloadAt(page, { [path]: Date.now() });
    await band.click();
    await couldNotLoadAlert(page).waitFor();
    expect(new URL(page.url()).pathname).toBe("/bands");
    expect(documents).toEqual(["/bands", path, "/bands"]);

    // Last loaded 11 s ago: the guard lets it through again.
    await storeReloadAt(page, { [path]: Date.now() - 11_000 });
    await band.click();
    await opened();
    expect(documents).toEqual(["/bands", path, "/bands", path]);

    await session.expectNoErrors([/band-show-[\w-]+\.js/]);
    await session.close();
  });

  it("keeps the page when a part loaded after hydration fails: one reload, then a notice (issue 17)", async () => {
    const session = await openSession(shop.browser, shop.app.url);
    const { page } = session;
    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents.push(new URL(request.url()).pathname);
    });
    await page.route(/\/assets\/cookie-banner-[\w-]+\.js$/, (route) => route.abort("failed"));

    await page.goto("/products");
    await couldNotLoadAlert(page).waitFor();
    expect(documents).toEqual(["/products", "/products"]);
    // The consent banner is missing, not the page: no error screen in its place.
    await page.getByRole("heading", { level: 1, name: "Shop all" }).waitFor();
    expect(await page.getByText("Something went wrong").count()).toBe(0);

    await session.expectNoErrors([/cookie-banner-[\w-]+\.js/]);
    await session.close();
  });
});
