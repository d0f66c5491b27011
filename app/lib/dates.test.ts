import { describe, expect, it } from "vitest";
import { formatLongDate, londonToday } from "./dates";

describe("dates on London time", () => {
  it("formats a long British date", () => {
    expect(formatLongDate("2026-10-02T09:00:00Z")).toBe("2 October 2026");
    // Half past midnight in summer time is already the next day in London.
    expect(formatLongDate("2026-07-31T23:30:00Z")).toBe("1 August 2026");
  });

  it("knows today's date in London, not in UTC", () => {
    expect(londonToday(new Date("2026-06-30T23:30:00Z"))).toBe("2026-07-01");
    expect(londonToday(new Date("2026-12-31T23:30:00Z"))).toBe("2026-12-31");
  });
});
