import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../server/db/seed/accounts.ts";
import { chartsDrawn, signInAs, violations } from "./support/admin.ts";
import {
  gotoHydrated,
  gotoLive,
  gotoStartedUp,
  openSession,
  type Session,
} from "./support/browser.ts";
import { shopUnderTest } from "./support/shop.ts";
import {
  fillBasket,
  gotoSettled,
  openDrawer,
  PLAIN_PAGES,
  SHOP_PAGES,
  VIEWPORTS,
} from "./support/storefront.ts";

const shop = shopUnderTest();

function signIn(session: Session, door: "/api/login-user" | "/api/login-admin") {
  const account = door === "/api/login-user" ? DEMO_ACCOUNTS.customer : DEMO_ACCOUNTS.staff;
  return signInAs(shop, session, account, door);
}

/** A shopper at `width` with one product in the basket, signed in for the customer pages. */
async function shopper(viewport: (typeof VIEWPORTS)[keyof typeof VIEWPORTS], path: string) {
  const session = await openSession(shop.browser, shop.app.url, { viewport });
  await fillBasket(shop, session.context);
  if (path.startsWith("/customer/")) await signIn(session, "/api/login-user");
  return session;
}

describe("accessibility (WCAG 2.2 AA, axe-core) in Chromium", () => {
  describe.each(Object.entries(VIEWPORTS))("at %s width", (_name, viewport) => {
    it.each(SHOP_PAGES)(
      "%s has no violations, with the basket drawer closed and open",
      async (path) => {
        const session = await shopper(viewport, path);
        await gotoStartedUp(session.page, path);
        expect(await violations(session.page)).toEqual([]);
        await openDrawer(session.page);
        expect(await violations(session.page)).toEqual([]);
        await session.close();
      },
    );

    it.each([...PLAIN_PAGES, "/admin/login"])("%s has no violations", async (path) => {
      const session = await openSession(shop.browser, shop.app.url, {
        viewport,
      });
      await gotoSettled(session.page, path);
      expect(await violations(session.page)).toEqual([]);
      await session.close();
    });
  });

  // The guest layout's pages: every part of them inside a landmark (axe's `region`), the logo and
  // the way back to the shop included, at both widths.
  const GUEST_PAGES = [
    "/login",
    "/register",
    "/forgot-password",
    "/reset-password",
    "/admin/login",
  ];
  it.each(
    Object.entries(VIEWPORTS).flatMap(([name, viewport]) =>
      GUEST_PAGES.map((path) => [path, name, viewport] as const),
    ),
  )("%s at %s width keeps all its content in landmarks", async (path, _name, viewport) => {
    const session = await openSession(shop.browser, shop.app.url, {
      viewport,
    });
    await gotoSettled(session.page, path);
    expect(await violations(session.page, ["region"])).toEqual([]);
    await session.page.getByRole("banner").getByRole("link", { name: "Encore home" }).waitFor();
    await session.page
      .getByRole("navigation")
      .getByRole("link", { name: "Back to the shop" })
      .waitFor();
    await session.close();
  });

  // The customer's own pages past the dashboard: a paid order with its VAT receipt, and editing a
  // saved address, with its errors shown too.
  it.each(Object.entries(VIEWPORTS))(
    "a paid order's VAT receipt and the address editor at %s width have none",
    async (_name, viewport) => {
      const session = await shopper(viewport, "/customer/dashboard");
      const { page } = session;
      await gotoHydrated(page, "/customer/dashboard");
      const orderPaths = await page
        .getByRole("region", { name: "Recent orders" })
        .getByRole("link")
        .evaluateAll((links) =>
          links.map((link) => new URL((link as HTMLAnchorElement).href).pathname),
        );
      let receipts = 0;
      for (const path of orderPaths.filter((href) => href.startsWith("/customer/orders/"))) {
        await gotoHydrated(page, path);
        if ((await page.getByRole("region", { name: "VAT receipt" }).count()) === 0) continue;
        receipts++;
        expect(await violations(page)).toEqual([]);
        // Every column, the totals' included, fits the width: nothing to scroll to.
        const lines = page.getByRole("region", { name: /^VAT on each item/ });
        expect(await lines.evaluate((region) => region.scrollWidth <= region.clientWidth)).toBe(
          true,
        );
        break;
      }
      expect(receipts).toBe(1);

      await gotoHydrated(page, "/customer/dashboard");
      await page.getByRole("link", { name: "Edit delivery address" }).click();
      await page.waitForURL((url) => url.pathname === "/customer/addresses/shipping");
      await page.getByRole("heading", { level: 1, name: /address/i }).waitFor();
      expect(await violations(page)).toEqual([]);
      await page.getByLabel("Postcode").fill("not a postcode");
      await page.getByRole("button", { name: /^Save/ }).click();
      await page.getByRole("alert").first().waitFor();
      expect(await violations(page)).toEqual([]);
      await session.close();
    },
  );

  it("a 390 px phone with the filter sheet open has none", async () => {
    const session = await openSession(shop.browser, shop.app.url, {
      viewport: { width: 390, height: 844 },
    });
    await gotoHydrated(session.page, "/products?type=poster");
    await session.page.getByRole("button", { name: /^Filter and sort/ }).click();
    await session.page.getByRole("dialog", { name: "Filter and sort" }).waitFor();
    expect(await violations(session.page)).toEqual([]);
    await session.close();
  });

  it("the back office has no violations", async () => {
    const staff = await openSession(shop.browser, shop.app.url);
    await signIn(staff, "/api/login-admin");
    for (const path of ["/admin", "/admin/outbox"]) {
      await gotoLive(staff.page, path);
      await chartsDrawn(staff.page);
      expect(await violations(staff.page)).toEqual([]);
    }
    await staff.close();
  });
});
