import { describe, expect, it } from "vitest";
import type { ProductFilters } from "../../common/catalog";
import { meaningfulListingParams } from "../../common/product-list-query";
import { activeFilterChips, clearedSearch, listingSearch } from "./listing-filters";

const facets: ProductFilters = {
  brands: [{ id: 7, slug: "night-owls", title: "Night Owls", count: 0 }],
  types: [{ slug: "hoodie", title: "Hoodie", count: 3 }],
  attributeTypes: [
    {
      id: 1,
      slug: "size",
      title: "Size",
      display: "buttons",
      attributes: [{ id: 5, slug: "m", title: "M", swatch: null, count: 0 }],
    },
  ],
  price: null,
  inStock: 0,
  countsAsOf: null,
};

describe("listing URLs", () => {
  it("drops empty and default parameters and keeps the rest", () => {
    expect(
      meaningfulListingParams(
        new URLSearchParams("sort=featured&price=&q=&type=hoodie&page=1&inStock=true&sort=title"),
      ).toString(),
    ).toBe("type=hoodie&inStock=true&sort=title");
    expect(meaningfulListingParams(new URLSearchParams("page=2&q= ")).toString()).toBe("page=2");
  });

  it("writes a query in the form's shape, without the band a band page fixes", () => {
    const query = {
      page: 3,
      perPage: 24,
      brand: ["night-owls"],
      type: ["hoodie", "poster"],
      attributes: [5],
      priceMax: 2000,
      sort: "featured" as const,
    };
    expect(listingSearch(query).toString()).toBe(
      "brand=night-owls&type=hoodie&type=poster&attributes=5&price=-2000",
    );
    expect(listingSearch(query, true).toString()).toBe(
      "type=hoodie&type=poster&attributes=5&price=-2000",
    );
  });
});

describe("activeFilterChips", () => {
  it("names each chosen filter and links to the listing without it", () => {
    const chips = activeFilterChips(
      {
        page: 2,
        perPage: 24,
        collection: "on-sale",
        brand: ["night-owls"],
        type: ["hoodie"],
        attributes: [5],
        priceMin: 2500,
        priceMax: 3000,
        inStock: true,
        sort: "title",
      },
      facets,
    );
    expect(chips.map((chip) => [chip.label, chip.search])).toEqual([
      [
        "Night Owls",
        "collection=on-sale&type=hoodie&attributes=5&price=2500-3000&inStock=true&sort=title",
      ],
      [
        "Hoodie",
        "collection=on-sale&brand=night-owls&attributes=5&price=2500-3000&inStock=true&sort=title",
      ],
      [
        "Size: M",
        "collection=on-sale&brand=night-owls&type=hoodie&price=2500-3000&inStock=true&sort=title",
      ],
      [
        "£25.00 to £30.00",
        "collection=on-sale&brand=night-owls&type=hoodie&attributes=5&inStock=true&sort=title",
      ],
      [
        "In stock only",
        "collection=on-sale&brand=night-owls&type=hoodie&attributes=5&price=2500-3000&sort=title",
      ],
    ]);
  });

  it("offers no chip for the search, the collection, the sort or a band page's band", () => {
    const query = {
      page: 1,
      perPage: 24,
      q: "owl",
      collection: "on-sale",
      brand: ["night-owls"],
      sort: "title" as const,
    };
    expect(activeFilterChips(query, facets, true)).toEqual([]);
    expect(activeFilterChips({ ...query, priceMax: 2000 }, facets, true)[0]?.label).toBe(
      "Under £20.00",
    );
    expect(clearedSearch({ ...query, type: ["hoodie"], inStock: true })).toBe(
      "q=owl&collection=on-sale&sort=title",
    );
  });
});
