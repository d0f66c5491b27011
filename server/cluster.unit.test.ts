import { describe, expect, it } from "vitest";
import { replacementDelay } from "./cluster.ts";

describe("replacementDelay", () => {
  it("replaces a worker that had run a while at once", () => {
    expect(replacementDelay(0)).toBe(0);
  });

  it("waits longer each time workers keep dying young, up to a minute", () => {
    expect([1, 2, 3, 4, 6, 7, 8, 20].map(replacementDelay)).toEqual([
      1_000, 2_000, 4_000, 8_000, 32_000, 60_000, 60_000, 60_000,
    ]);
  });
});
