import type { BrowserContext, Page } from "playwright-core";
import { apiClient } from "../../common/api/client.mjs";
import { LEGAL_PAGES } from "../../common/legal-pages.ts";
import { gotoLive, gotoStartedUp } from "./browser.ts";
import type { Shop } from "./shop.ts";

/**
 * Every storefront screen of behaviour.md §2 in the default layout (header, basket drawer, footer),
 * as the demo seed fills them; `/customer/…` pages need a signed-in customer.
 */
export const SHOP_PAGES = [
  "/",
  "/products",
  "/products?q=hoodie",
  "/products?collection=on-sale",
  "/products/band/static-gulls",
  "/products/band/static-gulls?type=t-shirt",
  "/products/mothwing-cathedral-logo-longsleeve",
  "/bands",
  "/bands/static-gulls",
  "/spotlight",
  "/blogs",
  "/blogs/news",
  "/blogs/news/pylon-hymns-announce-the-northern-grid-tour-2026",
  "/basket",
  "/checkout",
  "/company/careers",
  "/help/contact",
  "/help/sizing-guide",
  ...LEGAL_PAGES.map((page) => `/legal/${page.slug}`),
  "/customer/dashboard",
];

/** Pages without the shop's header and drawer: the account screens and the not-found page. */
export const PLAIN_PAGES = ["/login", "/register", "/forgot-password", "/no-such-page"];

/** The guest layout's pages: no shop header, so no start-up either. */
const GUEST_LAYOUT = /^\/(login|register|forgot-password|reset-password|admin\/login)(\?|$)/;

/**
 * Opens a page of `SHOP_PAGES` or `PLAIN_PAGES` (or another guest page) and waits until it shows
 * what it will: a page of the default layout once its start-up has run, a guest page once React
 * has hydrated it.
 */
export function gotoSettled(page: Page, path: string): Promise<void> {
  return GUEST_LAYOUT.test(path) ? gotoLive(page, path) : gotoStartedUp(page, path);
}

/** A desktop and a phone, the widths the storefront is designed and checked at. */
export const VIEWPORTS = {
  desktop: { width: 1280, height: 900 },
  phone: { width: 390, height: 844 },
};

/** Gives `context` a basket holding one in-stock demo product, so basket pages have lines. */
export async function fillBasket(shop: Shop, context: BrowserContext): Promise<void> {
  const api = apiClient(shop.app.url);
  const { data: list } = await api.GET("/api/products", {
    params: { query: { inStock: "true", perPage: 1 } },
  });
  const card = list?.data[0];
  if (!card) throw new Error("no demo product in stock");
  const { data: view } = await api.GET("/api/products/{id}", {
    params: { path: { id: card.slug } },
  });
  const variant = view?.data.variants.find((entry) => entry.inStock);
  if (!variant) throw new Error("no variant in stock");
  const value = encodeURIComponent(JSON.stringify({ [variant.id]: 1 }));
  await context.addCookies([{ name: "basket", value, url: shop.app.url }]);
}

/** Opens the basket drawer from the header, as a shopper would. */
export async function openDrawer(page: Page): Promise<void> {
  await page
    .getByRole("banner")
    .getByRole("link", { name: /^Basket/ })
    .click();
  await page.getByRole("dialog", { name: "Your basket" }).waitFor();
}
