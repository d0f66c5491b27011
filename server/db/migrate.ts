import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { migrationsFolder } from "../paths.ts";
import type { Database } from "./client.ts";

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
