import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { firstBuildPoll, gotoHydrated, openSession, type Session } from "./support/browser.ts";
import { shopUnderTest } from "./support/shop.ts";

const MEASUREMENT_ID = "G-TEST1234";
const GTAG_SCRIPT = `https://www.googletagmanager.com/gtag/js?id=${MEASUREMENT_ID}`;
const GOOGLE_HOSTS =
  /^https:\/\/([\w-]+\.)*(googletagmanager\.com|google-analytics\.com|analytics\.google\.com)\//;

const shop = shopUnderTest({ env: { GA_MEASUREMENT_ID: MEASUREMENT_ID } });

/**
 * Google cannot be reached from here, so a stand-in answers for its hosts (a tiny gtag.js that
 * counts its runs) and records every request the page makes to them.
 */
async function interceptGoogle(session: Session) {
  const requests: string[] = [];
  await session.context.route(GOOGLE_HOSTS, (route) => {
    requests.push(route.request().url());
    return route.fulfill({
      contentType: "text/javascript",
      body: "window.stubGtagRuns = (window.stubGtagRuns || 0) + 1;",
    });
  });
  return {
    requests,
    gtagLoads: () => requests.filter((url) => url === GTAG_SCRIPT).length,
  };
}

/** The names of the first-party cookieless events the page sends to POST /api/events. */
function recordShopEvents(page: Page): string[] {
  const names: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/events") {
      names.push((request.postDataJSON() as { name: string }).name);
    }
  });
  return names;
}

const banner = (page: Page) => page.getByRole("region", { name: "Cookie choices" });
const bannerButton = (page: Page, name: string) =>
  banner(page).getByRole("button", { name, exact: true });

/** Opens the basket drawer (which records view_cart) and closes it again. */
async function viewBasket(page: Page) {
  await page.getByRole("link", { name: /^Basket \d/ }).click();
  const drawer = page.getByRole("dialog", { name: "Your basket" });
  await drawer.waitFor();
  await page.keyboard.press("Escape");
  await drawer.waitFor({ state: "hidden" });
}

async function cookie(session: Session, name: string) {
  return (await session.context.cookies()).find((entry) => entry.name === name);
}

async function gaCookieNames(session: Session) {
  return (await session.context.cookies())
    .map((entry) => entry.name)
    .filter((name) => name === "_ga" || name.startsWith("_ga_"));
}

/** Cookies GA4 would have set on an earlier visit. */
async function addGaCookies(session: Session) {
  await session.context.addCookies([
    { name: "_ga", value: "GA1.1.111.222", url: shop.app.url },
    { name: `_ga_${MEASUREMENT_ID.slice(2)}`, value: "GS1.1.333", url: shop.app.url },
  ]);
}

/** What the page has handed to gtag, as plain arrays (`gtag` pushes Arguments objects). */
function gtagCommands(page: Page): Promise<unknown[][]> {
  return page.evaluate(() => {
    const dataLayer = (window as unknown as { dataLayer?: ArrayLike<unknown>[] }).dataLayer ?? [];
    return dataLayer.map((entry) => Array.from(entry));
  });
}

const hasGtag = (page: Page) =>
  page.evaluate(() => typeof (window as unknown as { gtag?: unknown }).gtag === "function");

/** Pages that are not the default layout have no start-up call to wait for: React marks its nodes. */
async function gotoAndWaitForReact(page: Page, path: string) {
  await page.goto(path);
  await page.waitForFunction(() =>
    Object.keys(document.body).some((key) => key.startsWith("__reactFiber")),
  );
}

