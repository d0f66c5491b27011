import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from "playwright-core";
import { expect } from "vitest";

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
