import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { EVENT_NAMES } from "../../common/analytics";
import { trackBasket, trackCheckout, trackSelectItem } from "./analytics";
import {
  configurePlausible,
  PLAUSIBLE_EVENT_NAMES,
  plausiblePage,
  plausiblePageView,
  plausibleShopEvent,
} from "./plausible";

const ORIGIN = "https://shop.example";
const page = { url: `${ORIGIN}/basket` };

const tee = {
  item_id: "42",
  item_name: "Nebulous Skies Tour Tee",
  item_brand: "Zephyr Quarry",
  item_category: "T-shirt",
  item_variant: "M / Black",
  price: 25,
  quantity: 2,
};

describe("the page Plausible is told of", () => {
  it("keeps the path and the campaign parameters, and drops every other parameter", () => {
    expect(
      plausiblePage(
        ORIGIN,
        {
          pathname: "/checkout/orders/17",
          search: "?token=secret-order-token&utm_source=newsletter&placed=1&utm_campaign=tour",
        },
        "",
      ),
    ).toEqual({ url: `${ORIGIN}/checkout/orders/17?utm_source=newsletter&utm_campaign=tour` });
    expect(plausiblePage(ORIGIN, { pathname: "/reset-password", search: "?token=k" }, "")).toEqual({
      url: `${ORIGIN}/reset-password`,
    });
  });

  it("names only the origin of another site that sent the shopper, never our own pages", () => {
    const path = { pathname: "/", search: "" };
    expect(plausiblePage(ORIGIN, path, "https://www.google.com/search?q=zephyr+quarry")).toEqual({
      url: `${ORIGIN}/`,
      referrer: "https://www.google.com",
    });
    expect(plausiblePage(ORIGIN, path, `${ORIGIN}/bands`)).toEqual({ url: `${ORIGIN}/` });
    expect(plausiblePage(ORIGIN, path, "not an address")).toEqual({ url: `${ORIGIN}/` });
  });

  it("is a page view under Plausible's own name", () => {
    expect(
      plausiblePageView("shop.example", { url: `${ORIGIN}/`, referrer: "https://a.example" }),
    ).toEqual({
      name: "pageview",
      domain: "shop.example",
      url: `${ORIGIN}/`,
      referrer: "https://a.example",
    });
  });
});

describe("shop events for Plausible", () => {
  it("has a readable goal name for every shop event, each its own", () => {
    expect(Object.keys(PLAUSIBLE_EVENT_NAMES).sort()).toEqual([...EVENT_NAMES].sort());
    expect(new Set(Object.values(PLAUSIBLE_EVENT_NAMES)).size).toBe(EVENT_NAMES.length);
    expect(PLAUSIBLE_EVENT_NAMES).toMatchObject({
      add_to_cart: "Add to basket",
      view_item: "View product",
      view_cart: "View basket",
      begin_checkout: "Begin checkout",
      select_item: "Select product",
      add_shipping_info: "Guest checkout: delivery",
      add_payment_info: "Guest checkout: payment",
      purchase: "Purchase",
    });
  });

  it("describes a single product by name, band, type and option, with the units", () => {
    expect(
      plausibleShopEvent("shop.example", page, {
        name: "add_to_cart",
        items: [tee],
        valuePence: 5000,
      }),
    ).toEqual({
      name: "Add to basket",
      domain: "shop.example",
      url: `${ORIGIN}/basket`,
      props: {
        product: "Nebulous Skies Tour Tee",
        band: "Zephyr Quarry",
        category: "T-shirt",
        variant: "M / Black",
        quantity: "2",
      },
    });
  });

  it("gives a chosen card's list and its place in it, counting from 1", () => {
    const event = plausibleShopEvent("shop.example", page, {
      name: "select_item",
      listName: "Shop all",
      items: [{ item_id: "42", item_name: "Nebulous Skies Tour Tee", index: 4 }],
    });
    expect(event.props).toEqual({
      product: "Nebulous Skies Tour Tee",
      position: "5",
      list: "Shop all",
    });
  });

  it("counts the products and units of a basket rather than naming each", () => {
    const event = plausibleShopEvent("shop.example", page, {
      name: "view_cart",
      items: [tee, { ...tee, item_id: "43", quantity: 1 }],
      valuePence: 7500,
    });
    expect(event.props).toEqual({ products: "2", quantity: "3" });
    expect(event.revenue).toBeUndefined();
  });

  it("gives a purchase its revenue in pounds, exactly, from integer pence", () => {
    const purchase = (valuePence: number) =>
      plausibleShopEvent("shop.example", page, { name: "purchase", items: [tee], valuePence })
        .revenue;
    expect(purchase(2895)).toEqual({ currency: "GBP", amount: "28.95" });
    expect(purchase(1999)).toEqual({ currency: "GBP", amount: "19.99" });
    expect(purchase(5)).toEqual({ currency: "GBP", amount: "0.05" });
    expect(purchase(123456)).toEqual({ currency: "GBP", amount: "1234.56" });
  });

  it("sends an event without props when it has nothing to describe", () => {
    expect(plausibleShopEvent("shop.example", page, { name: "search" })).toEqual({
      name: "Search",
      domain: "shop.example",
      url: `${ORIGIN}/basket`,
    });
  });
});

