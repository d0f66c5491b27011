import { describe, expect, it } from "vitest";
import { londonInstant, londonLocal } from "./london-time.ts";

describe("London times in forms", () => {
  it("reads winter and summer times as the instants they stand for", () => {
    expect(londonInstant("2026-11-24T14:05")).toBe("2026-11-24T14:05:00.000Z");
    expect(londonInstant("2026-07-01T09:30")).toBe("2026-07-01T08:30:00.000Z");
    expect(londonInstant("tomorrow")).toBeUndefined();
  });

  it("shows an instant on London's clock", () => {
    expect(londonLocal("2026-07-01T08:30:00.000Z")).toBe("2026-07-01T09:30");
    expect(londonLocal("2026-11-24T14:05:00.000Z")).toBe("2026-11-24T14:05");
    expect(londonLocal(null)).toBe("");
  });
});
