import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ProductCard, ProductView } from "../../common/catalog";
import {
  gaItem,
  penceToPounds,
  track,
  trackSelectItem,
  trackViewItem,
  trackViewItemList,
} from "./analytics";

const card: ProductCard = {
  id: 42,
  slug: "nebulous-skies-tour-tee",
  title: "Nebulous Skies Tour Tee",
  productType: "T-shirt",
  brand: { id: 7, slug: "zephyr-quarry", title: "Zephyr Quarry" },
  priceFrom: 2500,
  priceTo: 2700,
  compareAtPrice: null,
  inStock: true,
  stockLeft: null,
  preOrder: false,
  releaseDate: null,
  image: null,
};

const product: ProductView = {
  ...card,
  description: "<p>Soft cotton.</p>",
  billing: null,
  billingNote: null,
  tags: [],
  seoTitle: null,
  seoDescription: null,
  attributeTypes: [],
  mediaFiles: [],
  variants: [
    {
      id: 1,
      sku: "ZQ-TEE-M-BLK",
      price: 2500,
      compareAtPrice: null,
      inStock: true,
      stockLeft: null,
      attributes: [
        { id: 3, slug: "m", title: "M", typeId: 1 },
        { id: 9, slug: "black", title: "Black", typeId: 2 },
      ],
    },
    {
      id: 2,
      sku: "ZQ-TEE-XL-WHT",
      price: 2799,
      compareAtPrice: null,
      inStock: false,
      stockLeft: null,
      attributes: [{ id: 5, slug: "xl", title: "XL", typeId: 1 }],
    },
  ],
};

describe("GA4 items from our product shapes", () => {
  it("turns integer pence into pounds", () => {
    expect(penceToPounds(2500)).toBe(25);
    expect(penceToPounds(1999)).toBe(19.99);
    expect(penceToPounds(5)).toBe(0.05);
    expect(penceToPounds(0)).toBe(0);
  });

  it("maps a card at its lowest price, with its list position", () => {
    expect(gaItem(card, { index: 3 })).toEqual({
      item_id: "42",
      item_name: "Nebulous Skies Tour Tee",
      item_brand: "Zephyr Quarry",
      item_category: "T-shirt",
      price: 25,
      index: 3,
    });
  });

  it("maps a chosen variant at its own price, its options as the item variant", () => {
    expect(gaItem(product, { variant: product.variants[1], quantity: 2 })).toEqual({
      item_id: "42",
      item_name: "Nebulous Skies Tour Tee",
      item_brand: "Zephyr Quarry",
      item_category: "T-shirt",
      item_variant: "XL",
      price: 27.99,
      quantity: 2,
    });
    expect(gaItem(product, { variant: product.variants[0] }).item_variant).toBe("M / Black");
  });

  it("keeps names within the endpoint's limits", () => {
    const item = gaItem({ ...card, title: "x".repeat(500) });
    expect(item.item_name).toHaveLength(200);
  });
});

