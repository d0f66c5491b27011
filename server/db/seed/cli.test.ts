import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { databaseUrlFor } from "../../../tests/support/postgres.ts";
import { SHOP_CHANGED_CHANNEL } from "../../http/response-cache.ts";
import { projectRoot } from "../../paths.ts";

const adminUrl = process.env.TEST_DATABASE_URL;

// Running shops keep pages and answers in memory until they hear that the shop changed: a seed
// that replaces the catalogue under them must say so (the catalogue's writes do, once per
// transaction), or they show the old one for a minute.
describe.runIf(adminUrl)("the seed CLI on PostgreSQL", () => {
  it("tells running processes that the catalogue changed, after seeding and after --force", async () => {
    const name = `encore_seed_cli_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const url = databaseUrlFor(adminUrl as string, name);
    const dataDir = mkdtempSync(join(tmpdir(), "encore-seed-cli-"));
    const listener = new pg.Client({ connectionString: url });
    const heard: string[] = [];
    const seed = (...args: string[]) =>
      promisify(execFile)(
        process.execPath,
        ["--import", "tsx", join(projectRoot, "server/db/seed/cli.ts"), ...args],
        { env: { ...process.env, DATABASE_URL: url, DATA_DIR: dataDir, LOG_LEVEL: "warn" } },
      );
    try {
      await listener.connect();
      listener.on("notification", ({ channel }) => heard.push(channel));
      await listener.query(`listen ${SHOP_CHANGED_CHANNEL}`);

      await seed("--products", "3");
      await listener.query("select 1");
      expect(heard).toEqual([SHOP_CHANGED_CHANNEL]);

      const refused = await seed("--products", "3").catch((error) => error);
      expect(refused.code).toBe(1);
      await listener.query("select 1");
      expect(heard).toHaveLength(1);

      await seed("--products", "2", "--force");
      await listener.query("select 1");
      expect(heard).toEqual([SHOP_CHANGED_CHANNEL, SHOP_CHANGED_CHANNEL]);
    } finally {
      await listener.end();
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
