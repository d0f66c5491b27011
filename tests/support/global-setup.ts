import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openPglite, openPostgres } from "../../server/db/client.ts";
import { migrateDatabase } from "../../server/db/migrate.ts";
import { installDefaults, seedDemoData } from "../../server/db/seed/index.ts";
import { localFileStore } from "../../server/media/storage.ts";
import { databaseUrlFor, postgresTemplateName } from "./postgres.ts";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** DATA_DIR of the template: its files/ hold the demo shop's generated images. */
    templateDataDir: string;
    postgresTemplate: string | null;
  }
}

/**
 * architecture.md §7.8: test databases are migrated and seeded once per run, then cloned per test
 * file: a PGlite data directory dumped to a file, and a PostgreSQL template database.
 */
export default async function setup(project: TestProject) {
  const folder = mkdtempSync(join(tmpdir(), "encore-tests-"));

  const pglite = await openPglite("memory://");
  await migrateDatabase(pglite);
  await installDefaults(pglite.db);
  const files = localFileStore(join(folder, "files"));
  await seedDemoData(pglite.db, files);
  const dump = await (pglite.db as unknown as { $client: PGlite }).$client.dumpDataDir("none");
  const pgliteTemplate = join(folder, "pglite-template.tar");
  writeFileSync(pgliteTemplate, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
  project.provide("pgliteTemplate", pgliteTemplate);
  project.provide("templateDataDir", folder);

  const adminUrl = process.env.TEST_DATABASE_URL;
  let template: string | null = null;
  if (adminUrl) {
    template = postgresTemplateName();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists "${template}" with (force)`);
    await admin.query(`create database "${template}"`);
    await admin.end();
    const url = databaseUrlFor(adminUrl, template);
    const postgres = await openPostgres(url, 2);
    await migrateDatabase(postgres, url);
    await installDefaults(postgres.db);
    await seedDemoData(postgres.db, files);
    await postgres.close();
  }
  project.provide("postgresTemplate", template);

  return async () => {
    rmSync(folder, { recursive: true, force: true });
    if (adminUrl && template) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      const { rows } = await admin.query<{ datname: string }>(
        "select datname from pg_database where datname like $1",
        [`${template}%`],
      );
      for (const { datname } of rows)
        await admin.query(`drop database if exists "${datname}" with (force)`);
      await admin.end();
    }
  };
}
