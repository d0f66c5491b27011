import { describe, expect, it } from "vitest";
import { fullRows } from "./full-rows";

describe("fullRows", () => {
  it.each([
    [0, 0, 1],
    [1, 1, 1],
    [2, 2, 2],
    [3, 2, 2],
    [5, 4, 2],
    [6, 6, 3],
    [7, 6, 3],
    [13, 12, 3],
  ] as const)("of %i cards shows %i in rows of %i at the widest", (total, count, wide) => {
    const rows = fullRows(total);
    expect(rows).toEqual({ count, wide });
    // Whole rows of two (from sm) and of `wide` (from lg).
    if (count > 1) {
      expect(count % 2).toBe(0);
      expect(count % wide).toBe(0);
    }
  });
});
