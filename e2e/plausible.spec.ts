import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeBrand, makeProduct } from "../tests/support/factories.ts";
import { firstBuildPoll, gotoHydrated, openSession, type Session } from "./support/browser.ts";
import { type PlausibleServer, startPlausibleServer } from "./support/plausible.ts";
import { type Shop, shopUnderTest } from "./support/shop.ts";

const DOMAIN = "shop.example";

/** The names of the cookies the shop's own answers set, to tell them from anyone else's. */
function recordShopCookies(page: Page, shopUrl: string) {
  const names = new Set<string>();
  const reading: Array<Promise<void>> = [];
  page.on("response", (response) => {
    if (!response.url().startsWith(shopUrl)) return;
    const read = response.headersArray().then((headers) => {
      for (const header of headers) {
        if (header.name.toLowerCase() === "set-cookie") names.add(header.value.split("=")[0] ?? "");
      }
    });
    reading.push(read);
  });
  return {
    names: async () => {
      await Promise.all(reading);
      return names;
    },
  };
}

/** A product of the test's own: one £25.00 variant, no options to choose. */
async function makeTee(shop: Shop) {
  const { db } = shop.app.database;
  const brand = await makeBrand(db);
  const { product } = await makeProduct(db, {
    brandId: brand.id,
    title: "Plausible Tour Tee",
    variants: [{ price: 2500, stock: 5 }],
  });
  return { slug: product.slug, band: brand.title };
}

