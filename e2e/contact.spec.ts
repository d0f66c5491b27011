import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { rateLimitHits } from "../server/platform/schema.ts";
import { gotoHydrated, openSession } from "./support/browser.ts";
import { shopUnderTest } from "./support/shop.ts";

const shop = shopUnderTest();

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? "");

describe("the contact form in Chromium", () => {
  it("answers an empty send with the server's error summary, focused, and each message beside its field", async () => {
    const session = await openSession(shop.browser, shop.app.url);
    const { page } = session;
    await gotoHydrated(page, "/help/contact");
    const sent = page.waitForRequest((request) => request.method() === "POST");
    await page.getByRole("button", { name: "Send message" }).click();
    // No browser bubble stops it: the form goes to the server, which judges it.
    await sent;
    const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
    await summary.waitFor();
    await expect.poll(() => focusedText(page)).toContain("There is a problem");
    await summary.getByRole("link", { name: /^Your message:/ }).click();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("name")))
      .toBe("message");
    expect(
      await page.getByLabel("Your message", { exact: true }).getAttribute("aria-invalid"),
    ).toBe("true");
    await session.expectNoErrors([/status of 422/]);
    await session.close();
  });

  it("replaces the form by a lasting, focused confirmation, and offers another message", async () => {
    await shop.app.database.db.delete(rateLimitHits);
    const session = await openSession(shop.browser, shop.app.url);
    const { page } = session;
    await gotoHydrated(page, "/help/contact");
    await page.getByLabel("Your name").fill("Robin Browser");
    await page.getByLabel("Email address").fill(`robin-${Date.now()}@example.com`);
    await page.getByLabel("What is it about?").selectOption({ index: 1 });
    await page
      .getByLabel("Your message", { exact: true })
      .fill("Where is my parcel? It has been a week now.");
    await page.getByRole("button", { name: "Send message" }).click();
    const confirmation = page
      .getByRole("status")
      .filter({ hasText: "Thank you, your message has been sent" });
    await confirmation.waitFor();
    await expect.poll(() => focusedText(page)).toContain("Thank you, your message has been sent");
    expect(await page.locator('textarea[name="message"]').count()).toBe(0);
    // Lasting: still there after the toasts' time.
    await page.waitForTimeout(3500);
    expect(await confirmation.isVisible()).toBe(true);
    await confirmation.getByRole("link", { name: "Send another message" }).click();
    const message = page.getByLabel("Your message", { exact: true });
    await message.waitFor();
    expect(await message.inputValue()).toBe("");
    await session.expectNoErrors();
    await session.close();
  });
});
