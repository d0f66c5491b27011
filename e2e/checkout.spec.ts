import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { analyticsEvents } from "../server/analytics/schema.ts";
import { makeCheckoutStock } from "../tests/support/checkout.ts";
import { gotoHydrated, openSession } from "./support/browser.ts";
import { shopUnderTest } from "./support/shop.ts";

const shop = shopUnderTest();

// Issue 13: a guest's whole checkout in Chromium, a declined card first, then the retry.
describe("checkout in the browser", () => {
  it("declines, keeps what was typed, then pays, confirms and empties the basket", async () => {
    const { teeId } = await makeCheckoutStock(shop.app.database.db, 5);
    const session = await openSession(shop.browser, shop.app.url);
    const { page, context } = session;
    const basket = encodeURIComponent(JSON.stringify({ [teeId]: 1 }));
    await context.addCookies([{ name: "basket", value: basket, url: shop.app.url }]);
    await gotoHydrated(page, "/checkout");

    await page.getByLabel("Email address").fill("browser.guest@example.com");
    await page.getByLabel("Full name").fill("Jo Browser");
    await page.getByLabel("Address line 1").fill("5 Canal Street");
    await page.getByLabel("Town or city").fill("Birmingham");
    await page.getByLabel("Postcode").fill("b1 1aa");
    await page.getByLabel("The test card is declined").check();
    const pay = page.getByRole("button", { name: "Place order and pay £28.95" });
    await pay.click();
    await page.getByText("Your card was declined. Try another card.").waitFor();
    expect(await page.getByLabel("Email address").inputValue()).toBe("browser.guest@example.com");

    await page.getByLabel("The test card pays straight away").check();
    await pay.click();
    await page.getByRole("heading", { name: "Thank you for your order" }).waitFor();
    expect(page.url()).toMatch(/\/checkout\/orders\/\d+\?token=.+&placed=1$/);
    await page.getByRole("link", { name: "Basket 0 items" }).waitFor();
    // spec §9: the checkout's start and the purchase are each counted once, at their values.
    const counted = () =>
      shop.app.database.db
        .select({ name: analyticsEvents.name, value: analyticsEvents.valuePence })
        .from(analyticsEvents)
        .where(inArray(analyticsEvents.name, ["begin_checkout", "purchase"]));
    await expect.poll(counted).toHaveLength(2);
    expect(await counted()).toEqual(
      expect.arrayContaining([
        { name: "begin_checkout", value: 2895 },
        { name: "purchase", value: 2895 },
      ]),
    );
    await session.expectNoErrors();
    await session.close();
  });
});
