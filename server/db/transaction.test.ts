import type { Socket } from "node:net";
import { sql } from "drizzle-orm";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from "../../tests/support/databases.ts";
import { isDatabaseUnavailable } from "../http/errors.ts";
import { type Db, openPostgres } from "./client.ts";
import { inTransaction } from "./transaction.ts";

const rowsOf = (result: unknown) => (result as { rows: Array<Record<string, unknown>> }).rows;

describe.each(databaseKinds)("inTransaction on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await database.db.execute(sql`create table probe (id int primary key, n int not null)`);
    await database.db.execute(sql`insert into probe values (1, 0), (2, 0)`);
  });
  afterAll(() => database.drop());

  it("runs the whole transaction again after a serialization failure, writing it once", async () => {
    let attempts = 0;
    const result = await inTransaction(database.db, async (tx) => {
      attempts += 1;
      await tx.execute(sql`update probe set n = n + 1 where id = 1`);
      if (attempts < 3) throw Object.assign(new Error("could not serialize"), { code: "40001" });
      return "done";
    });
    expect(result).toBe("done");
    expect(attempts).toBe(3);
    expect(rowsOf(await database.db.execute(sql`select n from probe where id = 1`))).toEqual([
      { n: 1 },
    ]);
  });

  it("gives up after its attempts and writes nothing; other errors are not retried", async () => {
    let attempts = 0;
    const colliding = inTransaction(database.db, async (tx) => {
      attempts += 1;
      await tx.execute(sql`update probe set n = n + 100 where id = 2`);
      throw Object.assign(new Error("deadlock detected"), { code: "40P01" });
    });
    await expect(colliding).rejects.toThrow("deadlock detected");
    expect(attempts).toBe(4);
    expect(rowsOf(await database.db.execute(sql`select n from probe where id = 2`))).toEqual([
      { n: 0 },
    ]);
    let once = 0;
    await expect(
      inTransaction(database.db, async () => {
        once += 1;
        throw new Error("a bug");
      }),
    ).rejects.toThrow("a bug");
    expect(once).toBe(1);
  });
});

describe.each(databaseKinds.filter((kind) => kind === "postgres"))(
  "PostgreSQL faults on %s (security.md #15)",
  (kind) => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase(kind);
      await database.db.execute(sql`create table probe (id int primary key, n int not null)`);
      await database.db.execute(sql`insert into probe values (1, 0), (2, 0)`);
    });
    afterAll(() => database.drop());

    it("survives a real deadlock: both transactions land, each once", async () => {
      if (!database.url) throw new Error("no PostgreSQL URL");
      const pool = await openPostgres(database.url, 4);
      try {
        let bothLocked!: () => void;
        let locked = 0;
        const gate = new Promise<void>((resolve) => {
          bothLocked = resolve;
        });
        // Each locks one row, waits for the other to lock its row, then wants the other's.
        const crossing = (first: number, second: number) =>
          inTransaction(pool.db, async (tx: Db) => {
            await tx.execute(sql`update probe set n = n + 1 where id = ${first}`);
            locked += 1;
            if (locked === 2) bothLocked();
            await gate;
            await tx.execute(sql`update probe set n = n + 1 where id = ${second}`);
          });
        await Promise.all([crossing(1, 2), crossing(2, 1)]);
        const rows = rowsOf(await database.db.execute(sql`select id, n from probe order by id`));
        expect(rows).toEqual([
          { id: 1, n: 2 },
          { id: 2, n: 2 },
        ]);
      } finally {
        await pool.close();
      }
    });

    /** The backend behind the pool's one connection, and that connection's socket. */
    async function theConnection(pool: Awaited<ReturnType<typeof openPostgres>>) {
      const client = await (pool.db as unknown as { $client: pg.Pool }).$client.connect();
      const socket = (client as unknown as { connection: { stream: Socket } }).connection.stream;
      const pid = (client as unknown as { processID: number }).processID;
      client.release();
      return { client, socket, pid };
    }

    async function terminate(pid: number) {
      await database.db.execute(sql`select pg_terminate_backend(${pid}, 5000)`);
    }

    it("begins a transaction again on a fresh connection when the server had ended the pooled one", async () => {
      if (!database.url) throw new Error("no PostgreSQL URL");
      const pool = await openPostgres(database.url, 1);
      try {
        await pool.db.execute(sql`insert into probe values (3, 0)`);
        const { socket, pid } = await theConnection(pool);
        // The server ends the idle connection while the app has not yet read that it did (a busy
        // process): the next BEGIN goes out on it, and its answer is the server's farewell.
        socket.pause();
        await terminate(pid);
        let runs = 0;
        const written = inTransaction(pool.db, async (tx) => {
          runs += 1;
          await tx.execute(sql`update probe set n = n + 1 where id = 3`);
          return "written";
        });
        await new Promise((resolve) => setTimeout(resolve, 50));
        socket.resume();
        expect(await written).toBe("written");
        expect(runs).toBe(1);
        expect(rowsOf(await database.db.execute(sql`select n from probe where id = 3`))).toEqual([
          { n: 1 },
        ]);
      } finally {
        await pool.close();
      }
    });

    it("never retries work whose connection was lost after it began, and calls that unavailable", async () => {
      if (!database.url) throw new Error("no PostgreSQL URL");
      const pool = await openPostgres(database.url, 1);
      try {
        await pool.db.execute(sql`insert into probe values (4, 0)`);
        const { client, pid } = await theConnection(pool);
        let runs = 0;
        const failed = await inTransaction(pool.db, async (tx) => {
          runs += 1;
          await tx.execute(sql`update probe set n = n + 100 where id = 4`);
          const ended = new Promise((resolve) => client.once("end", resolve));
          await terminate(pid);
          await ended;
          // pg refuses to send on a client whose connection failed ("not queryable"), and so
          // does the rollback drizzle then sends: that error is the one thrown.
          await tx.execute(sql`select 1`);
        }).catch((error: unknown) => error);
        expect(String((failed as Error).cause)).toMatch(/not queryable/);
        expect(isDatabaseUnavailable(failed)).toBe(true);
        expect(runs).toBe(1);
        expect(rowsOf(await database.db.execute(sql`select n from probe where id = 4`))).toEqual([
          { n: 0 },
        ]);
        // The pool serves again, on a new connection.
        expect(rowsOf(await pool.db.execute(sql`select 2 as two`))).toEqual([{ two: 2 }]);
      } finally {
        await pool.close();
      }
    });

    it("cancels a statement past its timeout, which the HTTP layer answers with 503", async () => {
      if (!database.url) throw new Error("no PostgreSQL URL");
      const pool = await openPostgres(database.url, 1, {
        connectMs: 2_000,
        statementMs: 200,
        idleInTransactionMs: 1_000,
      });
      try {
        const slow = pool.db.execute(sql`select pg_sleep(2)`);
        const error = await slow.then(
          () => undefined,
          (failure: unknown) => failure,
        );
        expect(isDatabaseUnavailable(error)).toBe(true);
      } finally {
        await pool.close();
      }
    });
  },
);
