import { describe, expect, it } from "vitest";
import { makeBrand, makeProduct } from "../tests/support/factories.ts";
import { gotoLive, staffSession, violations } from "./support/admin.ts";
import { openSession } from "./support/browser.ts";
import { shopUnderTest } from "./support/shop.ts";

const shop = shopUnderTest();

const BAND = "Tidewater Choir";
const SLUG = "tidewater-choir";

describe("the bands back office in Chromium", () => {
  it("a staff member creates a band, finds it by search, edits it, and the shop shows it", async () => {
    const session = await staffSession(shop, "staff");
    const { page } = session;
    await gotoLive(page, "/admin/bands");
    await page.getByRole("link", { name: "Add band" }).click();
    await page.getByRole("heading", { name: "New band" }).waitFor();
    await page.getByLabel("Name").fill(BAND);
    await page.getByLabel("Genre").fill("Sea shanty");
    await page.getByLabel("From").fill("Whitby");
    await page.getByLabel("Story").fill("<p>Harbour songs, sung loud.</p>");
    await page.getByLabel("Website").fill("https://tidewater.example");
    await page.getByRole("button", { name: "Add band" }).click();
    // Issue 30: a new band lands on its own page.
    await page.waitForURL(/\/admin\/bands\/\d+$/);
    await page.getByText(`Added the band “${BAND}”.`).first().waitFor();
    await page.getByRole("heading", { name: BAND }).waitFor();
    await gotoLive(page, "/admin/bands");

    // Found by the list's search, which puts the search in the address.
    await page.getByRole("searchbox", { name: "Search bands" }).fill("tidewater");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL(/\/admin\/bands\?q=tidewater/);
    const table = page.getByRole("table", { name: "Bands" });
    await table.getByRole("link", { name: BAND }).click();
    await page.getByRole("heading", { name: BAND }).waitFor();
    await page.waitForFunction(() =>
      Object.keys(document.getElementById("main") ?? {}).some((key) =>
        key.startsWith("__reactFiber"),
      ),
    );

    // Unsaved changes are not lost by a stray click on the navigation.
    await page.getByLabel("Genre").fill("Sea shanty punk");
    await page.getByText("Unsaved changes").waitFor();
    await page
      .getByRole("navigation", { name: "Back office" })
      .getByRole("link", { name: "Overview" })
      .click();
    const leave = page.getByRole("alertdialog", { name: "Leave without saving?" });
    await leave.waitFor();
    await leave.getByRole("button", { name: "Stay on this page" }).click();
    await leave.waitFor({ state: "detached" });
    expect(page.url()).toMatch(/\/admin\/bands\/\d+$/);
    expect(await page.getByLabel("Genre").inputValue()).toBe("Sea shanty punk");

    await page.getByRole("button", { name: "Save band" }).click();
    await page.waitForURL(/\/admin\/bands$/);
    await page.getByText(`Saved the band “${BAND}”.`).first().waitFor();

    const shopper = await openSession(shop.browser, shop.app.url);
    await shopper.page.goto(`/bands/${SLUG}`);
    await shopper.page.getByRole("heading", { level: 1, name: BAND }).waitFor();
    await shopper.page.getByText("Sea shanty punk · Whitby").waitFor();
    await shopper.page.getByText("Harbour songs, sung loud.").waitFor();
    await shopper.expectNoErrors();
    await shopper.close();
    await session.expectNoErrors();
    await session.close();
  });

  it("shows a refused save's errors beside the fields and keeps what was typed", async () => {
    const session = await staffSession(shop, "staff");
    const { page } = session;
    await gotoLive(page, "/admin/bands/new");
    await page.getByLabel("Genre").fill("Kept genre");
    await page.getByLabel("Instagram").fill("instagram.com/no-scheme");
    await page.getByRole("button", { name: "Add band" }).click();
    await page.getByText("Enter the band's name.").waitFor();
    await page.getByText("Enter a web address starting with https://.").waitFor();
    expect(await page.getByLabel("Name").getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByLabel("Genre").inputValue()).toBe("Kept genre");
    expect(page.url()).toMatch(/\/admin\/bands\/new$/);
    // The 422 answer is expected; nothing else may fail.
    await session.expectNoErrors([/status of 422/]);
    await session.close();
  });

  it("an admin deletes a band after confirming in the dialog", async () => {
    const session = await staffSession(shop, "admin");
    const { page } = session;
    await gotoLive(page, "/admin/bands?q=tidewater");
    await page.getByRole("link", { name: BAND }).click();
    await page.getByRole("heading", { name: BAND }).waitFor();
    await page.waitForFunction(() =>
      Object.keys(document.getElementById("main") ?? {}).some((key) =>
        key.startsWith("__reactFiber"),
      ),
    );
    await page.getByRole("button", { name: "Delete band" }).click();
    const dialog = page.getByRole("alertdialog", { name: `Delete ${BAND}?` });
    await dialog.waitFor();
    // Cancel comes first and has focus, so a stray Enter deletes nothing.
    expect(
      await dialog
        .getByRole("button", { name: "Cancel" })
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await dialog.getByRole("button", { name: "Delete band" }).click();
    await page.waitForURL(/\/admin\/bands$/);
    await page.getByText(`Deleted the band “${BAND}”.`).first().waitFor();
    expect((await shop.app.fetch(`/bands/${SLUG}`)).status).toBe(404);
    await session.expectNoErrors();
    await session.close();
  });

  it("a refused delete tells why inside the dialog, with focus on the refusal (issue 30)", async () => {
    const db = shop.app.database.db;
    const band = await makeBrand(db, { title: "Keeper Quartet" });
    for (const price of [1500, 2500]) {
      await makeProduct(db, { brandId: band.id, variants: [{ price }] });
    }
    const session = await staffSession(shop, "admin");
    const { page } = session;
    await gotoLive(page, `/admin/bands/${band.id}`);
    await page.getByRole("button", { name: "Delete band" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete Keeper Quartet?" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Delete band" }).click();
    const refusal = dialog.getByRole("alert");
    await refusal.waitFor();
    expect(await refusal.textContent()).toBe(
      "Keeper Quartet has 2 products: move them to another band or delete them first.",
    );
    expect(await refusal.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await violations(page)).toEqual([]);
    // Cancel closes it on the band's page, the band kept.
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(page.url()).toMatch(new RegExp(`/admin/bands/${band.id}$`));
    await page.getByRole("heading", { name: "Keeper Quartet" }).waitFor();
    // The 409 answer is expected; nothing else may fail.
    await session.expectNoErrors([/status of 409/]);
    await session.close();
  });

  it("the list, the forms and the audit log have no axe violations", async () => {
    const session = await staffSession(shop, "admin");
    const { page } = session;
    for (const path of [
      "/admin/bands",
      "/admin/bands?q=gull&sort=products&direction=desc",
      "/admin/bands/new",
      "/admin/bands/1",
      "/admin/audit-log",
      "/admin/audit-log?resource=brands&action=update",
      "/admin/products",
    ]) {
      await gotoLive(page, path);
      expect(await violations(page), path).toEqual([]);
    }
    await session.expectNoErrors();
    await session.close();
  });
});
