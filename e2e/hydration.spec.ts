import { describe, expect, it } from "vitest";
import { HYDRATION_MARK } from "../app/client/after-first-paint.ts";
import { gotoHydrated, openSession } from "./support/browser.ts";
import { shopUnderTest } from "./support/shop.ts";

const shop = shopUnderTest();
const productPath = "/products/mothwing-cathedral-logo-longsleeve";

/** When the page first painted and when hydration began, in ms since it started loading. */
const paintAndHydration = (mark: string) => ({
  firstPaint: performance.getEntriesByName("first-paint")[0]?.startTime,
  hydration: performance.getEntriesByName(mark)[0]?.startTime,
});

// Issue 16: a phone shows the server's page before it runs the long work of hydrating it.
describe("hydration", () => {
  it("begins only after the first paint of the server's page", async () => {
    const session = await openSession(shop.browser, shop.app.url);
    const { page } = session;
    await gotoHydrated(page, "/products");
    const times = await page.evaluate(paintAndHydration, HYDRATION_MARK);
    expect(times.firstPaint).toBeTypeOf("number");
    expect(times.hydration).toBeGreaterThan(times.firstPaint ?? Number.POSITIVE_INFINITY);
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
    expect((await page.evaluate(paintAndHydration, HYDRATION_MARK)).hydration).toBeTypeOf("number");
    await session.expectNoErrors();
    await session.close();
  });

  it("leaves the page's forms working before it: Add to basket posts as it does without JavaScript", async () => {
    const session = await openSession(shop.browser, shop.app.url);
    const { page } = session;
    // A visible tab whose first frame never comes: the page is never hydrated.
    await page.addInitScript(() => {
      window.requestAnimationFrame = () => 0;
    });
    await page.goto(productPath);
    await page.locator('label[for="option-1-3"]').click();
    await page.getByRole("button", { name: "Add to basket" }).click();
    await page.waitForURL("**/basket");
    await page.getByText(/added to your basket\./).waitFor();
    expect(await page.evaluate(paintAndHydration, HYDRATION_MARK)).toMatchObject({
      hydration: undefined,
    });
    await session.expectNoErrors();
    await session.close();
  });
});
