import type { CappedPage, Page } from "../../common/pagination.ts";

type PageMeta = Page<unknown>["meta"];
type CappedPageMeta = CappedPage<unknown>["meta"];

/** The rows before page `page` (from 1) of `perPage` rows: the query's offset. */
export function pageOffset(page: number, perPage: number): number {
  return (page - 1) * perPage;
}

/**
 * architecture.md §4: the meta of page `page` of `total` rows; an empty list still has one (empty)
 * page.
 */
export function pageMeta(page: number, perPage: number, total: number): PageMeta {
  return { currentPage: page, perPage, total, lastPage: Math.max(1, Math.ceil(total / perPage)) };
}

/**
 * How many rows to count at most for page `page`: the smallest multiple of `cap` that reaches the
 * page's end, so the first pages count up to `cap` (a shopper sees "1,000+") and a page deeper
 * than that still learns whether another follows it.
 */
export function countLimit(page: number, perPage: number, cap: number): number {
  return cap * Math.max(1, Math.ceil((page * perPage) / cap));
}

/**
 * The meta of page `page` when the rows were counted up to `limit` + 1 (`countLimit`): `counted`
 * above `limit` means there are more than `limit`, reported as `limit` and `totalIsCapped`.
 */
export function cappedPageMeta(
  page: number,
  perPage: number,
  counted: number,
  limit: number,
): CappedPageMeta {
  const totalIsCapped = counted > limit;
  return { ...pageMeta(page, perPage, totalIsCapped ? limit : counted), totalIsCapped };
}
