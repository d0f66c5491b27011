import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { inject } from "vitest";
import {
  type Database,
  openPostgres,
  PGLITE_EXTENSIONS,
  wrapPglite,
} from "../../server/db/client.ts";
import { databaseUrlFor } from "./postgres.ts";

export type DatabaseKind = "pglite" | "postgres";

/** Integration tests run on PGlite always, and on PostgreSQL too when TEST_DATABASE_URL is set. */
export const databaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ["pglite", "postgres"]
  : ["pglite"];

export type TestDatabase = Database & { url?: string; drop(): Promise<void> };

/** A fresh, migrated and seeded database of `kind`, cloned from the run's template. */
export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === "pglite") {
    const dump = new Blob([readFileSync(inject("pgliteTemplate"))]);
    const database = wrapPglite(
      await PGlite.create({ loadDataDir: dump, extensions: PGLITE_EXTENSIONS }),
    );
    return { ...database, drop: database.close };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  const template = inject("postgresTemplate");
  if (!adminUrl || !template) throw new Error("PostgreSQL tests need TEST_DATABASE_URL");
  const name = `${template}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}" template "${template}"`);
  await admin.end();
  const url = databaseUrlFor(adminUrl, name);
  const database = await openPostgres(url);
  let dropped = false;
  return {
    ...database,
    url,
    async drop() {
      if (dropped) return;
      dropped = true;
      await database.close().catch(() => {});
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    },
  };
}
