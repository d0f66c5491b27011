/** DESIGN §4: where a page of a list sits among the rest. */
export type PageMeta = { currentPage: number; perPage: number; total: number; lastPage: number };

/** DESIGN §4: one page of a list, as every list endpoint and listing page returns it. */
export type Page<T> = { data: T[]; meta: PageMeta };

/** The rows before page `page` (from 1) of `perPage` rows: the query's offset. */
export function pageOffset(page: number, perPage: number): number {
  return (page - 1) * perPage;
}

/** The meta of page `page` of `total` rows; an empty list still has one (empty) page. */
export function pageMeta(page: number, perPage: number, total: number): PageMeta {
  return { currentPage: page, perPage, total, lastPage: Math.max(1, Math.ceil(total / perPage)) };
}
