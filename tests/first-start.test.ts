import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "./support/databases.ts";
import { databaseUrlFor } from "./support/postgres.ts";
import { exitOf, type Started, start } from "./support/processes.ts";

// Decision 0030: the first start on an empty database migrates it and seeds the demo shop in a
// child process of its own, which has exited before the shop serves. The serving process never
// loads sharp (libvips) nor holds the drawings, and serves the images the child stored.

/** An empty PostgreSQL database beside TEST_DATABASE_URL's, and how to drop it. */
async function emptyPostgresDatabase() {
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const name = `encore_first_start_${randomBytes(4).toString("hex")}`;
  const run = async (statement: string) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(statement).finally(() => admin.end());
  };
  await run(`create database "${name}"`);
  return {
    url: databaseUrlFor(adminUrl, name),
    drop: () => run(`drop database if exists "${name}" with (force)`),
  };
}

describe.each(databaseKinds)("the first start with the demo shop, on %s", (kind) => {
  const dataDir = mkdtempSync(join(tmpdir(), "encore-first-start-"));
  let dropDatabase = async () => {};
  let shop: Started;

  beforeAll(async () => {
    const env: Record<string, string> = { DATA_DIR: dataDir, DEMO_DATA: "true" };
    if (kind === "postgres") {
      const database = await emptyPostgresDatabase();
      env.DATABASE_URL = database.url;
      dropDatabase = database.drop;
    }
    shop = await start(env);
  }, 300_000);

  afterAll(async () => {
    shop?.child.kill("SIGTERM");
    if (shop) await exitOf(shop.child);
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("seeds in another process, and serves without sharp loaded", () => {
    const seeded = shop
      .output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { msg?: string; pid?: number })
      .find((line) => line.msg === "demo data seeded");
    expect(seeded?.pid).toBeTypeOf("number");
    expect(seeded?.pid).not.toBe(shop.child.pid);
    const mapped = readFileSync(`/proc/${shop.child.pid}/maps`, "utf8");
    expect(mapped).toContain("node");
    expect(mapped).not.toMatch(/libvips/);
  });

  it("serves the demo images the seeding process drew and stored", async () => {
    const listing = await (await fetch(`${shop.url}/api/products`)).text();
    const slug = /[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}\.webp/.exec(
      listing,
    )?.[0];
    expect(slug, "an image in the product listing").toBeDefined();
    const answer = await fetch(`${shop.url}/api/file/${slug}`, {
      headers: { Accept: "image/webp" },
    });
    expect(answer.status).toBe(200);
    const image = await sharp(Buffer.from(await answer.arrayBuffer())).metadata();
    expect(image).toMatchObject({ format: "webp", width: 800, height: 1000 });
  });
});
