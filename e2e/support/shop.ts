import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { startTestApp, type TestApp, type TestAppOptions } from "../../tests/support/app.ts";
import { launchBrowser } from "./browser.ts";

export type Shop = { app: TestApp; browser: Browser };

/**
 * A spec file's shop: the real app on a fresh PGlite and the system Chromium, started before its
 * tests (together, to save time) and stopped after them. Read `shop.app` and `shop.browser` inside
 * tests and hooks, once they have started.
 */
export function shopUnderTest(options: TestAppOptions = {}): Shop {
  const shop = {} as Shop;
  beforeAll(async () => {
    [shop.app, shop.browser] = await Promise.all([
      startTestApp("pglite", options),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await shop.browser?.close();
    await shop.app?.close();
  });
  return shop;
}
