import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestDatabase, databaseKinds } from "../../tests/support/databases.ts";
import { eventually } from "../../tests/support/eventually.ts";
import { isDatabaseUnavailable } from "../http/errors.ts";
import { openPostgres } from "./client.ts";
import { GuardedPool, isRead } from "./pool.ts";

const rowsOf = (result: unknown) => (result as { rows: Array<Record<string, unknown>> }).rows;

describe("isRead", () => {
  it("tells a plain read from a statement that writes, locks or moves a sequence", () => {
    expect(isRead({ text: 'select "id" from "brands" where "slug" = $1' })).toBe(true);
    expect(isRead("  SELECT 1")).toBe(true);
    for (const statement of [
      "update probe set n = 1",
      "insert into probe values (1)",
      "with gone as (delete from probe returning id) select * from gone",
      "select * from probe for update",
      "select nextval('order_numbers')",
      "select pg_advisory_lock(1)",
      "select pg_notify('shop', '')",
    ]) {
      expect(isRead(statement), statement).toBe(false);
    }
  });
});

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

  describe("a connection the server ends under a statement", () => {
    it("answers a read again on a fresh connection, and never sends a write twice", async () => {
      const test = await createTestDatabase(kind);
      const database = await openPostgres(test.url ?? "", 1);
      try {
        await test.db.execute(sql`create table probe (id int primary key, n int not null)`);
        await test.db.execute(sql`insert into probe values (1, 0)`);
        const backend = async () =>
          rowsOf(await database.db.execute(sql`select pg_backend_pid() as pid`))[0]?.pid;
        // The server ends the session while the statement runs (an administrator, a failover).
        const endedUnder = async (statement: Promise<unknown>, pid: unknown) => {
          // Caught from the start: the ended session can reject it before the terminate answers.
          const outcome = statement.catch((error: unknown) => error);
          await eventually(async () => {
            const [row] = rowsOf(
              await test.db.execute(
                sql`select state from pg_stat_activity where pid = ${pid}::int and query like '%pg_sleep%'`,
              ),
            );
            return row?.state;
          }, "active");
          await test.db.execute(sql`select pg_terminate_backend(${pid}::int, 5000)`);
          return outcome;
        };

        const first = await backend();
        // Drizzle sends a statement once it is awaited: `then` sends it now.
        const read = database.db
          .execute(sql`select n, pg_sleep(2) from probe where id = 1`)
          .then((result) => result);
        expect(rowsOf(await endedUnder(read, first))).toEqual([{ n: 0, pg_sleep: "" }]);
        expect(await backend()).not.toBe(first);

        const second = await backend();
        const write = database.db
          .execute(sql`update probe set n = n + 1 where id = 1 and pg_sleep(2) is not null`)
          .then((result) => result);
        expect(isDatabaseUnavailable(await endedUnder(write, second))).toBe(true);
        expect(rowsOf(await test.db.execute(sql`select n from probe where id = 1`))).toEqual([
          { n: 0 },
        ]);
      } finally {
        await database.close();
        await test.drop();
      }
    });
  });
});
