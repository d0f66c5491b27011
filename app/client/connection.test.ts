import { describe, expect, it } from "vitest";
import { prefetchAllowed } from "./connection";

const connection = (saveData: boolean, effectiveType: string) =>
  Object.assign(new EventTarget(), { saveData, effectiveType });

describe("prefetchAllowed", () => {
  it("prefetches unless data saver is on or the connection is 2g or slower", () => {
    expect(prefetchAllowed(undefined)).toBe(true);
    expect(prefetchAllowed(connection(false, "4g"))).toBe(true);
    expect(prefetchAllowed(connection(false, "3g"))).toBe(true);
    expect(prefetchAllowed(connection(true, "4g"))).toBe(false);
    expect(prefetchAllowed(connection(false, "2g"))).toBe(false);
    expect(prefetchAllowed(connection(false, "slow-2g"))).toBe(false);
  });
});
