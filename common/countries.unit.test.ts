import { describe, expect, it } from "vitest";
import { COUNTRIES, COUNTRY_CODES, countryByCode, countryInSentence } from "./countries.ts";

describe("the country list", () => {
  it("holds every ISO 3166-1 alpha-2 code once, the United Kingdom first, then by name", () => {
    expect(COUNTRIES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    for (const code of COUNTRY_CODES) expect(code).toMatch(/^[A-Z]{2}$/);
    expect(COUNTRIES[0]).toEqual({ code: "GB", name: "United Kingdom" });
    const rest = COUNTRIES.slice(1).map((country) => country.name);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, "en-GB")));
  });

  it("names countries in British English, with 'and' rather than '&'", () => {
    expect(countryByCode("US")?.name).toBe("United States");
    expect(countryByCode("KN")?.name).toBe("St Kitts and Nevis");
    expect(countryByCode("CZ")?.name).toBe("Czechia");
    expect(COUNTRIES.filter((country) => country.name.includes("&"))).toEqual([]);
    expect(countryByCode("gb")).toBeUndefined();
  });

  it("puts 'the' before the names that read with it", () => {
    expect(countryInSentence("RU")).toBe("Russia");
    expect(countryInSentence("US")).toBe("the United States");
    expect(countryInSentence("TF")).toBe("the French Southern Territories");
  });
});
