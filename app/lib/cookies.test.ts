import { describe, expect, it } from "vitest";
import { hasTokenCookie, readCookie } from "./cookies";

describe("cookies", () => {
  it("reads one cookie from a header", () => {
    expect(readCookie("a=1; token=abc%20d; b=2", "token")).toBe("abc d");
    expect(readCookie("xtoken=1", "token")).toBeUndefined();
    expect(readCookie("token=%E0%A4%A", "token")).toBe("%E0%A4%A");
    expect(readCookie(null, "token")).toBeUndefined();
  });

  it("knows a customer by the token cookie (behaviour.md §4)", () => {
    expect(hasTokenCookie(new Request("http://x/", { headers: { Cookie: "token=abc" } }))).toBe(
      true,
    );
    expect(hasTokenCookie(new Request("http://x/", { headers: { Cookie: "token=" } }))).toBe(false);
    expect(hasTokenCookie(new Request("http://x/"))).toBe(false);
  });
});
