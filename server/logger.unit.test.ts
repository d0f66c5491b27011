import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it } from "vitest";
import { loggableError } from "./logger.ts";

describe("loggableError", () => {
  it("keeps a failed query's SQLSTATE, statement and reason, never its values", () => {
    const cause = Object.assign(
      new Error('duplicate key value violates unique constraint "users_email"'),
      {
        code: "23505",
      },
    );
    const error = new DrizzleQueryError(
      "insert into users (email, name) values ($1, $2)",
      ["fan@example.com", "Frankie Fan"],
      cause,
    );
    const logged = loggableError(error);
    expect(logged).toEqual({
      type: "Error",
      code: "23505",
      query: "insert into users (email, name) values ($1, $2)",
      reason: 'duplicate key value violates unique constraint "users_email"',
    });
    expect(JSON.stringify(logged)).not.toMatch(/fan@example|Frankie/);
  });

  it("keeps any other error as pino does, with its stack", () => {
    const logged = loggableError(new TypeError("a bug"));
    expect(logged).toMatchObject({ type: "TypeError", message: "a bug" });
    expect(String(logged.stack)).toContain("logger.unit.test.ts");
  });
});
