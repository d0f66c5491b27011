import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../server/db/seed/accounts.ts";
import { signInAs, violations } from "./support/admin.ts";
import { gotoHydrated, openSession, type Session } from "./support/browser.ts";
import { shopUnderTest } from "./support/shop.ts";

const shop = shopUnderTest();

function signIn(session: Session, door: "/api/login-user" | "/api/login-admin") {
  const account = door === "/api/login-user" ? DEMO_ACCOUNTS.customer : DEMO_ACCOUNTS.staff;
  return signInAs(shop, session, account, door);
}

describe("accessibility (WCAG 2.2 AA, axe-core) in Chromium", () => {
  it.each([
    "/",
    "/products",
    "/products?collection=on-sale",
    "/products/band/static-gulls?type=t-shirt",
    "/bands",
    "/blogs",
    "/blogs/news/pylon-hymns-announce-the-northern-grid-tour-2026",
    "/legal/cookie-policy",
    "/help/contact",
    "/help/sizing-guide",
    "/company/careers",
    "/login",
    "/register",
    "/forgot-password",
    "/admin/login",
  ])("%s has no violations", async (path) => {
    const session = await openSession(shop.browser, shop.app.url);
    await session.page.goto(path);
    await session.page.waitForLoadState("networkidle");
    expect(await violations(session.page)).toEqual([]);
    await session.close();
  });

  it("the product lists and the band index have none on a 390 px phone, filter sheet open or not", async () => {
    const session = await openSession(shop.browser, shop.app.url, {
      viewport: { width: 390, height: 844 },
    });
    for (const path of [
      "/products",
      "/products?collection=on-sale",
      "/products/band/static-gulls?type=t-shirt",
      "/bands",
    ]) {
      await gotoHydrated(session.page, path);
      await session.page.waitForLoadState("networkidle");
      expect(await violations(session.page)).toEqual([]);
    }
    await gotoHydrated(session.page, "/products?type=poster");
    await session.page.getByRole("button", { name: /^Filter and sort/ }).click();
    await session.page.getByRole("dialog", { name: "Filter and sort" }).waitFor();
    expect(await violations(session.page)).toEqual([]);
    await session.close();
  });

  it("the product page, the customer dashboard and the back office have no violations", async () => {
    const shopper = await openSession(shop.browser, shop.app.url);
    await shopper.page.goto("/products");
    const product = await shopper.page
      .locator('a[href^="/products/"]')
      .first()
      .getAttribute("href");
    await shopper.page.goto(product ?? "/");
    await shopper.page.waitForLoadState("networkidle");
    expect(await violations(shopper.page)).toEqual([]);
    await signIn(shopper, "/api/login-user");
    await shopper.page.goto("/customer/dashboard");
    await shopper.page.waitForLoadState("networkidle");
    expect(await violations(shopper.page)).toEqual([]);
    await shopper.close();

    const staff = await openSession(shop.browser, shop.app.url);
    await signIn(staff, "/api/login-admin");
    for (const path of ["/admin", "/admin/outbox"]) {
      await staff.page.goto(path);
      await staff.page.waitForLoadState("networkidle");
      expect(await violations(staff.page)).toEqual([]);
    }
    await staff.close();
  });
});
