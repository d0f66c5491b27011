import type { Page } from "../../common/pagination.ts";

type PageMeta = Page<unknown>["meta"];

/** The rows before page `page` (from 1) of `perPage` rows: the query's offset. */
export function pageOffset(page: number, perPage: number): number {
  return (page - 1) * perPage;
}

/** DESIGN §4: the meta of page `page` of `total` rows; an empty list still has one (empty) page. */
export function pageMeta(page: number, perPage: number, total: number): PageMeta {
  return { currentPage: page, perPage, total, lastPage: Math.max(1, Math.ceil(total / perPage)) };
}
