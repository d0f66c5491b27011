import { describe, expect, it } from "vitest";
import { londonDayStart } from "../../common/london-time";
import { listQueryOf } from "./admin-resource.server";

describe("a list screen's address as the API's query", () => {
  it("turns the table's sort and direction into the API's sort key", () => {
    expect(listQueryOf(new URLSearchParams("q=tee&sort=title&direction=desc&page=2"))).toEqual({
      q: "tee",
      sort: "-title",
      page: "2",
    });
    expect(listQueryOf(new URLSearchParams("sort=updated&direction=asc"))).toEqual({
      sort: "updated",
    });
    expect(listQueryOf(new URLSearchParams("q=&featured=&sort=title"))).toEqual({ sort: "title" });
    expect(listQueryOf(new URLSearchParams("direction=sideways"))).toEqual({
      direction: "sideways",
    });
  });
});

describe("a London day", () => {
  it("starts at midnight London time, in winter and in summer", () => {
    expect(londonDayStart("2026-01-15")?.toISOString()).toBe("2026-01-15T00:00:00.000Z");
    expect(londonDayStart("2026-07-15")?.toISOString()).toBe("2026-07-14T23:00:00.000Z");
    // The day the clocks go forward, and the day after it (`to` takes the day after).
    expect(londonDayStart("2026-03-29")?.toISOString()).toBe("2026-03-29T00:00:00.000Z");
    expect(londonDayStart("2026-03-29", 1)?.toISOString()).toBe("2026-03-29T23:00:00.000Z");
    expect(londonDayStart("2026-10-25", 1)?.toISOString()).toBe("2026-10-26T00:00:00.000Z");
  });

  it("is nothing for a day that does not exist", () => {
    expect(londonDayStart("2026-02-30")).toBeUndefined();
    expect(londonDayStart("24/11/2026")).toBeUndefined();
  });
});
