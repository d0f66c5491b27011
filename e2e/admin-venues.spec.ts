import { describe, expect, it } from "vitest";
import { gotoLive, staffSession, violations } from "./support/admin.ts";
import { shopUnderTest } from "./support/shop.ts";

const shop = shopUnderTest();

// The venues' screens are the worked example of a staff resource (docs/architecture.md §8): with
// JavaScript, a refused save puts focus on its errors, and the screens pass axe on a phone too.
describe("the venues back office in Chromium", () => {
  it("refuses a bad save beside its fields with focus on the errors, then adds the venue", async () => {
    const session = await staffSession(shop, "staff");
    const { page } = session;
    await gotoLive(page, "/admin/venues");
    await page.getByRole("link", { name: "Add venue" }).click();
    await page.getByRole("heading", { name: "New venue" }).waitFor();
    await page.getByLabel("Name").fill("The Lantern Rooms");
    await page.getByLabel("Town or city").fill("Hull");
    await page.getByLabel("Postcode").fill("S1 2XX9");
    await page.getByRole("button", { name: "Add venue" }).click();
    const postcode = page.getByLabel("Postcode");
    await expect.poll(() => postcode.getAttribute("aria-invalid")).toBe("true");
    // What was typed is kept, and the page says where the problem is.
    expect(await page.getByLabel("Name").inputValue()).toBe("The Lantern Rooms");
    // The message above the form takes focus, in sight whatever was scrolled.
    const message = page.getByRole("alert").filter({ hasText: "nothing was saved" });
    await expect.poll(() => message.evaluate((el) => el === document.activeElement)).toBe(true);
    await postcode.fill("hu1 2aa");
    await page.getByRole("button", { name: "Add venue" }).click();
    await page.waitForURL(/\/admin\/venues\/\d+$/);
    await page.getByText("Added the venue “The Lantern Rooms”.").first().waitFor();
    expect(await page.getByLabel("Postcode").inputValue()).toBe("HU1 2AA");
    await session.expectNoErrors([/status of 422/]);
    await session.close();
  });

  for (const width of [1280, 390]) {
    it(`the list and the forms have no axe violations at ${width} px`, async () => {
      const session = await staffSession(shop, "admin");
      const { page } = session;
      await page.setViewportSize({ width, height: 900 });
      for (const path of [
        "/admin/venues",
        "/admin/venues?q=hull",
        "/admin/venues/new",
        "/admin/venues/1",
      ]) {
        await gotoLive(page, path);
        expect(await violations(page), path).toEqual([]);
      }
      await session.expectNoErrors();
      await session.close();
    });
  }
});
