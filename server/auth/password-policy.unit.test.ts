import { describe, expect, it } from "vitest";
import { passwordProblem } from "./password-policy.ts";

describe("passwordProblem", () => {
  const email = "Robin.Fan@Example.com";

  it("accepts a long, uncommon password", () => {
    expect(passwordProblem("gull-pier-lantern-42", email)).toBeUndefined();
  });

  it("needs at least 10 characters, counting characters rather than bytes", () => {
    expect(passwordProblem("short-pw1", email)).toBe("Use at least 10 characters.");
    expect(passwordProblem("ééééééééé", email)).toBe("Use at least 10 characters.");
    expect(passwordProblem("éééééééééé", email)).toBeUndefined();
  });

  it("refuses the email address and its name part, whatever the case", () => {
    expect(passwordProblem("robin.fan@example.com", email)).toMatch(/not be your email/);
    expect(passwordProblem("ROBIN.FAN@EXAMPLE.COM", email)).toMatch(/not be your email/);
    expect(passwordProblem("robin.fan1", "robin.fan1@example.com")).toMatch(/not be your email/);
  });

  it("refuses common passwords, whatever the case", () => {
    for (const common of ["password123", "qwertyuiop", "1234567890", "Manchester"]) {
      expect(passwordProblem(common, email)).toMatch(/too common/);
    }
  });
});
