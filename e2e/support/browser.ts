import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from "playwright-core";
import { expect } from "vitest";
import { BASKET_COOKIE, DISCOUNT_COOKIE, parseStoredBasket } from "../../common/basket-rules.ts";
import { readCookie } from "../../common/cookies.ts";

/**
 * The system Chromium, headless. Without the background-networking flags its connections are
 * refused on this closed network.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

export type Session = {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught page errors, in the order they happened. */
  errors: string[];
  /**
   * architecture.md §10: console errors are failures. Waits until each pattern in `expected` has
   * matched an error (the console reports some a moment after the response), then fails on any
   * other error.
   */
  expectNoErrors(expected?: RegExp[]): Promise<void>;
  close(): Promise<void>;
};

/** A fresh context and page on `baseURL` that records every console error and page error. */
export async function openSession(
  browser: Browser,
  baseURL: string,
  options: BrowserContextOptions = {},
): Promise<Session> {
  const context = await browser.newContext({ baseURL, ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") {
      errors.push(`console: ${message.text()} (${message.location().url})`);
    }
  });
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  return {
    context,
    page,
    errors,
    async expectNoErrors(expected = []) {
      for (const pattern of expected) {
        await expect
          .poll(() => errors, { message: `an error matching ${pattern}` })
          .toContainEqual(expect.stringMatching(pattern));
      }
      const unexpected = errors.filter((error) => !expected.some((pattern) => pattern.test(error)));
      expect(unexpected, "console or page errors").toEqual([]);
    },
    close: () => context.close(),
  };
}

/**
 * Opens a shop page and waits until it is live: the default layout's start-up asks for the CSRF
 * cookie only once React has hydrated, so event handlers are in place from then on.
 */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  const hydrated = page.waitForResponse((response) =>
    response.url().includes("/sanctum/csrf-cookie"),
  );
  await page.goto(path);
  await hydrated;
}

/**
 * The last call the default layout's start-up makes for a visitor with these cookies (behaviour.md §2:
 * CSRF cookie → user → basket → discount code; each later step only with a token, a stored
 * basket, a stored code and a basket to apply it to).
 */
function lastStartupCall(cookies: Array<{ name: string; value: string }>): string {
  const header = cookies.map(({ name, value }) => `${name}=${value}`).join("; ");
  const hasBasket = Object.keys(parseStoredBasket(readCookie(header, BASKET_COOKIE))).length > 0;
  if (hasBasket && readCookie(header, DISCOUNT_COOKIE)) return "/api/discounts/basket/apply";
  if (hasBasket) return "/api/basket/lines";
  if (readCookie(header, "token")) return "/api/user/user/show";
  return "/sanctum/csrf-cookie";
}

/**
 * Opens a shop page and waits until its start-up has run to the end: the last call it makes for
 * this visitor (from the context's cookies: a live token, a stored basket, a discount code) has
 * been answered, so the header, the basket and the discount show what they will show.
 */
export async function gotoStartedUp(page: Page, path: string): Promise<void> {
  const last = lastStartupCall(await page.context().cookies());
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === last);
  await page.goto(path);
  await answered;
}

/** Waits until React has hydrated the page (its handlers are live): it marks `#main`'s node. */
export const hydrated = (page: Page) =>
  page.waitForFunction(() => {
    const main = document.getElementById("main");
    return Boolean(main && Object.keys(main).some((key) => key.startsWith("__reactFiber")));
  });

/**
 * Opens a page without the shop's start-up (the back office, the guest layout's sign-in pages)
 * and waits until it is live.
 */
export async function gotoLive(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await hydrated(page);
}

/**
 * The next page's first new-build poll, 1 s after it has loaded (behaviour.md §9): by then the page has
 * long done all it does on its own once loaded (hydration, the start-up, the consent banner and
 * what it loads, analytics' page view), so a test that checks something did not happen waits for
 * it. Ask for it before the page loads: the poll counts only once that page has loaded, so the
 * page before it, polling late, does not answer for it.
 */
export async function firstBuildPoll(page: Page): Promise<void> {
  await page.waitForEvent("load");
  await page.waitForRequest((request) => new URL(request.url()).pathname === "/builds/latest.json");
}