describe("cookie consent (PECR)", () => {
  it("renders the same cacheable page whatever the choice: the banner is the browser's", async () => {
    const pages = await Promise.all(
      ["", "cookie_consent=v1.analytics-granted", "cookie_consent=v1.analytics-denied"].map(
        async (cookies) => {
          const response = await shop.app.fetch("/", {
            headers: cookies ? { Cookie: cookies } : {},
          });
          const nonce = /'nonce-([^']+)'/.exec(
            response.headers.get("content-security-policy") ?? "",
          )?.[1];
          return {
            cacheControl: response.headers.get("cache-control"),
            csp: response.headers.get("content-security-policy") ?? "",
            html: (await response.text()).replaceAll(nonce ?? "no nonce", "NONCE"),
          };
        },
      ),
    );
    for (const page of pages) {
      expect(page.cacheControl).toMatch(/^public/);
      expect(page.html).not.toContain("Cookie choices");
      expect(page.html).not.toContain("googletagmanager.com/gtag");
      expect(page.csp).toMatch(/script-src [^;]*https:\/\/www\.googletagmanager\.com/);
    }
    expect(pages[1]?.html).toBe(pages[0]?.html);
    expect(pages[2]?.html).toBe(pages[0]?.html);
  });

  it("asks first: no GA4 request before a choice, on two pages, while cookieless events are sent", async () => {
    const session = await openSession(shop.browser, shop.app.url);
    const { page } = session;
    const google = await interceptGoogle(session);
    const events = recordShopEvents(page);

    let settled = firstBuildPoll(page);
    await gotoHydrated(page, "/");
    await banner(page).waitFor();
    await banner(page).getByRole("heading", { name: "Cookie choices" }).waitFor();
    await banner(page).getByRole("link", { name: "Read our cookie policy" }).waitFor();
    for (const name of ["Accept analytics", "Reject analytics", "Choose"]) {
      await bannerButton(page, name).waitFor();
    }
    await settled;
    expect(google.requests).toEqual([]);

    // spec: the first-party cookieless events do not need consent.
    await viewBasket(page);
    await expect.poll(() => events).toContain("view_cart");

    settled = firstBuildPoll(page);
    await gotoHydrated(page, "/products");
    await banner(page).waitFor();
    await settled;
    expect(google.requests).toEqual([]);
    expect(await hasGtag(page)).toBe(false);
    expect(await gtagCommands(page)).toEqual([]);
    expect(await cookie(session, "cookie_consent")).toBeUndefined();

    await session.expectNoErrors();
    await session.close();
  });

  it("loads GA4 once on Accept analytics, forwards shop events to it, and remembers the choice", async () => {
    const session = await openSession(shop.browser, shop.app.url);
    const { page } = session;
    const google = await interceptGoogle(session);
    const events = recordShopEvents(page);
    await gotoHydrated(page, "/");

    await bannerButton(page, "Accept analytics").click();
    await banner(page).waitFor({ state: "hidden" });
    await expect.poll(google.gtagLoads).toBe(1);
    await page.waitForFunction(() => (window as { stubGtagRuns?: number }).stubGtagRuns === 1);
    expect(await hasGtag(page)).toBe(true);
    const commands = await gtagCommands(page);
    expect(commands[0]?.[0]).toBe("js");
    expect(commands[1]).toEqual([
      "config",
      MEASUREMENT_ID,
      { allow_google_signals: false, allow_ad_personalization_signals: false },
    ]);

    const consent = await cookie(session, "cookie_consent");
    expect(consent).toMatchObject({ value: "v1.analytics-granted", path: "/", sameSite: "Lax" });
    expect(consent?.secure).toBe(false);
    const twelveMonths = 365 * 24 * 60 * 60;
    expect(Math.abs((consent?.expires ?? 0) - (Date.now() / 1000 + twelveMonths))).toBeLessThan(60);

    // Shop events still go to our endpoint, and now to GA4 as well.
    await viewBasket(page);
    await expect.poll(() => events).toContain("view_cart");
    expect((await gtagCommands(page)).map((command) => command.slice(0, 2))).toContainEqual([
      "event",
      "view_cart",
    ]);

    // Moving around the shop does not load it again.
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Bands" })
      .click();
    await page.waitForURL("**/bands");
    await page.getByRole("heading", { level: 1, name: "Bands" }).waitFor();
    expect(google.gtagLoads()).toBe(1);

    // A new page load remembers the choice: no question, GA4 once more.
    const settled = firstBuildPoll(page);
    await gotoHydrated(page, "/products");
    await expect.poll(google.gtagLoads).toBe(2);
    await settled;
    expect(await banner(page).count()).toBe(0);
    expect(google.gtagLoads()).toBe(2);

    await session.expectNoErrors();
    await session.close();
  });

  it("never loads GA4 after Reject analytics, and removes GA4's cookies", async () => {
    const session = await openSession(shop.browser, shop.app.url);
    const { page } = session;
    const google = await interceptGoogle(session);
    const events = recordShopEvents(page);
    await addGaCookies(session);
    await gotoHydrated(page, "/");

    await bannerButton(page, "Reject analytics").click();
    await banner(page).waitFor({ state: "hidden" });
    expect(await gaCookieNames(session)).toEqual([]);
    expect((await cookie(session, "cookie_consent"))?.value).toBe("v1.analytics-denied");

    const settled = firstBuildPoll(page);
    await gotoHydrated(page, "/products");
    await viewBasket(page);
    await expect.poll(() => events).toContain("view_cart");
    await settled;
    expect(await banner(page).count()).toBe(0);
    expect(google.requests).toEqual([]);
    expect(await hasGtag(page)).toBe(false);

    await session.expectNoErrors();
    await session.close();
  });

  it("reopens from Cookie settings in the footer; switching to reject stops GA4 and removes its cookies", async () => {
    const session = await openSession(shop.browser, shop.app.url);
    const { page } = session;
    const google = await interceptGoogle(session);
    const events = recordShopEvents(page);
    await session.context.addCookies([
      { name: "cookie_consent", value: "v1.analytics-granted", url: shop.app.url },
    ]);
    await gotoHydrated(page, "/");
    await expect.poll(google.gtagLoads).toBe(1);
    expect(await banner(page).count()).toBe(0);
    await addGaCookies(session);

    const settings = page
      .getByRole("contentinfo")
      .getByRole("button", { name: "Cookie settings", exact: true });
    await settings.click();
    await banner(page).waitFor();
    // Focus moves into the banner, so keyboard and screen reader users land on it.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Cookie choices");
    await banner(page).getByText("Analytics cookies are on at the moment.").waitFor();
    const necessary = banner(page).getByRole("checkbox", { name: "Strictly necessary" });
    expect(await necessary.isChecked()).toBe(true);
    expect(await necessary.isDisabled()).toBe(true);
    const analytics = banner(page).getByRole("checkbox", { name: "Analytics" });
    expect(await analytics.isChecked()).toBe(true);

    await analytics.uncheck();
    await bannerButton(page, "Save choices").click();
    await banner(page).waitFor({ state: "hidden" });
    expect((await cookie(session, "cookie_consent"))?.value).toBe("v1.analytics-denied");
    expect(await gaCookieNames(session)).toEqual([]);
    expect(await hasGtag(page)).toBe(false);
    // Focus goes back to where the visitor was.
    expect(await settings.evaluate((button) => button === document.activeElement)).toBe(true);

    // Shop events are still counted, but no longer reach GA4.
    await viewBasket(page);
    await expect.poll(() => events).toContain("view_cart");
    expect((await gtagCommands(page)).map((command) => command[1])).not.toContain("view_cart");

    const settled = firstBuildPoll(page);
    await gotoHydrated(page, "/");
    await settled;
    expect(google.gtagLoads()).toBe(1);
    expect(await banner(page).count()).toBe(0);

    await session.expectNoErrors();
    await session.close();
  });

  it("can be answered with the keyboard alone, with focus always visible", async () => {
    const session = await openSession(shop.browser, shop.app.url);
    const { page } = session;
    const google = await interceptGoogle(session);
    await gotoHydrated(page, "/");
    await banner(page).waitFor();

    const focused = () =>
      page.evaluate(() => ({
        text: document.activeElement?.textContent ?? "",
        outline: getComputedStyle(document.activeElement ?? document.body).outlineStyle,
      }));
    // The banner comes first in the page: Tab reaches its link, then its first button.
    await page.keyboard.press("Tab");
    expect(await focused()).toEqual({ text: "Read our cookie policy", outline: "solid" });
    await page.keyboard.press("Tab");
    expect(await focused()).toEqual({ text: "Accept analytics", outline: "solid" });
    await page.keyboard.press("Tab");
    expect(await focused()).toEqual({ text: "Reject analytics", outline: "solid" });
    await page.keyboard.press("Tab");
    expect(await focused()).toEqual({ text: "Choose", outline: "solid" });

    await page.keyboard.press("Enter");
    const choose = bannerButton(page, "Choose");
    expect(await choose.getAttribute("aria-expanded")).toBe("true");
    // The strictly necessary box is disabled, so Tab goes straight to Analytics.
    await page.keyboard.press("Tab");
    const analytics = banner(page).getByRole("checkbox", { name: "Analytics" });
    expect(await analytics.evaluate((box) => box === document.activeElement)).toBe(true);
    await page.keyboard.press("Space");
    expect(await analytics.isChecked()).toBe(true);
    await page.keyboard.press("Tab");
    expect(await focused()).toEqual({ text: "Save choices", outline: "solid" });
    await page.keyboard.press("Enter");

    await banner(page).waitFor({ state: "hidden" });
    await expect.poll(google.gtagLoads).toBe(1);
    expect((await cookie(session, "cookie_consent"))?.value).toBe("v1.analytics-granted");

    await session.expectNoErrors();
    await session.close();
  });

  it("fits a 390 px phone without hiding the page, with Accept and Reject the same size", async () => {
    const session = await openSession(shop.browser, shop.app.url, {
      viewport: { width: 390, height: 844 },
    });
    const { page } = session;
    await interceptGoogle(session);
    await gotoHydrated(page, "/");

    const box = async (locator: ReturnType<typeof banner>) => {
      const found = await locator.boundingBox();
      if (!found) throw new Error("not shown");
      return found;
    };
    const shown = await box(banner(page));
    expect(shown.y + shown.height).toBeCloseTo(844, 0);
    expect(shown.width).toBe(390);
    expect(shown.height).toBeLessThan(844 / 3);
    const accept = await box(bannerButton(page, "Accept analytics"));
    const reject = await box(bannerButton(page, "Reject analytics"));
    expect([reject.width, reject.height]).toEqual([accept.width, accept.height]);

    await bannerButton(page, "Choose").click();
    const withChoices = await box(banner(page));
    expect(withChoices.height).toBeLessThanOrEqual(844 * 0.75);
    await bannerButton(page, "Save choices").click();
    await banner(page).waitFor({ state: "hidden" });

    await session.expectNoErrors();
    await session.close();
  });

  it("asks on every layout of the shop, but not in the back office", async () => {
    const session = await openSession(shop.browser, shop.app.url);
    const { page } = session;
    await interceptGoogle(session);

    await gotoAndWaitForReact(page, "/login");
    await banner(page).waitFor();

    const settled = firstBuildPoll(page);
    await gotoAndWaitForReact(page, "/admin/login");
    await settled;
    expect(await banner(page).count()).toBe(0);

    await session.expectNoErrors();
    await session.close();
  });
});
