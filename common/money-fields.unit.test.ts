import { describe, expect, it } from "vitest";
import { formatPrice, penceAsPounds, poundsToPence } from "./money.ts";

describe("formatPrice", () => {
  it("shows pence as pounds the British way", () => {
    expect(formatPrice(2500)).toBe("£25.00");
    expect(formatPrice(99)).toBe("£0.99");
    expect(formatPrice(123456)).toBe("£1,234.56");
    expect(formatPrice(0)).toBe("£0.00");
  });
});

describe("money in staff forms", () => {
  it("shows pence as the pounds a money field holds", () => {
    expect(penceAsPounds(2500)).toBe("25.00");
    expect(penceAsPounds(1999)).toBe("19.99");
    expect(penceAsPounds(5)).toBe("0.05");
    expect(penceAsPounds(125_000)).toBe("1250.00");
    expect(penceAsPounds(null)).toBe("");
  });

  it("reads typed pounds as exact pence, empty as nothing and the rest as unreadable", () => {
    expect(poundsToPence("25")).toBe(2500);
    expect(poundsToPence("25.5")).toBe(2550);
    expect(poundsToPence(" £25.50 ")).toBe(2550);
    expect(poundsToPence("0.29")).toBe(29);
    expect(poundsToPence("1,250.00")).toBe(125_000);
    expect(poundsToPence("0")).toBe(0);
    expect(poundsToPence("")).toBeUndefined();
    expect(poundsToPence(undefined)).toBeUndefined();
    for (const wrong of ["-5", "25.555", "abc", "25,5", "1,25.00", "2 5", "1e3"]) {
      expect(poundsToPence(wrong), wrong).toBeNull();
    }
  });
});
