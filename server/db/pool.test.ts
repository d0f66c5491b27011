import { describe, expect, it } from "vitest";
import { createTestDatabase, databaseKinds } from "../../tests/support/databases.ts";
import { GuardedPool } from "./pool.ts";

describe.each(databaseKinds.filter((kind) => kind === "postgres"))("GuardedPool on %s", (kind) => {
  it("watches a connection's queries once however often the pool hands it out", async () => {
    const database = await createTestDatabase(kind);
    const pool = new GuardedPool({ connectionString: database.url, max: 1 });
    try {
      const first = await pool.connect();
      const watchedQuery = first.query;
      first.release();
      for (let checkout = 0; checkout < 3; checkout++) {
        const again = await pool.connect();
        expect(again).toBe(first);
        expect(again.query).toBe(watchedQuery);
        expect((await again.query("select 1 as one")).rows).toEqual([{ one: 1 }]);
        again.release();
      }
    } finally {
      await pool.end();
      await database.drop();
    }
  });
});
