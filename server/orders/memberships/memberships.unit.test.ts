import { describe, expect, it } from "vitest";
import { periodEnd } from "./memberships.ts";

describe("periodEnd", () => {
  it("ends a month or a year later, at the same moment", () => {
    expect(periodEnd(new Date("2026-11-24T11:10:06Z"), "year")).toEqual(
      new Date("2027-11-24T11:10:06Z"),
    );
    expect(periodEnd(new Date("2026-11-24T11:10:06Z"), "month")).toEqual(
      new Date("2026-12-24T11:10:06Z"),
    );
  });

  it("ends on the month's last day when the next month is shorter", () => {
    expect(periodEnd(new Date("2027-01-31T09:00:00Z"), "month")).toEqual(
      new Date("2027-02-28T09:00:00Z"),
    );
    expect(periodEnd(new Date("2028-02-29T09:00:00Z"), "year")).toEqual(
      new Date("2029-02-28T09:00:00Z"),
    );
  });
});
