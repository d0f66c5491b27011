import { it } from "vitest";
import { openSession } from "./support/browser.ts";
import { shopUnderTest } from "./support/shop.ts";

const shop = shopUnderTest();

it("probe", async () => {
  const session = await openSession(shop.browser, shop.app.url, { viewport: { width: 320, height: 800 } });
  const page = session.page;
  await page.goto("/products");
  const product = await page.locator('main a[href^="/products/"]').first().getAttribute("href");
  await page.goto("/bands");
  const band = await page.locator('main a[href^="/bands/"]').first().getAttribute("href");
  await page.goto("/blogs");
  const article = await page.locator('main a[href^="/blogs/"]').first().getAttribute("href");
  console.log("LINKS", product, band, article);
  for (const path of ["/", "/products", "/bands", "/spotlight", "/blogs", "/blogs/news", "/help/sizing-guide", "/help/contact", "/company/careers", "/legal/cookie-policy", "/basket", "/login", "/register", "/forgot-password", "/nope", product, band, article]) {
    await page.goto(path ?? "/");
    const widths = await page.evaluate(() => {
      const wide = [...document.querySelectorAll("body *")].filter((el) => el.getBoundingClientRect().right > 320.5).slice(0, 4).map((el) => `${el.tagName}.${String(el.className).slice(0, 60)} r=${Math.round(el.getBoundingClientRect().right)}`);
      return { sw: document.scrollingElement?.scrollWidth, wide };
    });
    console.log("PROBE", path, JSON.stringify(widths));
  }
  await session.close();
});
