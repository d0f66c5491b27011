import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { PREPARE_ONLY_ARG, PrepareFailedError, prepareInChildProcess } from "./prepare-process.ts";

// Decision 0030: the start prepares the database in a child process of its own, which is started
// with the argument that makes the server script prepare only, and with glibc's arenas capped.

const folder = mkdtempSync(join(tmpdir(), "encore-prepare-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A stand-in for the server script: writes down how it was started, then exits with `code`. */
function scriptExiting(code: number) {
  const script = join(folder, `exit-${code}.mjs`);
  const record = join(folder, `exit-${code}.json`);
  writeFileSync(
    script,
    `import { writeFileSync } from "node:fs";
writeFileSync(${JSON.stringify(record)}, JSON.stringify({ argv: process.argv.slice(2), arenas: process.env.MALLOC_ARENA_MAX }));
process.exit(${code});
`,
  );
  return { script, started: () => JSON.parse(readFileSync(record, "utf8")) };
}

describe("preparing the database in a child process", () => {
  const arenas = process.env.MALLOC_ARENA_MAX;
  afterEach(() => {
    if (arenas === undefined) delete process.env.MALLOC_ARENA_MAX;
    else process.env.MALLOC_ARENA_MAX = arenas;
  });

  it("runs the script to prepare only, with two malloc arenas, and waits for it", async () => {
    delete process.env.MALLOC_ARENA_MAX;
    const { script, started } = scriptExiting(0);
    await prepareInChildProcess(script);
    expect(started()).toEqual({ argv: [PREPARE_ONLY_ARG], arenas: "2" });
  });

  it("leaves an operator's own MALLOC_ARENA_MAX as it is", async () => {
    process.env.MALLOC_ARENA_MAX = "4";
    const { script, started } = scriptExiting(0);
    await prepareInChildProcess(script);
    expect(started().arenas).toBe("4");
  });

  it("fails when the child does", async () => {
    const { script } = scriptExiting(3);
    await expect(prepareInChildProcess(script)).rejects.toThrow(PrepareFailedError);
    await expect(prepareInChildProcess(script)).rejects.toThrow("exit code 3");
  });
});
