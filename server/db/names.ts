import { and, ne, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { type Refusal, refuse } from "../../common/refusal.ts";
import type { Db } from "./client.ts";

/** Where a name must be free: its table's name and id columns, and the rows it must differ from. */
export type NamePlace = {
  table: PgTable;
  title: PgColumn;
  id: PgColumn;
  /** Names need only differ among these rows (an option value's among its option's values). */
  within?: SQL;
  /** The body's field that carries the name, when not `title` (a venue's is `name`). */
  field?: string;
};

/**
 * The refusal, on the `title` field (or `place.field`), for a name another row of `place` already has, compared
 * without case as its unique index compares them (issue 30: two bands called "Static Gulls"
 * would both list on /bands); undefined when the name is free or not being set. `exceptId` is
 * the record itself, on update. The index still decides a race (two staff saving one name at
 * once): the caller maps that index's 23505 to the same field.
 */
export async function nameTaken(
  tx: Db,
  place: NamePlace,
  title: string | undefined,
  message: string,
  exceptId?: number,
): Promise<Refusal | undefined> {
  if (title === undefined) return undefined;
  const [other] = await tx
    .select({ id: place.id })
    .from(place.table)
    .where(
      and(
        sql`lower(${place.title}) = lower(${title})`,
        place.within,
        exceptId === undefined ? undefined : ne(place.id, exceptId),
      ),
    )
    .limit(1);
  return other ? refuse("invalid", message, place.field ?? "title") : undefined;
}
