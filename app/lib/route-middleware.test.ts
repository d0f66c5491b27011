import { describe, expect, it } from "vitest";
import { routeMiddleware } from "./route-middleware";

describe("routeMiddleware", () => {
  it("finds named middleware in the one registry", () => {
    expect(routeMiddleware("auth", "guest")).toHaveLength(2);
  });

  it("throws 'Unknown route middleware' for a name it does not know (spec §8)", () => {
    expect(() => routeMiddleware("auth", "admin-only")).toThrow(
      "Unknown route middleware: admin-only",
    );
  });
});
