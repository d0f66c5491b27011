import { type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "./client.ts";

/** A column of a bulk insert: the column, its SQL element type and one value per row. */
export type ColumnValues = [
  column: PgColumn,
  type: "int" | "text" | "timestamptz",
  values: unknown[],
];

/**
 * INSERT … SELECT FROM unnest(one array per column): one parameter per column however many rows,
 * about three times faster than a VALUES list for the tens of thousands of rows of a big seed.
 */
export async function insertColumns<Row = never>(
  db: Db,
  table: PgTable,
  columns: ColumnValues[],
  returning: SQL = sql``,
): Promise<Row[]> {
  const names = sql.join(
    columns.map(([column]) => sql.identifier(column.name)),
    sql`, `,
  );
  const arrays = sql.join(
    columns.map(([, type, values]) => sql`${sql.param(values)}::${sql.raw(type)}[]`),
    sql`, `,
  );
  const result = await db.execute(
    sql`insert into ${table} (${names}) select * from unnest(${arrays}) ${returning}`,
  );
  return (result as unknown as { rows: Row[] }).rows;
}

/** Calls `insert` with `rows` a slice of `size` at a time, one after another. */
export async function inBatches<T>(
  rows: T[],
  size: number,
  insert: (batch: T[]) => Promise<unknown>,
): Promise<void> {
  for (let start = 0; start < rows.length; start += size) {
    await insert(rows.slice(start, start + size));
  }
}
