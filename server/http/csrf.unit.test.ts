import { describe, expect, it } from "vitest";
import { csrfTokenIsValid, mintCsrfToken } from "./csrf.ts";

const secret = "a-test-secret-that-is-long-enough-000";

describe("CSRF tokens", () => {
  it("accepts a minted token echoed in the header", () => {
    const token = mintCsrfToken(secret);
    expect(csrfTokenIsValid(token, token, secret)).toBe(true);
  });

  it("refuses a missing, different or unsigned token", () => {
    const token = mintCsrfToken(secret);
    expect(csrfTokenIsValid(undefined, token, secret)).toBe(false);
    expect(csrfTokenIsValid(token, undefined, secret)).toBe(false);
    expect(csrfTokenIsValid(mintCsrfToken(secret), token, secret)).toBe(false);
    // A bare echo of a value we never signed (security.md #16) is not enough.
    expect(csrfTokenIsValid("abc.def", "abc.def", secret)).toBe(false);
    expect(csrfTokenIsValid("plain", "plain", secret)).toBe(false);
    expect(csrfTokenIsValid(`${token}.x`, `${token}.x`, secret)).toBe(false);
  });

  it("refuses a token signed with another secret", () => {
    const token = mintCsrfToken("another-secret-that-is-long-enough-111");
    expect(csrfTokenIsValid(token, token, secret)).toBe(false);
  });
});
