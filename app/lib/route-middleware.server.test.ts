import { describe, expect, it } from "vitest";
import { routeMiddleware } from "./route-middleware.server";

describe("routeMiddleware", () => {
  it("finds named middleware in the one registry", () => {
    expect(routeMiddleware("session", "auth", "guest", "staff", "staff-guest")).toHaveLength(5);
  });

  it("throws 'Unknown route middleware' for a name it does not know (behaviour.md §8)", () => {
    expect(() => routeMiddleware("auth", "admin-only")).toThrow(
      "Unknown route middleware: admin-only",
    );
  });
});
