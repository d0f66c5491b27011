import type { EventItem, EventName } from "../../common/analytics";
import type { ProductCard, ProductView, VariantView } from "../../common/catalog";
import { sendToPlausible } from "./plausible";

export type { EventName };

/** GA4's item shape; prices in pounds as numbers (2500 pence is 25). */
export type GaItem = EventItem;

/** What an event carries besides its name; `path` defaults to the current page's path. */
export type TrackPayload = {
  path?: string;
  items?: GaItem[];
  /** Integer pence: pounds for GA4 and our endpoint, a revenue for Plausible, each at the edge. */
  valuePence?: number;
  searchTerm?: string;
  listName?: string;
};

const ENDPOINT = "/api/events";
// The limits of POST /api/events: an event that broke them would be refused with a 422.
const MAX_ITEMS = 50;
const MAX_LABEL = 100;
const MAX_NAME = 200;

type Gtag = (command: "event", name: string, params: Record<string, unknown>) => void;
type AnalyticsWindow = Window & { gtag?: unknown };

/** Integer pence as GA4's pounds: 2500 → 25, 1999 → 19.99. */
export function penceToPounds(pence: number): number {
  return Math.round(pence) / 100;
}

const clip = (text: string, length: number) => text.trim().slice(0, length);

/** The variant's options as one label: 'M / Black'. */
type VariantSource = { price: number; attributes: ReadonlyArray<{ title: string }> };

function variantLabel(variant: Pick<VariantSource, "attributes">): string | undefined {
  const label = variant.attributes.map((attribute) => attribute.title).join(" / ");
  return label ? clip(label, MAX_NAME) : undefined;
}

type ItemSource = Pick<ProductCard, "id" | "title" | "productType" | "priceFrom"> & {
  brand: { title: string };
};

/**
 * A GA4 item for a product (a card or a full product), at a variant's price when one is chosen,
 * else at its lowest price. The item id is the product's id, so one product's events line up from
 * list to purchase; the variant is told apart by `item_variant`.
 */
export function gaItem(
  product: ItemSource,
  options: {
    variant?: VariantSource;
    quantity?: number;
    index?: number;
  } = {},
): GaItem {
  const item: GaItem = {
    item_id: String(product.id),
    item_name: clip(product.title, MAX_NAME),
    item_brand: clip(product.brand.title, MAX_NAME),
    item_category: clip(product.productType, MAX_LABEL),
    price: penceToPounds(options.variant?.price ?? product.priceFrom),
  };
  const variant = options.variant && variantLabel(options.variant);
  if (variant) item.item_variant = variant;
  if (options.quantity !== undefined) item.quantity = options.quantity;
  if (options.index !== undefined) item.index = options.index;
  return item;
}

/** The referring site's host name, when the shopper came from another site. */
function referrerHost(): string | undefined {
  try {
    if (!document.referrer) return undefined;
    const host = new URL(document.referrer).host;
    return host && host !== window.location.host ? host : undefined;
  } catch {
    return undefined;
  }
}

function send(body: string): void {
  try {
    if (
      typeof navigator !== "undefined" &&
      typeof navigator.sendBeacon === "function" &&
      navigator.sendBeacon(ENDPOINT, new Blob([body], { type: "application/json" }))
    ) {
      return;
    }
  } catch {
    // A refused beacon (queue full, blocked) falls back to fetch.
  }
  try {
    if (typeof fetch !== "function") return;
    fetch(ENDPOINT, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body,
      keepalive: true,
      // The endpoint is cookieless: it neither needs nor reads the shopper's cookies.
      credentials: "omit",
    }).catch(() => {});
  } catch {
    // Lost events are acceptable; a broken page is not.
  }
}

/** GA4's `value` is in pounds. */
type GtagEvent = Pick<TrackPayload, "items" | "searchTerm" | "listName"> & { value?: number };

