import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/support/databases.ts";
import { checkReadiness } from "./readiness.ts";

describe("readiness", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
  });
  afterAll(() => database.drop());

  it("is ready on an answering, migrated database until the process drains", async () => {
    expect(await checkReadiness(database, { draining: false })).toEqual({ ready: true });
    // Once the server drains (SIGTERM), a load balancer still polling hears "not ready".
    expect(await checkReadiness(database, { draining: true })).toEqual({
      ready: false,
      reason: "This process is shutting down.",
    });
  });

  it("is not ready when the database does not answer within the timeout", async () => {
    const silent = { ...database, ping: () => new Promise<boolean>(() => {}) };
    expect(await checkReadiness(silent, { draining: false }, 100)).toEqual({
      ready: false,
      reason: "The database did not answer within 100 ms.",
    });
  });
});
