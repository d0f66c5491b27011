import { describe, expect, it } from "vitest";
import { addDays, londonDay } from "../common/london-days.ts";
import { analyticsEvents } from "../server/analytics/schema.ts";
import { forgetTrade, makeSoldOrder } from "../tests/support/sales.ts";
import { gotoLive, hydrated, staffSession, violations } from "./support/admin.ts";
import { shopUnderTest } from "./support/shop.ts";

const shop = shopUnderTest();

const tee = { productId: 9201, title: "Chromium Tee", band: "The Renderers", unitPrice: 2500 };

describe("the back office overview in Chromium", () => {
  it("draws the figures and charts, follows the range control, and axe finds nothing", async () => {
    const { db } = shop.app.database;
    await forgetTrade(db);
    await makeSoldOrder(db, {
      paidAt: new Date("2026-09-02T10:00:00Z"),
      status: "dispatched",
      lines: [{ ...tee, quantity: 4 }],
    });
    await makeSoldOrder(db, {
      paidAt: new Date("2026-08-03T10:00:00Z"),
      status: "dispatched",
      lines: [{ ...tee, quantity: 1 }],
    });
    await makeSoldOrder(db, {
      paidAt: new Date(),
      lines: [{ ...tee, unitPrice: 1999, quantity: 1 }],
    });
    const at = new Date("2026-09-02T09:00:00Z");
    await db.insert(analyticsEvents).values(
      (
        [
          "view_item",
          "view_item",
          "view_item",
          "add_to_cart",
          "add_to_cart",
          "begin_checkout",
          "purchase",
        ] as const
      ).map((name) => ({
        name,
        path: "/products/chromium-tee",
        device: "desktop" as const,
        createdAt: at,
      })),
    );

    const { page } = await staffSession(shop);
    await gotoLive(page, "/admin?from=2026-09-01&to=2026-09-07");
    await page.getByRole("heading", { level: 1, name: "Overview" }).waitFor();
    expect(
      await page.getByRole("listitem").filter({ hasText: "Sales today" }).textContent(),
    ).toContain("£19.99");
    const dispatch = page.getByRole("listitem").filter({ hasText: "To dispatch" });
    expect(
      await dispatch.getByRole("link", { name: "Orders to dispatch" }).getAttribute("href"),
    ).toBe("/admin/orders?status=paid");

    // The sales chart: an area drawn in an svg, summarised for screen readers.
    const sales = page.getByRole("img", { name: /^Sales per day/ });
    expect(await sales.getAttribute("aria-label")).toContain("£100.00 in all");
    await sales.locator("svg path.recharts-area-area").first().waitFor();
    // The funnel: a bar per step, each labelled with its conversion.
    const funnel = page.getByRole("img", { name: /^Shop-event funnel/ });
    expect(await funnel.getAttribute("aria-label")).toContain(
      "Added to basket 2 (66.7% of the step before)",
    );
    await funnel.locator("svg .recharts-bar-rectangle path").first().waitFor();
    expect(await funnel.locator("svg .recharts-bar-rectangle path").count()).toBe(4);
    expect(await page.getByRole("region", { name: "Top products" }).textContent()).toContain(
      "Chromium Tee",
    );
    expect(await violations(page)).toEqual([]);

    // The range control puts the range in the address, and the figures follow it.
    await page.getByLabel("From", { exact: true }).fill("2026-08-01");
    await page.getByLabel("To", { exact: true }).fill("2026-08-07");
    await page.getByRole("button", { name: "Show" }).click();
    await page.waitForURL(/from=2026-08-01&to=2026-08-07/);
    await page.getByText("Sat, 1 August 2026 to Fri, 7 August 2026").waitFor();
    expect(await sales.getAttribute("aria-label")).toContain("£25.00 in all");
    expect(
      await page.getByRole("img", { name: /^Shop-event funnel/ }).getAttribute("aria-label"),
    ).toContain("Viewed a product 0");

    // A preset: the last 7 days, ending today.
    await page
      .getByRole("navigation", { name: "Preset ranges" })
      .getByRole("link", { name: "7 days" })
      .click();
    const today = londonDay();
    await page.waitForURL(new RegExp(`from=${addDays(today, -6)}&to=${today}`));
    await hydrated(page);
    expect(await page.getByLabel("From", { exact: true }).inputValue()).toBe(addDays(today, -6));
    expect(await sales.getAttribute("aria-label")).toContain("£19.99 in all");
    expect(await violations(page)).toEqual([]);
  });

  it("axe finds nothing on the outbox", async () => {
    const { page } = await staffSession(shop);
    await gotoLive(page, "/admin/outbox");
    expect(await violations(page)).toEqual([]);
  });
});