describe("sending to Plausible", () => {
  const fetchMock = vi.fn((_url: string, _init: RequestInit) => Promise.resolve(new Response()));
  const line = {
    quantity: 1,
    productVariant: {
      price: 2500,
      attributes: [{ title: "M" }],
      product: {
        id: 42,
        title: "Nebulous Skies Tour Tee",
        productType: "T-shirt",
        brand: { title: "Zephyr Quarry" },
      },
    },
  };

  beforeEach(() => {
    vi.stubGlobal("window", {
      location: { origin: ORIGIN, host: "shop.example", pathname: "/basket", search: "?q=x" },
    });
    vi.stubGlobal("document", { referrer: "" });
    vi.stubGlobal("navigator", { sendBeacon: () => true });
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => {
    configurePlausible(undefined);
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  const posted = () =>
    fetchMock.mock.calls.map(([url, init]) => ({ url, init, body: JSON.parse(String(init.body)) }));

  it("posts each shop event to the Events API without cookies, kept alive, as text/plain", () => {
    configurePlausible({ domain: "shop.example", url: "https://stats.example" });
    trackBasket("add_to_cart", [line]);
    const [sent] = posted();
    expect(sent?.url).toBe("https://stats.example/api/event");
    expect(sent?.init).toMatchObject({
      method: "POST",
      keepalive: true,
      credentials: "omit",
      headers: { "Content-Type": "text/plain" },
    });
    expect(sent?.body).toMatchObject({
      name: "Add to basket",
      domain: "shop.example",
      url: `${ORIGIN}/basket`,
    });
  });

  it("tells a purchase's revenue from the order's total in pence", () => {
    configurePlausible({ domain: "shop.example", url: "https://plausible.io" });
    trackCheckout("purchase", [{ id: 7, title: "Tee", unitPrice: 2500, quantity: 1 }], 2895);
    expect(posted()[0]?.body).toMatchObject({
      name: "Purchase",
      revenue: { currency: "GBP", amount: "28.95" },
    });
  });

  it("sends nothing when Plausible is not configured, and never throws when fetch does", () => {
    trackSelectItem(
      {
        id: 42,
        title: "Tee",
        productType: "T-shirt",
        brand: { title: "ZQ" },
        priceFrom: 2500,
      } as never,
      "Home",
      0,
    );
    expect(fetchMock).not.toHaveBeenCalled();
    configurePlausible({ domain: "shop.example", url: "https://plausible.io" });
    fetchMock.mockImplementationOnce(() => {
      throw new Error("fetch broke");
    });
    expect(() => trackBasket("view_cart", [line])).not.toThrow();
  });
});
