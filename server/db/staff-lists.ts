import { type AnyColumn, asc, desc, ilike, or, type SQL } from "drizzle-orm";

// What every staff list (decision 0014) does the same way: a search box that finds text anywhere
// in a few columns, and sort keys that go both ways (`title`, `-title`).

/** A LIKE pattern that finds `text` anywhere; `%`, `_` and `\` typed into a search mean themselves. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Rows where any of `columns` contains `q`, whatever the case; undefined when nothing is searched. */
export function containing(q: string | undefined, ...columns: Array<AnyColumn | SQL>) {
  if (!q) return undefined;
  const pattern = likePattern(q);
  return or(...columns.map((column) => ilike(column, pattern)));
}

/** A list's sort keys, each ascending then descending: `["title", "-title", "updated", …]`. */
export function bothWays<K extends string>(keys: readonly K[]): Array<K | `-${K}`> {
  return keys.flatMap((key) => [key, `-${key}` as const]);
}

/**
 * What a sort key orders by: an expression, then ties broken by the row's id in the same
 * direction; or an expression with tie-breakers of its own that keep their direction.
 */
export type SortKey = AnyColumn | SQL | { by: AnyColumn | SQL; ties: SQL[] };

/**
 * The ORDER BY of each sort key both ways: `orderings({ title: lower(title) }, table.id)` gives
 * `title` (A to Z, then by id) and `-title` (Z to A, then by id descending), so pages never
 * overlap when values tie.
 */
export function orderings<K extends string>(
  keys: Record<K, SortKey>,
  id: AnyColumn,
): Record<K | `-${K}`, SQL[]> {
  const entries = (Object.entries(keys) as Array<[K, SortKey]>).flatMap(
    ([key, sort]): Array<[string, SQL[]]> => {
      const by = typeof sort === "object" && "by" in sort ? sort.by : sort;
      const ties = typeof sort === "object" && "by" in sort ? sort.ties : undefined;
      return [
        [key, [asc(by), ...(ties ?? [asc(id)])]],
        [`-${key}`, [desc(by), ...(ties ?? [desc(id)])]],
      ];
    },
  );
  return Object.fromEntries(entries) as Record<K | `-${K}`, SQL[]>;
}
