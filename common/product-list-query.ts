/** The orders a product listing can be sorted in. */
export const PRODUCT_SORTS = ["featured", "newest", "price-asc", "price-desc", "title"] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/**
 * A product listing's query once read from the URL (server/catalog/validators.ts reads it): lists
 * split, flags as booleans, prices in pence. The pages keep it to show the chosen filters.
 */
export type ProductListQuery = {
  page: number;
  perPage: number;
  q?: string;
  /** Bands by id (a number, never above the largest PostgreSQL integer) or by slug (a string). */
  brand?: Array<number | string>;
  /** An id (never above the largest PostgreSQL integer) or a slug. */
  collection?: number | string;
  type?: string[];
  attributes?: number[];
  priceMin?: number;
  priceMax?: number;
  inStock?: boolean;
  sort?: ProductSort;
};

/** The order a listing has when the URL names none. */
export const DEFAULT_PRODUCT_SORT: ProductSort = "featured";

/**
 * A listing URL's parameters without those that say nothing: empty ones (`price=`) and defaults
 * (`sort=featured`, `page=1`). The filter form submits this, and the pages redirect to it.
 */
export function meaningfulListingParams(params: URLSearchParams): URLSearchParams {
  return new URLSearchParams(
    [...params].filter(([key, value]) => {
      const trimmed = value.trim();
      if (trimmed === "") return false;
      if (key === "sort") return trimmed !== DEFAULT_PRODUCT_SORT;
      if (key === "page") return trimmed !== "1";
      return true;
    }),
  );
}
