import { z } from "zod";

/** DESIGN §4: where a page sits in the whole list. */
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
