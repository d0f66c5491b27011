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

/** A column of `insertRecords`: the column and its SQL type as written in a row type (`text[]`). */
export type RecordColumn = [column: PgColumn, type: string];

/**
 * INSERT … SELECT FROM jsonb_to_recordset(the rows as one JSON parameter): one parameter however
 * many rows and columns, for rows with types `unnest` cannot take apart (arrays, dates, booleans).
 * Each row is an array of values in `columns`' order; undefined is null (not the default).
 */
export async function insertRecords<Row = never>(
  db: Db,
  table: PgTable,
  columns: RecordColumn[],
  rows: unknown[][],
  returning: SQL = sql``,
): Promise<Row[]> {
  const names = sql.join(
    columns.map(([column]) => sql.identifier(column.name)),
    sql`, `,
  );
  const types = sql.join(
    columns.map(([column, type]) => sql`${sql.identifier(column.name)} ${sql.raw(type)}`),
    sql`, `,
  );
  const json = JSON.stringify(
    rows.map((row) =>
      Object.fromEntries(columns.map(([column], index) => [column.name, row[index] ?? null])),
    ),
  );
  const result = await db.execute(
    sql`insert into ${table} (${names}) select ${names} from jsonb_to_recordset(${json}::jsonb) as r(${types}) ${returning}`,
  );
  return (result as unknown as { rows: Row[] }).rows;
}