describe("Plausible, configured (issue 18)", () => {
  let plausible: PlausibleServer;
  // Filled in once the stand-in listens, before the shop starts with it (hooks run in order).
  const env: Record<string, string> = { PLAUSIBLE_DOMAIN: DOMAIN, GA_MEASUREMENT_ID: "G-TEST1234" };
  beforeAll(async () => {
    plausible = await startPlausibleServer();
    env.PLAUSIBLE_URL = plausible.url;
  });
  afterAll(() => plausible.close());
  const shop = shopUnderTest({ env });

  const pageViews = () =>
    plausible.events
      .filter((event) => event.body.name === "pageview")
      .map((event) => event.body.url);
  const named = (name: string) => plausible.events.filter((event) => event.body.name === name);

  /** Nothing reached Plausible with a cookie, and the browser holds only the shop's own. */
  async function expectNoCookies(
    session: Session,
    shopCookies: ReturnType<typeof recordShopCookies>,
  ) {
    expect(plausible.events.length).toBeGreaterThan(0);
    for (const event of plausible.events) {
      expect(event.cookie).toBeUndefined();
      expect(event.contentType).toBe("text/plain");
      expect(event.body.domain).toBe(DOMAIN);
    }
    const names = (await session.context.cookies()).map((cookie) => cookie.name);
    const shops = await shopCookies.names();
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((name) => !shops.has(name))).toEqual([]);
  }

  it("counts a page view on load and one on each client-side navigation, before any consent choice", async () => {
    plausible.events.length = 0;
    const session = await openSession(shop.browser, shop.app.url);
    const { page } = session;
    const shopCookies = recordShopCookies(page, shop.app.url);
    await gotoHydrated(page, "/?utm_source=newsletter&q=private");

    await expect.poll(pageViews).toEqual([`${shop.app.url}/?utm_source=newsletter`]);
    // No choice has been made: the banner still asks, and no consent cookie exists.
    await page.getByRole("region", { name: "Cookie choices" }).waitFor();
    expect((await session.context.cookies()).map((cookie) => cookie.name)).not.toContain(
      "cookie_consent",
    );

    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Bands" })
      .click();
    await page.waitForURL("**/bands");
    await expect.poll(pageViews).toHaveLength(2);
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Spotlight" })
      .click();
    await page.waitForURL("**/spotlight");
    // Moving within the page (the skip link's target) is not another page.
    await page.evaluate(() => {
      window.location.hash = "main";
    });
    await page.waitForURL("**/spotlight#main");
    await expect.poll(pageViews).toHaveLength(3);
    expect(pageViews()).toEqual([
      `${shop.app.url}/?utm_source=newsletter`,
      `${shop.app.url}/bands`,
      `${shop.app.url}/spotlight`,
    ]);

    // The back office is not the shop: its pages are not counted.
    const settled = firstBuildPoll(page);
    await page.goto("/admin/login");
    await page.waitForFunction(() =>
      Object.keys(document.body).some((key) => key.startsWith("__reactFiber")),
    );
    await settled;
    expect(pageViews()).toHaveLength(3);

    await expectNoCookies(session, shopCookies);
    await session.expectNoErrors();
    await session.close();
  });

  it("sends the shop's events: the product added to the basket, and the purchase with its revenue", async () => {
    plausible.events.length = 0;
    const tee = await makeTee(shop);
    const session = await openSession(shop.browser, shop.app.url);
    const { page } = session;
    const shopCookies = recordShopCookies(page, shop.app.url);

    await gotoHydrated(page, `/products/${tee.slug}`);
    await expect.poll(() => named("View product")).toHaveLength(1);
    await page.getByRole("button", { name: "Add to basket" }).click();
    await page.getByRole("dialog", { name: "Your basket" }).waitFor();
    await expect.poll(() => named("Add to basket")).toHaveLength(1);
    expect(named("Add to basket")[0]?.body).toEqual({
      name: "Add to basket",
      domain: DOMAIN,
      url: `${shop.app.url}/products/${tee.slug}`,
      props: {
        product: "Plausible Tour Tee",
        band: tee.band,
        category: "T-shirt",
        quantity: "1",
      },
    });

    await gotoHydrated(page, "/checkout");
    await page.getByLabel("Email address").fill("plausible.guest@example.com");
    const delivery = page.getByRole("group", { name: "2. Delivery address" });
    await delivery.getByLabel("Full name").fill("Pat Private");
    await delivery.getByLabel("Address line 1").fill("7 Secret Lane");
    await delivery.getByLabel("Town or city").fill("Birmingham");
    await delivery.getByLabel("Postcode").fill("b1 1aa");
    await page.getByLabel("The test card pays straight away").check();
    await page.getByRole("button", { name: "Place order and pay £28.95" }).click();
    await page.getByRole("heading", { name: "Thank you for your order" }).waitFor();

    await expect.poll(() => named("Purchase")).toHaveLength(1);
    expect(named("Purchase")[0]?.body.revenue).toEqual({ currency: "GBP", amount: "28.95" });
    expect(named("Begin checkout")).toHaveLength(1);
    // The confirmation's address holds the order's access token: Plausible sees the path only.
    const orderPath = new URL(page.url()).pathname;
    await expect.poll(pageViews).toContain(`${shop.app.url}${orderPath}`);
    const sent = JSON.stringify(plausible.events);
    for (const personal of ["plausible.guest", "Pat Private", "Secret Lane", "B1 1AA", "token="]) {
      expect(sent).not.toContain(personal);
    }

    await expectNoCookies(session, shopCookies);
    await session.expectNoErrors();
    await session.close();
  });
});

describe("Plausible, not configured", () => {
  const shop = shopUnderTest();

  it("sends nothing to any analytics tool but the shop's own", async () => {
    const session = await openSession(shop.browser, shop.app.url);
    const { page } = session;
    const elsewhere: string[] = [];
    page.on("request", (request) => {
      if (!request.url().startsWith(shop.app.url)) elsewhere.push(request.url());
    });
    const shopEvents: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/events") shopEvents.push(request.url());
    });
    const settled = firstBuildPoll(page);
    await gotoHydrated(page, "/");
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Bands" })
      .click();
    await page.waitForURL("**/bands");
    await page.getByRole("link", { name: /^Basket \d/ }).click();
    await page.getByRole("dialog", { name: "Your basket" }).waitFor();
    await expect.poll(() => shopEvents.length).toBeGreaterThan(0);
    await settled;
    expect(elsewhere).toEqual([]);

    await session.expectNoErrors();
    await session.close();
  });
});
