import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../server/db/seed/accounts.ts";
import { signInAs } from "./support/admin.ts";
import { openSession } from "./support/browser.ts";
import { shopUnderTest } from "./support/shop.ts";
import { fillBasket, gotoSettled, PLAIN_PAGES, SHOP_PAGES } from "./support/storefront.ts";

const shop = shopUnderTest();

/** How far `page` scrolls sideways beyond `width`: 0 or less when everything fits. */
const overflowOf = (page: Page, width: number) =>
  page.evaluate((viewport) => (document.scrollingElement?.scrollWidth ?? 0) - viewport, width);

describe("reflow (WCAG 1.4.10): nothing scrolls sideways on a 320 px screen", () => {
  it.each([...SHOP_PAGES, ...PLAIN_PAGES])("%s fits 320 px", async (path) => {
    const session = await openSession(shop.browser, shop.app.url, {
      viewport: { width: 320, height: 640 },
    });
    await fillBasket(shop, session.context);
    if (path.startsWith("/customer/")) {
      await signInAs(shop, session, DEMO_ACCOUNTS.customer, "/api/login-user");
    }
    await gotoSettled(session.page, path);
    expect(await overflowOf(session.page, 320)).toBeLessThanOrEqual(0);
    await session.close();
  });

  it("scrolls a wide size table inside its own labelled region, by keyboard too", async () => {
    const session = await openSession(shop.browser, shop.app.url, {
      viewport: { width: 390, height: 844 },
    });
    const { page } = session;
    await page.goto("/help/sizing-guide");
    expect(await overflowOf(page, 390)).toBeLessThanOrEqual(0);
    const region = page.getByRole("region", {
      name: "T-shirt, regular fit: garment chest and length by size, in centimetres and inches",
    });
    await region.focus();
    expect(await region.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await region.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(
      true,
    );
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => region.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
    await session.close();
  });
});
