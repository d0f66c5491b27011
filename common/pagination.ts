import { z } from "zod";

/** architecture.md §4: where a page sits in the whole list. */
export const PageMeta = z
  .object({
    currentPage: z.number().int().min(1),
    perPage: z.number().int().min(1),
    total: z.number().int().min(0),
    lastPage: z.number().int().min(1),
  })
  .meta({
    id: "PageMeta",
    description:
      "The page shown (from 1), its size, how many items there are in all, and the last page.",
  });

/** The schema of one page of a list answer: `{ data: item[], meta }`. */
export function pageOf<Item extends z.ZodType>(item: Item) {
  return z.object({ data: z.array(item), meta: PageMeta });
}

export type Page<T> = { data: T[]; meta: z.output<typeof PageMeta> };

/**
 * The meta of a list too long to count in full on every request (100,000 products): `total`
 * counts up to a cap, and `totalIsCapped` says there are more than that. `lastPage` is then the
 * last page known, and more follow it.
 */
export const CappedPageMeta = PageMeta.extend({
  totalIsCapped: z.boolean().meta({
    description:
      "True when more items match than were counted: there are more than `total`, and pages after `lastPage`.",
  }),
}).meta({
  id: "CappedPageMeta",
  description:
    "The page shown (from 1), its size, how many items there are (counted up to a cap), whether there are more than that, and the last page known.",
});

/** The schema of one page of a list whose total is counted up to a cap. */
export function cappedPageOf<Item extends z.ZodType>(item: Item) {
  return z.object({ data: z.array(item), meta: CappedPageMeta });
}

export type CappedPage<T> = { data: T[]; meta: z.output<typeof CappedPageMeta> };
