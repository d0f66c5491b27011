import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from "../../tests/support/databases.ts";
import { type Database, openPostgres } from "./client.ts";
import { runSingleton } from "./singleton-job.ts";

/** A job that runs until `finish` is called, and says when it has started. */
function heldJob() {
  let finish!: () => void;
  let started!: () => void;
  const finished = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const running = new Promise<void>((resolve) => {
    started = resolve;
  });
  const job = async () => {
    started();
    await finished;
    return "done";
  };
  return { job, running, finish };
}

describe.each(databaseKinds.filter((kind) => kind === "postgres"))(
  "a singleton job on %s",
  (kind) => {
    let database: TestDatabase;
    // Another process's own pool on the same database.
    let otherProcess: Database;
    beforeAll(async () => {
      database = await createTestDatabase(kind);
      otherProcess = await openPostgres(database.url ?? "", 2);
    });
    afterAll(async () => {
      await otherProcess.close();
      await database.drop();
    });

    it("runs in one caller at a time: a second caller at once skips it, a later one runs it", async () => {
      const first = heldJob();
      const firstRun = runSingleton(database, "test:held", first.job);
      await first.running;
      let ranElsewhere = 0;
      const elsewhere = async () => {
        ranElsewhere += 1;
      };
      expect(await runSingleton(otherProcess, "test:held", elsewhere)).toEqual({ ran: false });
      // The same process's pool is another session too: a second timer tick skips as well.
      expect(await runSingleton(database, "test:held", elsewhere)).toEqual({ ran: false });
      // Another job's name is another lock.
      expect(await runSingleton(otherProcess, "test:other", elsewhere)).toEqual({
        ran: true,
        value: undefined,
      });
      expect(ranElsewhere).toBe(1);

      first.finish();
      expect(await firstRun).toEqual({ ran: true, value: "done" });
      expect(await runSingleton(otherProcess, "test:held", elsewhere)).toEqual({
        ran: true,
        value: undefined,
      });
      expect(ranElsewhere).toBe(2);
    });

    it("lets the lock go when the job throws", async () => {
      await expect(
        runSingleton(database, "test:throws", async () => {
          throw new Error("the provider is down");
        }),
      ).rejects.toThrow("the provider is down");
      expect(await runSingleton(otherProcess, "test:throws", async () => "again")).toEqual({
        ran: true,
        value: "again",
      });
    });
  },
);

describe("a singleton job on PGlite", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
  });
  afterAll(() => database.drop());

  it("just runs: the data folder is locked to one process", async () => {
    expect(await runSingleton(database, "test:pglite", async () => 42)).toEqual({
      ran: true,
      value: 42,
    });
  });
});
