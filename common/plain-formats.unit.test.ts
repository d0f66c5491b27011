import { afterEach, describe, expect, it, vi } from "vitest";

// Issue 29: a page's first Intl formatter (or toLocaleString) loads the browser's locale data, a
// long task on a phone, so what the storefront writes as its scripts start is written without
// Intl, in exactly Intl's en-GB form.
const intlPrice = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });
const intlList = new Intl.ListFormat("en-GB", { type: "conjunction" });
const intlLongDate = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Europe/London",
});
const intlDay = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" });

/** Every half hour of the days around each year's clock changes, and noon on every day. */
const instants = (fromYear: number, toYear: number) => {
  const found: Date[] = [];
  for (let year = fromYear; year <= toYear; year += 1) {
    for (let day = 0; day < 366; day += 1) found.push(new Date(Date.UTC(year, 0, 1 + day, 12)));
    for (const month of [2, 9])
      for (let minutes = 0; minutes < 9 * 24 * 60; minutes += 30)
        found.push(new Date(Date.UTC(year, month, 23, 0, minutes)));
    found.push(new Date(Date.UTC(year, 11, 31, 23, 59)), new Date(Date.UTC(year, 0, 1, 0, 0)));
  }
  return found;
};

const wholeNumbers = () => {
  const samples = [0, 1, 5, 9, 10, 99, 100, 101, 999, 1000, 2500, 99_999, 100_000, 123_456_789];
  for (let n = -2000; n <= 2000; n += 7) samples.push(n);
  for (let power = 0; power <= 15; power += 1) samples.push(10 ** power - 1, 10 ** power);
  return samples.flatMap((n) => [n, -n]);
};

const load = async () => {
  vi.resetModules();
  const [{ formatPrice }, { formatCount }, { choiceNeeded }, dates, days] = await Promise.all([
    import("./money.ts"),
    import("./numbers.ts"),
    import("./option-choices.ts"),
    import("./dates.ts"),
    import("./london-days.ts"),
  ]);
  return { formatPrice, formatCount, choiceNeeded, dates, days };
};

afterEach(() => vi.restoreAllMocks());

describe("formats written without Intl", () => {
  it("write whole pence and counts exactly as Intl's en-GB", async () => {
    const { formatPrice, formatCount } = await load();
    for (const n of wholeNumbers()) {
      expect(formatPrice(n), String(n)).toBe(intlPrice.format(n / 100));
      expect(formatCount(n), String(n)).toBe(n.toLocaleString("en-GB"));
    }
    expect(formatPrice(-123_456)).toBe("-£1,234.56");
    expect(formatCount(1204)).toBe("1,204");
  });

  it("leave what is not whole to Intl", async () => {
    const { formatPrice, formatCount } = await load();
    for (const odd of [12.5, 0.5, -0.4, -0, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60, 1e13])
      expect(formatPrice(odd), String(odd)).toBe(intlPrice.format(odd / 100));
    for (const odd of [1234.5, -0, Number.NaN, 2 ** 60])
      expect(formatCount(odd), String(odd)).toBe(odd.toLocaleString("en-GB"));
  });

  it("list the options to choose as Intl's en-GB conjunction", async () => {
    const { choiceNeeded } = await load();
    for (const titles of [
      ["Size"],
      ["Size", "Colour"],
      ["Size", "Colour", "Fit"],
      ["A", "B", "C", "D"],
    ])
      expect(choiceNeeded(titles)).toBe(
        `Choose your ${intlList.format(titles.map((title) => title.toLowerCase()))}`,
      );
  });

  it("write London days and long dates exactly as Intl does, over the clock changes", async () => {
    const { dates, days } = await load();
    const differ = instants(1995, 2039).filter(
      (at) =>
        dates.formatLongDate(at.toISOString()) !== intlLongDate.format(at) ||
        days.londonDay(at) !== intlDay.format(at),
    );
    expect(differ.map((at) => at.toISOString())).toEqual([]);
    expect(dates.formatLongDate("2026-10-02T09:00:00Z")).toBe("2 October 2026");
    expect(() => dates.formatLongDate("not a date")).toThrow(RangeError);
  });

  it("make no Intl formatter as they load or write prices, counts, option prompts and dates", async () => {
    const made: string[] = [];
    const real = globalThis.Intl;
    const counting = new Proxy(real, {
      get(target, name) {
        const value = Reflect.get(target, name);
        if (typeof value !== "function") return value;
        return new Proxy(value, {
          construct(formatter, args) {
            made.push(String(name));
            return Reflect.construct(formatter, args);
          },
        });
      },
    });
    vi.stubGlobal("Intl", counting);
    const localeStrings = vi.spyOn(Number.prototype, "toLocaleString");
    try {
      const { formatPrice, formatCount, choiceNeeded, dates, days } = await load();
      formatPrice(123_456);
      formatPrice(-5);
      formatCount(1204);
      choiceNeeded(["Size", "Colour", "Fit"]);
      dates.formatLongDate("2026-10-02T09:00:00Z");
      days.londonDay(new Date("2026-06-30T23:30:00Z"));
    } finally {
      vi.unstubAllGlobals();
    }
    expect(made).toEqual([]);
    expect(localeStrings).not.toHaveBeenCalled();
  });
});
