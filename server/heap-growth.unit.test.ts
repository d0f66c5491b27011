import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { HEAP_GROWTH_FLAG } from "./heap-growth.ts";

// Decision 0030: V8 takes what it lets the old generation grow by from this flag, even when set
// once the process runs (as `server/main.ts` does), not only on the command line.

/** The old generation's largest size, in bytes, while a process churns through short-lived rows. */
function oldSpacePeak(flags: string[]): number {
  const script = `
const v8 = require("node:v8");
for (const flag of ${JSON.stringify(flags)}) v8.setFlagsFromString(flag);
let rows = [];
let peak = 0;
for (let i = 0; i < 6e6; i++) {
  rows.push({ i, text: "row " + i });
  if (rows.length > 300000) rows = [];
  if (i % 50000 === 0) {
    const old = v8.getHeapSpaceStatistics().find((space) => space.space_name === "old_space");
    peak = Math.max(peak, old.space_size);
  }
}
process.stdout.write(String(peak));
`;
  const run = spawnSync(process.execPath, ["-e", script], { encoding: "utf8" });
  if (run.status !== 0) throw new Error(run.stderr);
  return Number(run.stdout);
}

describe("the heap growth limit", () => {
  // Two child processes churn six million rows each: seconds on a quiet machine, more under CI load.
  it("keeps the old generation smaller when set at run time", { timeout: 60_000 }, () => {
    expect(oldSpacePeak([HEAP_GROWTH_FLAG])).toBeLessThan(oldSpacePeak([]) * 0.8);
  });
});
