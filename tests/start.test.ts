import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { collect, exitOf, launch, start } from "./support/processes.ts";

describe("starting the shop", () => {
  it("seeds once, refuses a second process on the same DATA_DIR, and keeps the data across restarts", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "encore-start-"));
    const first = await start({ DATA_DIR: dataDir });
    expect(first.output()).toContain('"msg":"demo data seeded"');
    const health = await fetch(`${first.url}/api/health`);
    expect(await health.json()).toEqual({ data: { status: "ok" } });

    const second = launch({ DATA_DIR: dataDir });
    const secondOutput = collect(second);
    expect(await exitOf(second)).toBe(1);
    expect(secondOutput()).toContain(
      `Encore could not start: DATA_DIR ${dataDir} is in use by another Encore process (pid ${first.child.pid})`,
    );

    first.child.kill("SIGTERM");
    expect(await exitOf(first.child)).toBe(0);

    const again = await start({ DATA_DIR: dataDir });
    expect(again.output()).not.toContain("demo data seeded");
    again.child.kill("SIGTERM");
    expect(await exitOf(again.child)).toBe(0);

    const client = await PGlite.create(join(dataDir, "pgdata"));
    const { rows } = await client.query<{ key: string }>(
      "select key from app_settings order by key",
    );
    expect(rows.map((row) => row.key)).toEqual(["demo_seeded_at", "signing_secret"]);
    await client.close();
    // Three starts and the demo seed, each start preparing the database in a child process that
    // opens PGlite before the server does (decision 0030).
  }, 120_000);

  it("stops at once with a one-line message naming a bad setting", async () => {
    const child = launch({ PORT: "abc", DATA_DIR: mkdtempSync(join(tmpdir(), "encore-start-")) });
    const output = collect(child);
    expect(await exitOf(child)).toBe(1);
    expect(output().trim()).toMatch(/^Encore could not start: Invalid setting PORT="abc": [^\n]+$/);
  });
});
