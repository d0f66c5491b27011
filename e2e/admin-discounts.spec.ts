import { readFile } from "node:fs/promises";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { discountBatches, discounts } from "../server/discounts/schema.ts";
import { makeCheckoutStock } from "../tests/support/checkout.ts";
import { makeDiscount } from "../tests/support/discounts.ts";
import { gotoLive, staffSession, violations } from "./support/admin.ts";
import { gotoHydrated, openSession } from "./support/browser.ts";
import { shopUnderTest } from "./support/shop.ts";

const shop = shopUnderTest();
const CODE = "ENCOREFIVER";

// Issue 15: discount codes and delivery in the back office, as staff use them.
describe("the discounts and delivery back office in Chromium", () => {
  it("staff create a £5 code and a shopper uses it in the basket", async () => {
    const session = await staffSession(shop, "staff");
    const { page } = session;
    await gotoLive(page, "/admin/discounts");
    await page.getByRole("link", { name: "Add discount" }).click();
    await page.getByRole("heading", { name: "New discount" }).waitFor();
    await page.getByLabel("Code", { exact: true }).fill(CODE.toLowerCase());
    await page.getByLabel("Description").fill("A fiver off");
    await page.getByLabel("Type").selectOption("fixed");
    await page.getByLabel("Amount off").fill("5.00");
    await page.getByRole("button", { name: "Add discount" }).click();
    await page.waitForURL(/\/admin\/discounts\/\d+$/);
    await page.getByText(`Added the discount “${CODE}”.`).first().waitFor();
    await page.getByRole("heading", { name: CODE }).waitFor();
    await page.getByText("Not used yet.").waitFor();
    await session.expectNoErrors();
    await session.close();

    const { teeId } = await makeCheckoutStock(shop.app.database.db);
    const shopper = await openSession(shop.browser, shop.app.url);
    const basket = encodeURIComponent(JSON.stringify({ [teeId]: 1 }));
    await shopper.context.addCookies([{ name: "basket", value: basket, url: shop.app.url }]);
    await gotoHydrated(shopper.page, "/basket");
    const summary = shopper.page.getByRole("complementary", { name: "Order summary" });
    await summary.getByLabel("Discount code").fill(CODE.toLowerCase());
    await summary.getByRole("button", { name: "Apply" }).click();
    await summary.getByText(`Discount (${CODE})`).waitFor();
    await summary.getByText("−£5.00").waitFor();
    await shopper.expectNoErrors();
    await shopper.close();
  });

  it("“End now” asks first: Cancel keeps the code live, confirming ends it (issue 30)", async () => {
    const db = shop.app.database.db;
    const code = await makeDiscount(db);
    if (!code) throw new Error("no code made");
    const endsAt = async () =>
      (await db.select().from(discounts).where(eq(discounts.id, code.id)))[0]?.endsAt;
    const session = await staffSession(shop, "staff");
    const { page } = session;
    await gotoLive(page, `/admin/discounts/${code.id}`);
    await page.getByRole("button", { name: "End now" }).click();
    const dialog = page.getByRole("alertdialog", { name: `End ${code.code} now?` });
    await dialog.waitFor();
    // Cancel comes first and has focus, so a stray Enter ends nothing.
    expect(
      await dialog
        .getByRole("button", { name: "Cancel" })
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);
    expect(await violations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await endsAt()).toBeNull();
    await page.getByText("Live", { exact: true }).first().waitFor();

    await page.getByRole("button", { name: "End now" }).click();
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "End code" }).click();
    await page.getByText(`Ended ${code.code}: nobody can use it from now on.`).first().waitFor();
    expect(await endsAt()).not.toBeNull();
    await session.expectNoErrors();
    await session.close();
  });

  it("staff generate 50 codes and download them as CSV", async () => {
    const session = await staffSession(shop, "staff");
    const { page } = session;
    await gotoLive(page, "/admin/discounts/generate");
    await page.getByLabel("Title").fill("Gulls mailing list");
    await page.getByLabel("Prefix").fill("gulls");
    await page.getByLabel("How many codes").fill("50");
    await page.getByLabel("Percentage off").fill("10");
    await page.getByRole("button", { name: "Generate codes" }).click();
    await page.waitForURL(/\/admin\/discounts\/batches\/\d+$/);
    await page.getByText("Made 50 codes for “Gulls mailing list”.").first().waitFor();
    await page.getByRole("heading", { name: "Gulls mailing list" }).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download codes (CSV)" }).click(),
    ]);
    const csv = (await readFile(await download.path(), "utf8")).replace(/^\uFEFF/, "");
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toBe("code,used,used at");
    expect(lines).toHaveLength(51);
    for (const line of lines.slice(1)) expect(line).toMatch(/^GULLS-[A-Z2-9]{4}-[A-Z2-9]{4},no,$/);

    // The list shows the batch as one row, not 50.
    await gotoLive(page, "/admin/discounts?q=Gulls");
    const table = page.getByRole("table", { name: "Discounts" });
    await table.getByRole("link", { name: "Gulls mailing list" }).waitFor();
    await table.getByText("0 / 50").waitFor();
    await session.expectNoErrors();
    await session.close();
  });

  it("staff change a delivery price and checkout shows it at once", async () => {
    const session = await staffSession(shop, "staff");
    const { page } = session;
    await gotoLive(page, "/admin/delivery");
    await page.getByRole("link", { name: "UK Standard" }).click();
    await page.getByRole("heading", { name: "UK Standard" }).waitFor();
    await page.getByLabel("Price").fill("4.50");
    await page.getByRole("button", { name: "Save option" }).click();
    await page.waitForURL(/\/admin\/delivery$/);
    await page.getByText("Saved the delivery option “UK Standard”.").first().waitFor();
    await page.getByRole("cell", { name: "£4.50" }).first().waitFor();
    await session.expectNoErrors();
    await session.close();

    const { teeId } = await makeCheckoutStock(shop.app.database.db);
    const shopper = await openSession(shop.browser, shop.app.url);
    const basket = encodeURIComponent(JSON.stringify({ [teeId]: 1 }));
    await shopper.context.addCookies([{ name: "basket", value: basket, url: shop.app.url }]);
    await gotoHydrated(shopper.page, "/checkout");
    // £25.00 tee and UK Standard at its new £4.50.
    await shopper.page.getByRole("button", { name: "Place order and pay £29.50" }).waitFor();
    await shopper.expectNoErrors();
    await shopper.close();
  });

  it("every discounts and delivery page has no axe violations", async () => {
    const db = shop.app.database.db;
    const [code] = await db.select().from(discounts).where(eq(discounts.code, CODE));
    const [batch] = await db.select().from(discountBatches).limit(1);
    const session = await staffSession(shop, "admin");
    const { page } = session;
    for (const path of [
      "/admin/discounts",
      "/admin/discounts?status=live&type=fixed",
      "/admin/discounts/new",
      `/admin/discounts/${code?.id}`,
      "/admin/discounts/generate",
      `/admin/discounts/batches/${batch?.id}`,
      `/admin/discounts?batch=${batch?.id}`,
      "/admin/delivery",
      "/admin/delivery/groups/new",
      "/admin/delivery/groups/1",
      "/admin/delivery/options/new?group=1",
      "/admin/delivery/options/1",
    ]) {
      await gotoLive(page, path);
      expect(await violations(page), path).toEqual([]);
    }
    // A refused save, its errors beside the fields.
    await gotoLive(page, "/admin/discounts/new");
    await page.getByLabel("Code", { exact: true }).fill(CODE);
    await page.getByLabel("Percentage off").fill("150");
    await page.getByRole("button", { name: "Add discount" }).click();
    await page.getByText("Another discount already has this code. Choose another.").waitFor();
    expect(await violations(page), "refused save").toEqual([]);
    await session.expectNoErrors([/status of 422/]);
    await session.close();
  });
});
