import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
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

  it("runs statements sent together on one connection one after another, without pg's warning", async () => {
    const database = await createTestDatabase(kind);
    // pg warns once per process, so the statements are sent in a process of their own.
    const script = `
      import { GuardedPool } from ${JSON.stringify(fileURLToPath(new URL("./pool.ts", import.meta.url)))};
      const warnings = [];
      process.on("warning", (warning) => warnings.push(warning.message));
      const pool = new GuardedPool({ connectionString: process.env.URL, max: 1 });
      const client = await pool.connect();
      await client.query("begin");
      const answers = await Promise.all([
        client.query("select pg_sleep(0.05), 1 as n"),
        client.query("select 2 as n"),
        client.query("select 1 / 0").catch((error) => error.message),
      ]);
      const [after] = (await client.query("select 3 as n").catch((error) => ({ rows: [error.message] }))).rows;
      await client.query("rollback");
      client.release();
      await pool.end();
      await new Promise((resolve) => setImmediate(resolve));
      console.log(JSON.stringify({ answers: answers.map((each) => each.rows?.[0]?.n ?? each), after, warnings }));
    `;
    try {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ["--import", "tsx", "--input-type=module", "--eval", script],
        { env: { ...process.env, URL: database.url } },
      );
      expect(JSON.parse(stdout)).toEqual({
        answers: [1, 2, "division by zero"],
        after: "current transaction is aborted, commands ignored until end of transaction block",
        warnings: [],
      });
    } finally {
      await database.drop();
    }
  });
});
