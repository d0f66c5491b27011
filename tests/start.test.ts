import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it, onTestFinished } from "vitest";
import { PGLITE_EXTENSIONS } from "../server/db/client.ts";
import { projectRoot } from "../server/paths.ts";
import {
  collect,
  exitOf,
  launch,
  logLines,
  type Started,
  serving,
  start,
} from "./support/processes.ts";

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

    const client = await PGlite.create({
      dataDir: join(dataDir, "pgdata"),
      extensions: PGLITE_EXTENSIONS,
    });
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

// Decision 0034: the serving process's settings are read only as a process starts, so `npm start`
// runs the server in a process of its own, started with them.
describe("npm start", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "encore-npm-start-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    DEMO_DATA: "false",
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "info",
  };

  /** The first log line whose message starts with `message`, once the server has written it. */
  async function logLine(shop: Started, message: string) {
    for (let attempt = 0; attempt < 100; attempt++) {
      const line = logLines(shop).find((candidate) => String(candidate.msg).startsWith(message));
      if (line) return line;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no log line "${message}" in:\n${shop.output()}`);
  }

  it("serves from a process started with the serving settings, and stops it on SIGTERM", async () => {
    const npmStart = spawn(process.execPath, [join(projectRoot, "scripts/start.mjs")], { env });
    // If the test fails half way: SIGTERM, which npm start passes on, so no server is left behind.
    onTestFinished(() => {
      npmStart.kill("SIGTERM");
    });
    const shop = await serving(npmStart);
    const serverPid = Number((await logLine(shop, "Encore is serving")).pid);
    expect(serverPid).not.toBe(npmStart.pid);
    const commandLine = readFileSync(`/proc/${serverPid}/cmdline`, "utf8").split("\0");
    const environment = readFileSync(`/proc/${serverPid}/environ`, "utf8").split("\0");
    expect(commandLine).toContain("--max-semi-space-size=4");
    expect(environment).toContain("MALLOC_ARENA_MAX=2");
    expect(environment).toContain("MALLOC_TRIM_THRESHOLD_=131072");
    expect(environment).toContain("NODE_ENV=production");
    expect(shop.output()).not.toContain("memory settings");
    expect((await fetch(`${shop.url}/api/health`)).status).toBe(200);

    npmStart.kill("SIGTERM");
    expect(await exitOf(npmStart)).toBe(0);
    expect(existsSync(`/proc/${serverPid}`)).toBe(false);
  }, 120_000);

  it("has a server started by hand without them say which it lacks", async () => {
    const byHand = launch(
      { DATA_DIR: mkdtempSync(join(tmpdir(), "encore-by-hand-")), DEMO_DATA: "false" },
      { bare: true },
    );
    const shop = await serving(byHand);
    const warning = await logLine(shop, "started without the serving process's memory settings");
    expect(warning.missing).toEqual([
      "MALLOC_ARENA_MAX=2",
      "MALLOC_MMAP_THRESHOLD_=131072",
      "MALLOC_TRIM_THRESHOLD_=131072",
      "--max-semi-space-size=4",
    ]);
    byHand.kill("SIGTERM");
    expect(await exitOf(byHand)).toBe(0);
  }, 120_000);
});
