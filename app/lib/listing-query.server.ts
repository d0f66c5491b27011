import { redirect } from "react-router";
import { MAX_ID } from "../../common/ids";
import { meaningfulListingParams, type ProductListQuery } from "../../common/product-list-query";
import { PublicProductListQuery } from "../../server/catalog/validators";

const KEYS = [
  "q",
  "brand",
  "collection",
  "type",
  "attributes",
  "priceMin",
  "priceMax",
  "inStock",
  "sort",
  "page",
] as const;

/**
 * A product listing's query from a page URL. Pages are forgiving where the API is strict: repeated
 * checkbox values (`type=a&type=b`) are joined, `price=2000-4000` sets a range, and a value that
 * does not parse is dropped rather than failing the page.
 */
export function listingQueryFromUrl(
  url: URL,
  fixed: Partial<Record<(typeof KEYS)[number], string>> = {},
): ProductListQuery {
  const raw: Record<string, string> = {};
  for (const key of KEYS) {
    const values = url.searchParams
      .getAll(key)
      .flatMap((value) => value.split(","))
      .map((value) => value.trim())
      .filter(Boolean);
    if (values.length) raw[key] = values.join(",");
  }
  const range = /^(\d{0,9})-(\d{0,9})$/.exec(url.searchParams.get("price") ?? "");
  if (range?.[1]) raw.priceMin = range[1];
  if (range?.[2]) raw.priceMax = range[2];
  Object.assign(raw, fixed);
  const noSuchBands = takeImpossibleBandIds(raw);
  let parsed = PublicProductListQuery.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) delete raw[String(issue.path[0])];
    Object.assign(raw, fixed);
    parsed = PublicProductListQuery.safeParse(raw);
  }
  const query: ProductListQuery = parsed.success ? parsed.data : { page: 1, perPage: 24 };
  if (noSuchBands.length) query.brand = [...(query.brand ?? []), ...noSuchBands];
  return query;
}

/**
 * Takes out of `raw.brand` the numbers no band id can be (0, or past the largest PostgreSQL
 * integer), which the API refuses. A shopper who follows such a link expects what an unknown
 * band's name gives them: no products, and the band's chip to take away. So each comes back as a
 * name (a string is a slug to the services, never an id), which no band has.
 */
function takeImpossibleBandIds(raw: Record<string, string>): string[] {
  if (raw.brand === undefined) return [];
  const impossible = (value: string) =>
    /^[0-9]+$/.test(value) && (Number(value) < 1 || Number(value) > MAX_ID);
  const values = raw.brand.split(",");
  const kept = values.filter((value) => !impossible(value));
  if (kept.length) raw.brand = kept.join(",");
  else delete raw.brand;
  return [...new Set(values.filter(impossible))];
}

/**
 * A listing URL with empty or default parameters (`?sort=featured&price=`, as a form sent
 * without JavaScript) redirects to its clean form, so such a URL is never shared or indexed.
 */
export function redirectToCleanListing(url: URL): void {
  const meaningful = meaningfulListingParams(url.searchParams);
  if (meaningful.size === url.searchParams.size) return;
  const search = meaningful.toString();
  throw redirect(search ? `${url.pathname}?${search}` : url.pathname, 302);
}
