import type { ProductFilters } from "../../common/catalog";
import { formatPrice } from "../../common/money";
import { formatCount } from "../../common/numbers";
import type { CappedPage } from "../../common/pagination";
import { DEFAULT_PRODUCT_SORT, type ProductListQuery } from "../../common/product-list-query";
import { PRODUCT_TYPES } from "../../common/product-types";

/** The price bands the filters offer, as `price=min-max` in pence (either end may be open). */
export const PRICE_RANGES = [
  { value: "", label: "Any price" },
  { value: "-2000", label: `Under ${formatPrice(2000)}` },
  { value: "2000-4000", label: `${formatPrice(2000)} to ${formatPrice(4000)}` },
  { value: "4000-6000", label: `${formatPrice(4000)} to ${formatPrice(6000)}` },
  { value: "6000-", label: `${formatPrice(6000)} and over` },
];

/** A query's price range as the form's `price` value; "" for any price. */
export const priceValue = (query: ProductListQuery) =>
  query.priceMin === undefined && query.priceMax === undefined
    ? ""
    : `${query.priceMin ?? ""}-${query.priceMax ?? ""}`;

function priceLabel(query: ProductListQuery): string {
  const band = PRICE_RANGES.find((range) => range.value === priceValue(query));
  if (band) return band.label;
  if (query.priceMin === undefined) return `Up to ${formatPrice(query.priceMax ?? 0)}`;
  if (query.priceMax === undefined) return `${formatPrice(query.priceMin)} and over`;
  return `${formatPrice(query.priceMin)} to ${formatPrice(query.priceMax)}`;
}

/**
 * A listing query as its URL's search, in the filter form's own shape (repeated values,
 * `price=min-max`), never with an empty or default parameter and always from page 1. A band page
 * names its band in the path, so `brandFixed` leaves the band out.
 */
export function listingSearch(query: ProductListQuery, brandFixed = false): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.collection !== undefined) params.set("collection", String(query.collection));
  if (!brandFixed) for (const brand of query.brand ?? []) params.append("brand", String(brand));
  for (const type of query.type ?? []) params.append("type", type);
  for (const id of query.attributes ?? []) params.append("attributes", String(id));
  const price = priceValue(query);
  if (price) params.set("price", price);
  if (query.inStock) params.set("inStock", "true");
  if (query.sort && query.sort !== DEFAULT_PRODUCT_SORT) params.set("sort", query.sort);
  return params;
}

/** One chosen filter: what it is, and the listing's search once it is taken away. */
export type FilterChip = { key: string; label: string; search: string };

/**
 * The filters a shopper has chosen, as removable chips. The search and the collection are what
 * the page is about (its heading), and the sort is no filter, so none of them is a chip.
 */
export function activeFilterChips(
  query: ProductListQuery,
  facets: ProductFilters,
  brandFixed = false,
): FilterChip[] {
  const without = (change: Partial<ProductListQuery>) =>
    listingSearch({ ...query, ...change, page: 1 }, brandFixed).toString();
  const chips: FilterChip[] = [];
  if (!brandFixed) {
    for (const brand of query.brand ?? []) {
      const facet = facets.brands.find((entry) => entry.slug === brand || entry.id === brand);
      chips.push({
        key: `brand-${brand}`,
        label: facet?.title ?? String(brand),
        search: without({ brand: query.brand?.filter((value) => value !== brand) }),
      });
    }
  }
  for (const type of query.type ?? []) {
    chips.push({
      key: `type-${type}`,
      label: PRODUCT_TYPES.find((entry) => entry.slug === type)?.title ?? type,
      search: without({ type: query.type?.filter((value) => value !== type) }),
    });
  }
  for (const id of query.attributes ?? []) {
    const type = facets.attributeTypes.find((entry) =>
      entry.attributes.some((attribute) => attribute.id === id),
    );
    const attribute = type?.attributes.find((entry) => entry.id === id);
    chips.push({
      key: `attribute-${id}`,
      label: type && attribute ? `${type.title}: ${attribute.title}` : `Option ${id}`,
      search: without({ attributes: query.attributes?.filter((value) => value !== id) }),
    });
  }
  if (priceValue(query)) {
    chips.push({
      key: "price",
      label: priceLabel(query),
      search: without({ priceMin: undefined, priceMax: undefined }),
    });
  }
  if (query.inStock) {
    chips.push({ key: "inStock", label: "In stock only", search: without({ inStock: undefined }) });
  }
  return chips;
}

/** The listing's search with every filter taken away: its search, collection and sort stay. */
export function clearedSearch(query: ProductListQuery): string {
  return listingSearch({
    page: 1,
    perPage: query.perPage,
    q: query.q,
    collection: query.collection,
    sort: query.sort,
  }).toString();
}

/** A listing's total as its page meta gives it: counted up to a cap, with whether there are more. */
export type CountedTotal = Pick<CappedPage<unknown>["meta"], "total" | "totalIsCapped">;

/** "1,204", or "1,000+" when counting stopped at 1,000 and more match. */
export const matchCount = ({ total, totalIsCapped }: CountedTotal) =>
  `${formatCount(total)}${totalIsCapped ? "+" : ""}`;

/** "1 product", "1,204 products", "1,000+ products". */
export const productCount = (count: CountedTotal) =>
  count.total === 1 && !count.totalIsCapped ? "1 product" : `${matchCount(count)} products`;
