import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../server/db/seed/accounts.ts";
import { gotoLive, staffSession, violations } from "./support/admin.ts";
import { shopUnderTest } from "./support/shop.ts";

const shop = shopUnderTest();
const { customer } = DEMO_ACCOUNTS;

describe("the customers and segments back office in Chromium", () => {
  it("staff find a customer and see their orders and spend; only an admin erases them", async () => {
    const staff = await staffSession(shop, "staff");
    const { page } = staff;
    await gotoLive(page, "/admin/customers");
    expect(await violations(page)).toEqual([]);
    await page.getByRole("searchbox", { name: "Search by name or email" }).fill("fan@example");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL(/\/admin\/customers\?q=fan%40example/);
    const table = page.getByRole("table", { name: "Customers" });
    await table.getByRole("link", { name: customer.name }).click();
    await page.getByRole("heading", { level: 1, name: customer.name }).waitFor();
    const spend = await page.getByTestId("lifetime-spend").textContent();
    expect(spend).toMatch(/^£\d/);
    const orders = page.getByRole("table", { name: "Their orders, newest first" });
    expect(await orders.getByRole("link", { name: /^EN-\d+$/ }).count()).toBeGreaterThan(0);
    expect(await violations(page)).toEqual([]);
    // Staff see the erasure, switched off, and why.
    expect(await page.getByRole("button", { name: "Erase customer" }).isDisabled()).toBe(true);
    await page.getByText("Only admins can erase customers.").waitFor();

    // The data export is a download of JSON with everything held.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export data (JSON)" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^encore-customer-\d+-\d{4}-\d{2}-\d{2}\.json$/);
    await staff.expectNoErrors();
    await staff.close();

    const admin = await staffSession(shop, "admin");
    const url = page.url().replace(/^https?:\/\/[^/]+/, "");
    await gotoLive(admin.page, url);
    await admin.page.getByRole("button", { name: "Erase customer" }).click();
    const dialog = admin.page.getByRole("alertdialog", { name: `Erase ${customer.name}?` });
    await dialog.getByText("This cannot be undone.", { exact: false }).waitFor();
    expect(await violations(admin.page)).toEqual([]);
    await dialog.getByRole("button", { name: "Erase for good" }).click();
    await admin.page.waitForURL(/\/admin\/customers$/);
    await admin.page
      .getByText(/Their personal data is gone/)
      .first()
      .waitFor();
    await admin.page.goto(url);
    await admin.page.getByRole("heading", { level: 1, name: "Erased customer" }).waitFor();
    expect(await admin.page.getByText(customer.email).count()).toBe(0);
    await admin.expectNoErrors();
    await admin.close();
  });

  it("staff build a segment and watch its member count follow the rules", async () => {
    const session = await staffSession(shop, "staff");
    const { page } = session;
    await gotoLive(page, "/admin/segments");
    await page.getByRole("link", { name: "Marketing list", exact: true }).waitFor();
    expect(await violations(page)).toEqual([]);
    await page.getByRole("link", { name: "Add segment" }).click();
    await page.getByRole("heading", { name: "New segment" }).waitFor();
    await page.getByLabel("Name").fill("Big spenders");
    // One rule to start with: said yes to marketing. Change it to spent over £1.
    await page.getByLabel("Rule 1").selectOption("spent-over");
    await page.getByLabel("Lifetime spend over").fill("1");
    const count = page.getByTestId("member-count");
    await count.waitFor();
    const spentOverOne = Number(await count.textContent());
    expect(spentOverOne).toBeGreaterThan(0);
    await page.getByLabel("Lifetime spend over").fill("1000000");
    await page.waitForFunction(
      () => document.querySelector("[data-testid=member-count]")?.textContent === "0",
    );
    await page.getByLabel("Lifetime spend over").fill("1");
    await page.waitForFunction(
      (expected) =>
        document.querySelector("[data-testid=member-count]")?.textContent === String(expected),
      spentOverOne,
    );
    await page.getByLabel("Add a rule").selectOption("marketing-consent");
    await page.getByRole("button", { name: "Add rule" }).click();
    await page.getByLabel("Rule 2").waitFor();
    expect(await violations(page)).toEqual([]);
    await page.getByRole("button", { name: "Add segment" }).click();
    // Issue 30: a new segment lands on its own page.
    await page.waitForURL(/\/admin\/segments\/\d+$/);
    await page.getByText("Added the segment “Big spenders”.").first().waitFor();
    await page.getByRole("heading", { name: "Big spenders" }).waitFor();
    expect(await page.getByLabel("Rule 2").inputValue()).toBe("marketing-consent");
    expect(await violations(page)).toEqual([]);
    await session.expectNoErrors();
    await session.close();
  });
});
