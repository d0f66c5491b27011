import { describe, expect, it } from "vitest";
import { missingServingSettings, servingEnvironment, servingExecArgv } from "./serving-process.ts";

describe("the serving process's settings", () => {
  it("adds the flags a process is not started with, and keeps its own values", () => {
    expect(servingExecArgv([])).toEqual(["--max-semi-space-size=4"]);
    expect(servingExecArgv(["--inspect", "--max-semi-space-size=8"])).toEqual([
      "--inspect",
      "--max-semi-space-size=8",
    ]);
  });

  it("adds the environment where it has no value of its own", () => {
    expect(servingEnvironment({ PORT: "3000" })).toEqual({
      MALLOC_ARENA_MAX: "2",
      MALLOC_MMAP_THRESHOLD_: "131072",
      MALLOC_TRIM_THRESHOLD_: "131072",
      PORT: "3000",
    });
    expect(servingEnvironment({ MALLOC_ARENA_MAX: "4" })).toMatchObject({ MALLOC_ARENA_MAX: "4" });
  });

  it("says which settings a process lacks, counting NODE_OPTIONS", () => {
    expect(missingServingSettings([], {})).toEqual([
      "MALLOC_ARENA_MAX=2",
      "MALLOC_MMAP_THRESHOLD_=131072",
      "MALLOC_TRIM_THRESHOLD_=131072",
      "--max-semi-space-size=4",
    ]);
    expect(
      missingServingSettings([], {
        MALLOC_ARENA_MAX: "8",
        MALLOC_MMAP_THRESHOLD_: "65536",
        MALLOC_TRIM_THRESHOLD_: "65536",
        NODE_OPTIONS: "--enable-source-maps --max-semi-space-size=2",
      }),
    ).toEqual([]);
    expect(
      missingServingSettings(["--max-semi-space-size=4"], {
        MALLOC_MMAP_THRESHOLD_: "131072",
        MALLOC_TRIM_THRESHOLD_: "131072",
      }),
    ).toEqual(["MALLOC_ARENA_MAX=2"]);
  });
});
