import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../server/db/seed/accounts.ts";
import { orders } from "../server/orders/schema.ts";
import { gotoLive, signInAs, staffSession, violations } from "./support/admin.ts";
import { openSession } from "./support/browser.ts";
import { shopUnderTest } from "./support/shop.ts";

const shop = shopUnderTest();

/** The demo customer's paid order, waiting to be sent (server/db/seed/orders.ts). */
async function demoPaidOrder() {
  const [order] = await shop.app.database.db
    .select()
    .from(orders)
    .where(and(eq(orders.email, DEMO_ACCOUNTS.customer.email), eq(orders.status, "paid")));
  if (!order) throw new Error("The demo seed has no paid order of the demo customer");
  return order;
}

describe("the orders back office in Chromium", () => {
  it("every orders page has no axe violations", async () => {
    const order = await demoPaidOrder();
    const session = await staffSession(shop, "staff");
    const { page } = session;
    for (const path of [
      "/admin/orders",
      "/admin/orders?status=paid&from=2020-01-01",
      `/admin/orders/${order.id}`,
      `/admin/orders/${order.id}/packing-slip`,
      `/admin/orders/${order.id}/invoice`,
      "/admin/orders/dispatch",
    ]) {
      await gotoLive(page, path);
      expect(await violations(page), path).toEqual([]);
    }
    // "/" takes the keyboard to the table's search.
    await gotoLive(page, "/admin/orders");
    await page.locator("body").press("/");
    expect(
      await page.evaluate(() => document.activeElement?.getAttribute("aria-keyshortcuts")),
    ).toBe("/");
    await session.expectNoErrors();
    await session.close();
  });

  it("staff dispatch the demo customer's paid order, and the customer sees it dispatched with its tracking", async () => {
    const order = await demoPaidOrder();
    const session = await staffSession(shop, "staff");
    const { page } = session;
    await gotoLive(page, "/admin/orders");
    await page.getByRole("searchbox", { name: "Search orders" }).fill(order.number);
    await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL(/\/admin\/orders\?q=EN-/);
    await page
      .getByRole("table", { name: "Orders" })
      .getByRole("link", { name: order.number })
      .click();
    await page.getByRole("heading", { name: `Order ${order.number}` }).waitFor();
    await page.getByLabel("Carrier").selectOption({ label: "Royal Mail" });
    await page.getByLabel("Tracking number").fill("AB123456789GB");
    await page.getByRole("button", { name: "Mark as dispatched" }).click();
    await page
      .getByText(`Dispatched ${order.number} with Royal Mail (AB123456789GB)`)
      .first()
      .waitFor();
    await page.getByText("Dispatched with Royal Mail (AB123456789GB)").first().waitFor();
    await session.expectNoErrors();
    await session.close();

    const customer = await openSession(shop.browser, shop.app.url);
    await signInAs(shop, customer, DEMO_ACCOUNTS.customer, "/api/login-user");
    await customer.page.goto(`/customer/orders/${order.id}`);
    await customer.page.getByRole("heading", { name: `Order ${order.number}` }).waitFor();
    await customer.page.getByText("Dispatched with Royal Mail — tracking").waitFor();
    const link = customer.page.getByRole("link", { name: /AB123456789GB/ });
    expect(await link.getAttribute("href")).toBe(
      "https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB",
    );
    expect(await violations(customer.page)).toEqual([]);
    await customer.expectNoErrors();
    await customer.close();
  });
});
