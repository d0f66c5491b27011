import { useLayoutEffect } from "react";
import { useLocation } from "react-router";
import type { EventItem, EventName, PlausibleSettings } from "../../common/analytics";
import { penceAsPounds } from "../../common/money";

/** A shop event as `track` records it: GA4-shaped items, its value in integer pence. */
export type ShopEvent = {
  name: EventName;
  items?: EventItem[];
  valuePence?: number;
  listName?: string;
};

/** The body of Plausible's Events API (`POST {url}/api/event`). */
export type PlausibleEvent = {
  name: string;
  url: string;
  domain: string;
  referrer?: string;
  props?: Record<string, string>;
  /** Pounds as an exact decimal string ("28.95"), which Plausible reads as it reads a number. */
  revenue?: { currency: "GBP"; amount: string };
};

/** Where an event happened: the page's address and the site the shopper came from. */
export type PlausiblePage = { url: string; referrer?: string };

/**
 * behaviour.md §9's events under the names a Plausible dashboard shows as goals (readable, and in
 * the shop's words: basket, not cart). Only guests' checkout steps are recorded.
 */
export const PLAUSIBLE_EVENT_NAMES: Record<EventName, string> = {
  view_item: "View product",
  select_item: "Select product",
  view_item_list: "View product list",
  search: "Search",
  add_to_cart: "Add to basket",
  remove_from_cart: "Remove from basket",
  view_cart: "View basket",
  begin_checkout: "Begin checkout",
  add_shipping_info: "Guest checkout: delivery",
  add_payment_info: "Guest checkout: payment",
  purchase: "Purchase",
};

// Plausible reads the source of a visit from these; any other parameter may hold what is not
// Plausible's to see (a guest's order token, a password reset key, a search someone typed).
const CAMPAIGN_PARAMETERS = [
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
  "ref",
  "source",
];

/**
 * The page as Plausible is told of it: its address with only the campaign parameters kept, and
 * only the origin of another site that sent the shopper (none for our own pages).
 */
export function plausiblePage(
  origin: string,
  location: { pathname: string; search: string },
  referrer: string,
): PlausiblePage {
  const query = new URLSearchParams(location.search);
  const kept = new URLSearchParams();
  for (const [name, value] of query) {
    if (CAMPAIGN_PARAMETERS.includes(name)) kept.append(name, value);
  }
  const search = kept.toString();
  const page: PlausiblePage = { url: `${origin}${location.pathname}${search ? `?${search}` : ""}` };
  try {
    const from = new URL(referrer);
    if (from.origin !== origin) page.referrer = from.origin;
  } catch {
    // No referrer, or not an address.
  }
  return page;
}

/** A page view, Plausible's own event name. */
export function plausiblePageView(domain: string, page: PlausiblePage): PlausibleEvent {
  return { name: "pageview", domain, ...page };
}

/**
 * What Plausible may know of a shop event: the product (name, band, type, option, place in a
 * list) when there is one, how many products and units otherwise, the list's name, and for a
 * purchase its revenue in pounds. Nothing about the shopper: no email, name, address or typed
 * search.
 */
export function plausibleShopEvent(
  domain: string,
  page: PlausiblePage,
  event: ShopEvent,
): PlausibleEvent {
  const props: Record<string, string> = {};
  const items = event.items ?? [];
  const [only] = items;
  if (only && items.length === 1) {
    props.product = only.item_name;
    if (only.item_brand) props.band = only.item_brand;
    if (only.item_category) props.category = only.item_category;
    if (only.item_variant) props.variant = only.item_variant;
    if (only.index !== undefined) props.position = String(only.index + 1);
  } else if (items.length > 1) {
    props.products = String(items.length);
  }
  const units = items.reduce((sum, item) => sum + (item.quantity ?? 0), 0);
  if (units > 0) props.quantity = String(units);
  if (event.listName) props.list = event.listName;
  return {
    name: PLAUSIBLE_EVENT_NAMES[event.name],
    domain,
    ...page,
    ...(Object.keys(props).length > 0 ? { props } : {}),
    ...(event.name === "purchase" && event.valuePence !== undefined
      ? { revenue: { currency: "GBP", amount: penceAsPounds(event.valuePence) } }
      : {}),
  };
}

/** Set by the root's hook; unset (no settings, or the back office), nothing goes to Plausible. */
let settings: PlausibleSettings | undefined;

/** Where this page's events go to; undefined sends none. */
export function configurePlausible(next: PlausibleSettings | undefined): void {
  settings = next;
}

/** The last page counted, so a page is counted once however often React runs its effect. */
let lastPageView: string | undefined;

/**
 * A POST to the Events API, without cookies either way (`credentials: "omit"`; a beacon would send
 * Plausible's site's cookies), as text/plain so the browser sends it without a preflight, and
 * kept alive so an event on leaving the page still arrives. Never throws.
 */
function post(target: PlausibleSettings, event: PlausibleEvent): void {
  try {
    fetch(`${target.url}/api/event`, {
      method: "POST",
      headers: { "Content-Type": "text/plain" },
      body: JSON.stringify(event),
      keepalive: true,
      credentials: "omit",
    }).catch(() => {});
  } catch {
    // Lost events are acceptable; a broken page is not.
  }
}

function currentPage(): PlausiblePage {
  return plausiblePage(window.location.origin, window.location, document.referrer);
}

/** Sends a shop event to Plausible when it is configured for this page. Never throws. */
export function sendToPlausible(event: ShopEvent): void {
  try {
    if (settings) post(settings, plausibleShopEvent(settings.domain, currentPage(), event));
  } catch {
    // As above.
  }
}

/**
 * Configures Plausible for the page and counts a page view on load and after each client-side
 * navigation to another address (a change of hash alone is the same page, as Plausible's own
 * script counts it). A layout effect, so the settings are in place before any route's own effect
 * sends its events. No consent needed: nothing is stored in the browser and nothing identifies
 * the shopper (decision 0024).
 */
export function usePlausible(configured: PlausibleSettings | null): void {
  const { pathname, search } = useLocation();
  const domain = configured?.domain;
  const url = configured?.url;
  useLayoutEffect(() => {
    if (!domain || !url) {
      configurePlausible(undefined);
      lastPageView = undefined;
      return;
    }
    configurePlausible({ domain, url });
    const address = `${pathname}${search}`;
    if (address === lastPageView) return;
    lastPageView = address;
    const page = plausiblePage(window.location.origin, { pathname, search }, document.referrer);
    post({ domain, url }, plausiblePageView(domain, page));
  }, [domain, url, pathname, search]);
}
