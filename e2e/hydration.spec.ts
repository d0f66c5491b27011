import { describe, expect, it } from "vitest";
import { HYDRATION_MARK } from "../app/client/after-first-paint.ts";
import { gotoHydrated, openSession } from "./support/browser.ts";
import { shopUnderTest } from "./support/shop.ts";

const shop = shopUnderTest();
const productPath = "/products/mothwing-cathedral-logo-longsleeve";

/** When hydration began, in ms since the page started loading; undefined before it has. */
const hydrationStart = (mark: string) => performance.getEntriesByName(mark)[0]?.startTime;

/**
 * `/products`, hydrated, in a page that noted when its first frame came: a frame callback asked
 * for before anything else runs in the page's first frame, the one that paints it.
 */
async function productsWithFirstFrame() {
  const session = await openSession(shop.browser, shop.app.url);
  await session.page.addInitScript(() => {
    requestAnimationFrame(() => {
      (window as Window & { firstFrameAt?: number }).firstFrameAt = performance.now();
    });
  });
  await gotoHydrated(session.page, "/products");
  const firstFrameAt = await session.page.evaluate(
    () => (window as Window & { firstFrameAt?: number }).firstFrameAt,
  );
  expect(firstFrameAt).toBeTypeOf("number");
  return { session, page: session.page, firstFrameAt: firstFrameAt ?? Number.POSITIVE_INFINITY };
}

// Issue 16: a phone shows the server's page before it runs the long work of hydrating it.
describe("hydration", () => {
  it("begins only after the first paint of the server's page", async () => {
    const { session, page, firstFrameAt } = await productsWithFirstFrame();
    expect(await page.evaluate(hydrationStart, HYDRATION_MARK)).toBeGreaterThan(firstFrameAt);
    await session.expectNoErrors();
    await session.close();
  });

  it("fetches none of the page's scripts before that paint, then navigates client-side", async () => {
    const { session, page, firstFrameAt } = await productsWithFirstFrame();
    const scriptsFrom = await page.evaluate(() =>
      Math.min(
        ...performance
          .getEntriesByType("resource")
          .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
          .map((entry) => entry.startTime),
      ),
    );
    expect(scriptsFrom).toBeGreaterThan(firstFrameAt);
    expect(Number.isFinite(scriptsFrom)).toBe(true);

    // Hydrated by the scripts the loader added: a link opens its page without loading a document.
    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents.push(request.url());
    });
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Bands" })
      .click();
    await page.waitForURL("**/bands");
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(documents).toEqual([]);
    await session.expectNoErrors();
    await session.close();
  });

  it("still happens in a hidden tab, where the browser paints no frames", async () => {
    const session = await openSession(shop.browser, shop.app.url);
    const { page } = session;
    await page.addInitScript(() => {
      Object.defineProperty(document, "visibilityState", {
        configurable: true,
        get: () => "hidden",
      });
      window.requestAnimationFrame = () => 0;
    });
    // The start-up's CSRF call is made by the hydrated page.
    await gotoHydrated(page, "/");
    expect(await page.evaluate(hydrationStart, HYDRATION_MARK)).toBeTypeOf("number");
    await session.expectNoErrors();
    await session.close();
  });

  it("leaves the page's forms working before it: Add to basket posts as it does without JavaScript", async () => {
    const session = await openSession(shop.browser, shop.app.url);
    const { page } = session;
    // A visible tab whose first paint is never reported and whose first frame never comes: the
    // page is never hydrated.
    await page.addInitScript(() => {
      Object.defineProperty(window, "PerformanceObserver", { value: undefined });
      window.requestAnimationFrame = () => 0;
    });
    await page.goto(productPath);
    await page.locator('label[for="option-1-3"]').click();
    await page.getByRole("button", { name: "Add to basket" }).click();
    await page.waitForURL("**/basket");
    await page.getByText(/added to your basket\./).waitFor();
    expect(await page.evaluate(hydrationStart, HYDRATION_MARK)).toBeUndefined();
    await session.expectNoErrors();
    await session.close();
  });
});
