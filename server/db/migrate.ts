import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { migrationsFolder } from "../paths.ts";
import type { Database, Db } from "./client.ts";
import { sqlState } from "./transaction.ts";

// Any fixed number: every Encore process takes this advisory lock before migrating, so that
// several processes starting together on one PostgreSQL apply each migration exactly once.
const MIGRATION_LOCK = 7_262_026;

/** Applies every pending migration; safe to call from several processes at once. */
export async function migrateDatabase(database: Database, databaseUrl?: string): Promise<void> {
  if (database.kind === "pglite") {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  if (!databaseUrl) throw new Error("migrateDatabase needs the PostgreSQL URL");
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await migratePg(drizzlePg({ client }), { migrationsFolder });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
    await client.end();
  }
}

/** When each migration of this build was made, read from its folder once. */
// undefined_table, invalid_schema_name
const NEVER_MIGRATED = new Set(["42P01", "3F000"]);

let migrationTimes: number[] | undefined;

/**
 * How many of this build's migrations the database has not applied (0 when it is up to date), as
 * drizzle's migrator counts them: those newer than the last one it recorded.
 */
export async function pendingMigrations(db: Db): Promise<number> {
  migrationTimes ??= readMigrationFiles({ migrationsFolder }).map((each) => each.folderMillis);
  let last = 0;
  try {
    const result = await db.execute(sql`
      select coalesce(max(created_at), 0)::text as last
      from drizzle.__drizzle_migrations`);
    last = Number((result as unknown as { rows: Array<{ last: string }> }).rows[0]?.last ?? 0);
  } catch (error) {
    // A database never migrated has no record of migrations yet: none applied.
    if (!NEVER_MIGRATED.has(sqlState(error) ?? "")) throw error;
  }
  return migrationTimes.filter((made) => made > last).length;
}
