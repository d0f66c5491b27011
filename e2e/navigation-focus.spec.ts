import { describe, expect, it } from "vitest";
import { gotoHydrated, openSession } from "./support/browser.ts";
import { shopUnderTest } from "./support/shop.ts";

const shop = shopUnderTest();

describe("focus after a client-side navigation (WCAG 2.4.3, 4.1.3)", () => {
  it("moves focus from the clicked link to the new page's heading, which a screen reader reads", async () => {
    const session = await openSession(shop.browser, shop.app.url);
    const { page } = session;
    await gotoHydrated(page, "/");
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Spotlight" })
      .click();
    await page.waitForURL((url) => url.pathname === "/spotlight");
    await expect
      .poll(() =>
        page.evaluate(() => {
          const focused = document.activeElement;
          return `${focused?.tagName} ${focused?.textContent}`;
        }),
      )
      .toBe("H1 Spotlight");
    // Focusable by script only: the heading does not become a Tab stop of its own.
    expect(await page.getByRole("heading", { level: 1 }).getAttribute("tabindex")).toBe("-1");
    await session.expectNoErrors();
    await session.close();
  });

  it("keeps focus where it is when only the query changes (the next page of a list)", async () => {
    const session = await openSession(shop.browser, shop.app.url);
    const { page } = session;
    await gotoHydrated(page, "/products");
    const pages = page.getByRole("navigation", { name: "Pages" });
    await pages.getByRole("link", { name: "Next" }).press("Enter");
    await pages.locator('[aria-current="page"]', { hasText: "2" }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Next");
    await session.expectNoErrors();
    await session.close();
  });
});
