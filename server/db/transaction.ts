import { setTimeout as sleep } from "node:timers/promises";
import { PgTransaction } from "drizzle-orm/pg-core";
import { isRefusal, type Refusal } from "../../common/refusal.ts";
import type { Db } from "./client.ts";
import { errorCode, isConnectFailure, isConnectionLost } from "./faults.ts";

/** PostgreSQL §13.5: a serialization failure or a deadlock; the whole transaction may be retried. */
const RETRYABLE = new Set(["40001", "40P01"]);

/** The SQLSTATE of a database error, through the wrappers Drizzle puts around it. */
export const sqlState = errorCode;

/** Whether `error` is one a retry of the whole transaction can cure. */
export const isRetryable = (error: unknown) => RETRYABLE.has(sqlState(error) ?? "");

/**
 * Runs `work` in a transaction, and runs the whole of it again (up to `attempts` times, after a
 * short random wait) when PostgreSQL ends it with a serialization failure or a deadlock
 * (docs/security.md #15). Either all of it is written or none: the last failure is thrown, and
 * the HTTP layer answers it with 503, never 500. Inside a transaction already it is a savepoint,
 * and the outer transaction is the one retried.
 *
 * A transaction that could not begin because its connection was lost (the server terminated it
 * while it sat in the pool) is begun once more, on a fresh connection: nothing of the work was
 * sent. Once the work has begun, a lost connection is thrown, never retried: its commit may have
 * reached the server.
 */
export async function inTransaction<T>(
  db: Db,
  work: (tx: Db) => Promise<T>,
  attempts = 4,
): Promise<T> {
  if (db instanceof PgTransaction) return db.transaction((tx) => work(tx as unknown as Db));
  let begunAgain = false;
  for (let attempt = 1; ; attempt += 1) {
    let begun = false;
    try {
      return await db.transaction((tx) => {
        begun = true;
        return work(tx as unknown as Db);
      });
    } catch (error) {
      if (!begun && !begunAgain && (isConnectionLost(error) || isConnectFailure(error))) {
        begunAgain = true;
        attempt -= 1;
        continue;
      }
      if (attempt >= attempts || !isRetryable(error)) throw error;
      // Jitter, so the transactions that collided do not collide again in step.
      await sleep(5 + Math.random() * 20 * attempt);
    }
  }
}

class RolledBack extends Error {
  constructor(readonly refusal: Refusal) {
    super("rolled back");
  }
}

/**
 * `inTransaction` for work that may refuse half-way (the last unit went to another buyer, the
 * code ran out): a refusal rolls back everything the work wrote and is returned, not thrown.
 */
export async function inTransactionOrRefuse<T>(
  db: Db,
  work: (tx: Db) => Promise<T | Refusal>,
): Promise<T | Refusal> {
  try {
    return await inTransaction(db, async (tx) => {
      const result = await work(tx);
      if (isRefusal(result)) throw new RolledBack(result);
      return result;
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.refusal;
    throw error;
  }
}
