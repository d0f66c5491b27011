import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./errors.ts";

describe("isDatabaseUnavailable", () => {
  it("recognises a pool timeout, a refused connection and a server shutting down, however wrapped", () => {
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), {
      code: "ECONNREFUSED",
    });
    expect(isDatabaseUnavailable(new Error("Failed query: select 1", { cause: refused }))).toBe(
      true,
    );
    const shutdown = Object.assign(
      new Error("terminating connection due to administrator command"),
      { code: "57P01" },
    );
    expect(isDatabaseUnavailable(shutdown)).toBe(true);
  });

  it("recognises the client's read timeout, a lost route and a pool closed for shutdown", () => {
    expect(
      isDatabaseUnavailable(
        new Error("Failed query: begin", { cause: new Error("Query read timeout") }),
      ),
    ).toBe(true);
    expect(
      isDatabaseUnavailable(
        Object.assign(new Error("connect EHOSTUNREACH"), { code: "EHOSTUNREACH" }),
      ),
    ).toBe(true);
    expect(
      isDatabaseUnavailable(new Error("Cannot use a pool after calling end on the pool")),
    ).toBe(true);
  });

  it("leaves bugs and constraint violations alone", () => {
    expect(isDatabaseUnavailable(new TypeError("x is undefined"))).toBe(false);
    expect(
      isDatabaseUnavailable(Object.assign(new Error("duplicate key"), { code: "23505" })),
    ).toBe(false);
  });
});
