import { describe, expect, it } from "vitest";
import { isBfpo, normaliseUkPostcode } from "./postcode.ts";

describe("normaliseUkPostcode", () => {
  it.each([
    ["SW1A 1AA", "SW1A 1AA"], // AA9A
    ["sw1a1aa", "SW1A 1AA"],
    ["  Sw1A   1aA ", "SW1A 1AA"],
    ["M1 1AE", "M1 1AE"], // A9
    ["m11ae", "M1 1AE"],
    ["B33 8TH", "B33 8TH"], // A99
    ["W1A 0AX", "W1A 0AX"], // A9A
    ["CR2 6XH", "CR2 6XH"], // AA9
    ["DN55 1PT", "DN55 1PT"], // AA99
    ["EC1A 1BB", "EC1A 1BB"],
    ["BT1 5GS", "BT1 5GS"], // Northern Ireland
    ["JE2 3AB", "JE2 3AB"], // Jersey
    ["GY1 1AA", "GY1 1AA"], // Guernsey
    ["IM1 1AF", "IM1 1AF"], // Isle of Man
    ["gir0aa", "GIR 0AA"],
    ["BFPO 1234", "BFPO 1234"],
    ["bfpo12", "BFPO 12"],
  ])("takes %j as %j", (input, expected) => {
    expect(normaliseUkPostcode(input)).toBe(expected);
  });

  it.each([
    "",
    "   ",
    "SW1A",
    "1AA",
    "SW1A 1A",
    "SW1A 1AAA",
    "SW1A-1AA",
    "QA1 1AA", // Q never starts a postcode
    "AI1 1AA", // I is never second
    "SW1A 1CA", // C is never in the inward code
    "SW1A 1AI",
    "ABC 1AA",
    "75008", // a French postcode
    "10115",
    "BFPO",
    "BFPO 12345",
    "BFPO ABC",
    "GIR 0AB",
    "SW1A\u00001AA",
  ])("refuses %j", (input) => {
    expect(normaliseUkPostcode(input)).toBeUndefined();
  });
});

describe("isBfpo", () => {
  it("tells a forces post number from a postcode", () => {
    expect(isBfpo("BFPO 123")).toBe(true);
    expect(isBfpo("BF1 3AA")).toBe(false);
  });
});
