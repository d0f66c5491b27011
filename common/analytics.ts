/** The shop events we count (GA4's recommended e-commerce names, so the two line up). */
export const EVENT_NAMES = [
  "view_item",
  "select_item",
  "add_to_cart",
  "remove_from_cart",
  "view_cart",
  "begin_checkout",
  "add_shipping_info",
  "add_payment_info",
  "purchase",
  "view_item_list",
  "search",
] as const;
export type EventName = (typeof EVENT_NAMES)[number];

/** One item of an event, in GA4's shape: prices in pounds, as the browser sends them. */
export type EventItem = {
  item_id: string;
  item_name: string;
  item_brand?: string;
  item_category?: string;
  item_variant?: string;
  price?: number;
  quantity?: number;
  index?: number;
};

/**
 * Plausible (issue 18): the site as added there and the instance the browser sends its events to
 * (`{url}/api/event`), from the settings through the root loader.
 */
export type PlausibleSettings = { domain: string; url: string };