function forwardToGtag(target: AnalyticsWindow, name: EventName, event: GtagEvent) {
  if (typeof target.gtag !== "function") return;
  try {
    const params: Record<string, unknown> = { currency: "GBP" };
    if (event.value !== undefined) params.value = event.value;
    if (event.items) params.items = event.items;
    if (event.searchTerm) params.search_term = event.searchTerm;
    if (event.listName) params.item_list_name = event.listName;
    (target.gtag as Gtag)("event", name, params);
  } catch {
    // Someone else's script failing must not break ours.
  }
}

/**
 * Records a shop event: to our own cookieless endpoint (a beacon, so it survives leaving the
 * page), to Plausible when it is configured (cookieless too), and to GA4 when the shopper has
 * let the page load it. Never throws; does nothing on the server.
 */
export function track(name: EventName, payload: TrackPayload = {}): void {
  try {
    if (typeof window === "undefined") return;
    const target = window as AnalyticsWindow;
    const event = {
      name,
      path: payload.path ?? target.location.pathname,
      ...(payload.items ? { items: payload.items.slice(0, MAX_ITEMS) } : {}),
      ...(payload.valuePence !== undefined
        ? { value: penceToPounds(payload.valuePence), currency: "GBP" as const }
        : {}),
      ...(payload.searchTerm ? { searchTerm: clip(payload.searchTerm, MAX_LABEL) } : {}),
      ...(payload.listName ? { listName: clip(payload.listName, MAX_LABEL) } : {}),
    };
    const host = referrerHost();
    send(JSON.stringify(host ? { ...event, referrerHost: host } : event));
    sendToPlausible({
      name,
      items: event.items,
      valuePence: payload.valuePence,
      listName: event.listName,
    });
    forwardToGtag(target, name, event);
  } catch {
    // Analytics must never break the shop.
  }
}

/** view_item: a product page was seen, at the chosen variant's price or the lowest one. */
export function trackViewItem(product: ProductView, variant?: VariantView): void {
  try {
    const item = gaItem(product, { variant });
    track("view_item", { valuePence: variant?.price ?? product.priceFrom, items: [item] });
  } catch {
    // Never throws.
  }
}

/** select_item: a product card in a list was chosen; `index` is its position from 0. */
export function trackSelectItem(card: ProductCard, listName: string, index: number): void {
  try {
    track("select_item", { listName, items: [gaItem(card, { index })] });
  } catch {
    // Never throws.
  }
}

/** view_item_list: a list of product cards was shown (the first 50 are counted). */
export function trackViewItemList(cards: ProductCard[], listName: string): void {
  try {
    const items = cards.slice(0, MAX_ITEMS).map((card, index) => gaItem(card, { index }));
    track("view_item_list", { listName, items });
  } catch {
    // Never throws.
  }
}

type LineSource = {
  quantity: number;
  productVariant: VariantSource & {
    product: { id: number; title: string; productType: string; brand: { title: string } };
  };
};

/** add_to_cart, remove_from_cart, view_cart, begin_checkout: basket lines as GA4 items with the value. */
export function trackBasket(
  name: "add_to_cart" | "remove_from_cart" | "view_cart" | "begin_checkout",
  lines: LineSource[],
): void {
  try {
    const items = lines.map((line) =>
      gaItem(
        { ...line.productVariant.product, priceFrom: line.productVariant.price },
        { variant: line.productVariant, quantity: line.quantity },
      ),
    );
    const value = lines.reduce((sum, line) => sum + line.productVariant.price * line.quantity, 0);
    track(name, { valuePence: value, items });
  } catch {
    // Never throws.
  }
}

type CheckoutLine = { id: number; title: string; unitPrice: number; quantity: number };

/**
 * begin_checkout (the checkout opened), a guest's steps through it, and purchase (an order
 * placed), with its value.
 */
export function trackCheckout(
  name: "begin_checkout" | "add_shipping_info" | "add_payment_info" | "purchase",
  lines: CheckoutLine[],
  total: number,
): void {
  try {
    const items = lines.slice(0, MAX_ITEMS).map((line) => ({
      item_id: String(line.id),
      item_name: line.title,
      price: penceToPounds(line.unitPrice),
      quantity: line.quantity,
    }));
    track(name, { valuePence: total, items });
  } catch {
    // Never throws.
  }
}
