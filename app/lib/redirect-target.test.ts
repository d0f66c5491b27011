import { describe, expect, it } from "vitest";
import { DEFAULT_SIGNED_IN_PATH, safeRedirectTarget } from "./redirect-target";

describe("safeRedirectTarget", () => {
  it.each([
    ["/customer/orders/12", "/customer/orders/12"],
    ["/products?band=static-gulls&page=2", "/products?band=static-gulls&page=2"],
    ["/basket#summary", "/basket#summary"],
    ["/customer/../basket", "/basket"],
  ])("follows the same-site path %s", (target, expected) => {
    expect(safeRedirectTarget(target)).toBe(expected);
  });

  it.each([
    [null],
    [""],
    ["https://evil.example/login"],
    ["//evil.example"],
    ["/\\evil.example"],
    ["\\\\evil.example"],
    ["/\t/evil.example"],
    ["/\n/evil.example"],
    ["javascript:alert(1)"],
    ["JaVaScRiPt:alert(1)"],
    ["data:text/html,hi"],
    ["evil.example"],
    ["customer/dashboard"],
    ["/%5Cevil.example/x\\y"],
    [`/${"a".repeat(2001)}`],
    // Normalised, these become "//evil.example": what comes out is checked too.
    ["/.//evil.example"],
    ["/a/..//evil.example"],
    ["/%2e//evil.example"],
  ])("refuses %j and goes to the dashboard", (target) => {
    expect(safeRedirectTarget(target)).toBe(DEFAULT_SIGNED_IN_PATH);
  });

  it("uses the fallback it is given", () => {
    expect(safeRedirectTarget("//evil.example", "/admin")).toBe("/admin");
  });
});
