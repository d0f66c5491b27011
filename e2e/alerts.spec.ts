import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openSession } from "./support/browser.ts";
import { shopUnderTest } from "./support/shop.ts";

const shop = shopUnderTest();

/**
 * Opens the home page and waits for its first new-build poll: the page is hydrated (its offline
 * listener is in place) and no request of its own is left to fail once the test goes offline.
 */
async function openHome(page: Page) {
  const polled = page.waitForResponse((response) => response.url().includes("/builds/latest.json"));
  await page.goto("/");
  await polled;
}

const notifications = (page: Page) => page.getByRole("region", { name: "Notifications" });
const offlineAlert = (page: Page) =>
  notifications(page).getByRole("status").filter({ hasText: "Warning: You are offline." });
const onlineAlert = (page: Page) =>
  notifications(page).getByRole("status").filter({ hasText: "Success: You are back online." });

describe("alerts (behaviour.md §4, §9)", () => {
  it("warns when the connection drops, and the warning goes away on its own after about 3 s", async () => {
    const session = await openSession(shop.browser, shop.app.url);
    const { page, context } = session;
    await openHome(page);

    await context.setOffline(true);
    await offlineAlert(page).waitFor();
    const shownAt = Date.now();
    expect(await notifications(page).getAttribute("aria-live")).toBe("polite");
    expect(await offlineAlert(page).getByRole("button").getAttribute("aria-label")).toBe(
      "Dismiss notification",
    );

    // Still there well into its display time: it is not just flashed and removed.
    await offlineAlert(page).waitFor({ state: "hidden", timeout: 6000 });
    const shownFor = Date.now() - shownAt;
    expect(shownFor).toBeGreaterThanOrEqual(2500);
    expect(shownFor).toBeLessThan(4500);

    await context.setOffline(false);
    await session.expectNoErrors();
    await session.close();
  });

  it("removes an alert at once when its dismiss button is pressed, leaving the others", async () => {
    const session = await openSession(shop.browser, shop.app.url);
    const { page, context } = session;
    await openHome(page);

    await context.setOffline(true);
    await offlineAlert(page).waitFor();
    await context.setOffline(false);
    await onlineAlert(page).waitFor();

    await onlineAlert(page).getByRole("button", { name: "Dismiss notification" }).click();
    await onlineAlert(page).waitFor({ state: "hidden" });
    // The warning came first and is still shown, so the timeout did not remove the notice: the
    // button did, and only that one.
    expect(await offlineAlert(page).count()).toBe(1);

    await session.expectNoErrors();
    await session.close();
  });

  it.each([
    ["desktop", 1280, 900],
    ["phone", 390, 844],
  ])(
    "shows a toast at the foot of a %s screen, clear of the header's navigation, search and basket",
    async (_name, width, height) => {
      const session = await openSession(shop.browser, shop.app.url, {
        viewport: { width, height },
      });
      const { page, context } = session;
      await openHome(page);
      await context.setOffline(true);
      const toast = await offlineAlert(page).boundingBox();
      await context.setOffline(false);
      if (!toast) throw new Error("no toast");
      const header = page.getByRole("banner");
      for (const part of [
        header.getByRole("navigation", { name: "Main" }),
        header.getByRole("search"),
        header.getByRole("link", { name: /^Basket/ }),
      ]) {
        const box = await part.boundingBox();
        if (!box) throw new Error("a header part is missing");
        const overlaps =
          toast.x < box.x + box.width &&
          box.x < toast.x + toast.width &&
          toast.y < box.y + box.height &&
          box.y < toast.y + toast.height;
        expect(overlaps).toBe(false);
      }
      expect(toast.y + toast.height).toBeGreaterThan(height - 100);
      await session.close();
    },
  );

  it("stands a toast on top of the cookie banner rather than over its buttons", async () => {
    const session = await openSession(shop.browser, shop.app.url, {
      viewport: { width: 390, height: 844 },
    });
    const { page, context } = session;
    await openHome(page);
    await page.getByRole("button", { name: "Cookie settings" }).click();
    const banner = page.getByRole("region", { name: "Cookie choices" });
    await banner.waitFor();
    await context.setOffline(true);
    const toast = await offlineAlert(page).boundingBox();
    await context.setOffline(false);
    const bannerBox = await banner.boundingBox();
    if (!toast || !bannerBox) throw new Error("no toast or banner");
    expect(toast.y + toast.height).toBeLessThanOrEqual(bannerBox.y);
    await session.close();
  });
});