describe("track", () => {
  const beacon = vi.fn((_url: string, _data: Blob) => true);
  const fetchMock = vi.fn((_url: string, _init: RequestInit) => Promise.resolve(new Response()));
  const gtag = vi.fn();

  beforeEach(() => {
    vi.stubGlobal("window", {
      location: { pathname: "/products/nebulous-skies-tour-tee", host: "shop.example" },
      gtag,
    });
    vi.stubGlobal("navigator", { sendBeacon: beacon });
    vi.stubGlobal("document", { referrer: "" });
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetAllMocks();
  });

  const beaconBody = async (call = 0) => {
    const [url, blob] = beacon.mock.calls[call] ?? [];
    expect(url).toBe("/api/events");
    expect(blob?.type).toBe("application/json");
    return JSON.parse((await blob?.text()) ?? "null");
  };

  it("posts the event with a JSON beacon, the current path by default", async () => {
    trackViewItem(product, product.variants[0]);
    expect(await beaconBody()).toEqual({
      name: "view_item",
      path: "/products/nebulous-skies-tour-tee",
      value: 25,
      currency: "GBP",
      items: [
        {
          item_id: "42",
          item_name: "Nebulous Skies Tour Tee",
          item_brand: "Zephyr Quarry",
          item_category: "T-shirt",
          item_variant: "M / Black",
          price: 25,
        },
      ],
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("forwards to gtag in GA4's shape, the value in pounds", () => {
    trackViewItem(product);
    expect(gtag).toHaveBeenCalledWith("event", "view_item", {
      currency: "GBP",
      value: 25,
      items: [
        {
          item_id: "42",
          item_name: "Nebulous Skies Tour Tee",
          item_brand: "Zephyr Quarry",
          item_category: "T-shirt",
          price: 25,
        },
      ],
    });
  });

  it("sends select_item with the list's name and the card's position", async () => {
    trackSelectItem(card, "Shop all", 4);
    expect(await beaconBody()).toEqual({
      name: "select_item",
      path: "/products/nebulous-skies-tour-tee",
      listName: "Shop all",
      items: [expect.objectContaining({ item_id: "42", index: 4, price: 25 })],
    });
    expect(gtag).toHaveBeenCalledWith("event", "select_item", {
      currency: "GBP",
      item_list_name: "Shop all",
      items: [expect.objectContaining({ item_id: "42", index: 4 })],
    });
  });

  it("sends at most 50 items, as the endpoint takes", async () => {
    trackViewItemList(
      Array.from({ length: 60 }, (_, id) => ({ ...card, id })),
      "Zephyr Quarry",
    );
    const body = await beaconBody();
    expect(body.items).toHaveLength(50);
    expect(body.items[49]).toMatchObject({ item_id: "49", index: 49 });
  });

  it("sends only the host of another site's referrer, never our own", async () => {
    vi.stubGlobal("document", { referrer: "https://www.google.com/search?q=zephyr+quarry" });
    track("view_cart", { path: "/basket" });
    expect(await beaconBody()).toEqual({
      name: "view_cart",
      path: "/basket",
      referrerHost: "www.google.com",
    });
    vi.stubGlobal("document", { referrer: "https://shop.example/bands" });
    track("view_cart", { path: "/basket" });
    expect(await beaconBody(1)).toEqual({ name: "view_cart", path: "/basket" });
  });

  it("falls back to a keepalive fetch without cookies when there is no beacon", () => {
    vi.stubGlobal("navigator", {});
    track("search", { searchTerm: "  night owls ", path: "/products" });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/events");
    expect(init).toMatchObject({ method: "POST", keepalive: true, credentials: "omit" });
    expect(JSON.parse(String(init?.body))).toEqual({
      name: "search",
      path: "/products",
      searchTerm: "night owls",
    });
    expect(gtag).toHaveBeenCalledWith("event", "search", {
      currency: "GBP",
      search_term: "night owls",
    });
  });

  it("falls back to fetch when the browser refuses the beacon", () => {
    beacon.mockReturnValueOnce(false);
    track("view_cart");
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("never throws: not when gtag, the beacon or fetch fail, nor on the server", () => {
    gtag.mockImplementation(() => {
      throw new Error("gtag broke");
    });
    beacon.mockImplementation(() => {
      throw new Error("beacon broke");
    });
    fetchMock.mockImplementation(() => {
      throw new Error("fetch broke");
    });
    expect(() => trackViewItem(product)).not.toThrow();
    expect(() => trackSelectItem(null as unknown as ProductCard, "x", 0)).not.toThrow();
    vi.stubGlobal("window", undefined);
    expect(() => track("view_cart")).not.toThrow();
  });

  it("does nothing but post when the page has no gtag and Plausible is not configured", async () => {
    vi.stubGlobal("window", { location: { pathname: "/", host: "shop.example" } });
    track("view_item_list", { listName: "Home" });
    expect(await beaconBody()).toEqual({ name: "view_item_list", path: "/", listName: "Home" });
    expect(gtag).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
