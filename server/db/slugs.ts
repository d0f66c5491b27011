import slugify from "@sindresorhus/slugify";
import { and, eq, ne, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { type Refusal, refuse } from "../../common/refusal.ts";
import type { Db } from "./client.ts";

/** Where a slug must be free: its table's slug and id columns, and the rows it must differ from. */
export type SlugPlace = {
  table: PgTable;
  slug: PgColumn;
  id: PgColumn;
  /** Slugs need only be unique among these rows (an attribute's among its type's values). */
  within?: SQL;
};

/** A slug made from a title: lower case, ASCII, hyphens (`Sigur Rós & Friends` → `sigur-ros-and-friends`). */
export const slugOf = (title: string, fallback: string) => slugify(title).slice(0, 70) || fallback;

/**
 * The slug a record is saved with (decision 0014): the one typed, refused with `taken` on the
 * `slug` field when another row has it; else one made from the title, numbered (`-2`, `-3` …)
 * until it is free; undefined when there is neither. `exceptId` is the record itself, on update.
 */
export async function freeSlug(
  tx: Db,
  place: SlugPlace,
  input: { slug?: string; title?: string },
  options: { taken: string; fallback: string; exceptId?: number },
): Promise<string | Refusal | undefined> {
  const taken = async (slug: string) =>
    (
      await tx
        .select({ id: place.id })
        .from(place.table)
        .where(
          and(
            eq(place.slug, slug),
            place.within,
            options.exceptId ? ne(place.id, options.exceptId) : undefined,
          ),
        )
        .limit(1)
    ).length > 0;
  if (input.slug) {
    return (await taken(input.slug)) ? refuse("invalid", options.taken, "slug") : input.slug;
  }
  if (!input.title) return undefined;
  const base = slugOf(input.title, options.fallback);
  for (let n = 1; ; n += 1) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await taken(candidate))) return candidate;
  }
}
