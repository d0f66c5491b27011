import { crc32 } from "node:zlib";
import pg from "pg";
import type { Database } from "./client.ts";

// The first key of every job's advisory lock (the second is the job's name, hashed): a number of
// Encore's own, so its job locks keep clear of other users of the same database. The two-key form
// never meets the migration's one-key lock (PostgreSQL keeps the two key spaces apart).
const JOB_LOCK_SPACE = 7_262_027;

export type SingletonRun<T> = { ran: true; value: T } | { ran: false };

/**
 * Runs `job` unless another process (on this machine or another) is running the job of the same
 * name: a background job runs once per tick across every process on one database. A caller that
 * finds it running gets `{ ran: false }` at once, without waiting.
 *
 * On PostgreSQL the lock is a session-level advisory lock on a connection opened for the run
 * and closed after it: a transaction-level one would hold a transaction open, idle, while the job
 * works on other connections (and calls payment providers), and PostgreSQL ends such a session
 * after DB_IDLE_IN_TRANSACTION_TIMEOUT_MS. If that connection drops mid-job, the lock goes with
 * it and another process may start the same job: each job is still safe to run twice (its rows
 * are claimed or guarded), the lock only saves doing the work twice. PGlite has one process (the
 * data folder is locked to it), so the job just runs.
 */
export async function runSingleton<T>(
  database: Database,
  name: string,
  job: () => Promise<T>,
): Promise<SingletonRun<T>> {
  if (database.kind === "pglite") return { ran: true, value: await job() };
  // A connection of its own, beside the pool: a pooled one held for the whole job would leave
  // requests one connection short (a pool of 2 would be half gone each minute).
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const session = new pg.Client(pool.options);
  session.on("error", () => {});
  await session.connect();
  const key = crc32(name) | 0;
  try {
    const { rows } = await session.query<{ locked: boolean }>(
      "select pg_try_advisory_lock($1, $2) as locked",
      [JOB_LOCK_SPACE, key],
    );
    if (!rows[0]?.locked) return { ran: false };
    return { ran: true, value: await job() };
  } finally {
    // Ending the session lets its lock go, whatever became of the job.
    await session.end().catch(() => {});
  }
}
