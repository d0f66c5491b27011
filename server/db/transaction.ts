import { setTimeout as sleep } from "node:timers/promises";
import { PgTransaction } from "drizzle-orm/pg-core";
import { isRefusal, type Refusal } from "../../common/refusal.ts";
import type { Db } from "./client.ts";

/** PostgreSQL §13.5: a serialization failure or a deadlock; the whole transaction may be retried. */
const RETRYABLE = new Set(["40001", "40P01"]);

/** The SQLSTATE of a database error, through the wrappers Drizzle puts around it. */
export function sqlState(error: unknown): string | undefined {
  for (let current = error; current instanceof Error; current = current.cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") return code;
  }
  return undefined;
}

/** Whether `error` is one a retry of the whole transaction can cure. */
export const isRetryable = (error: unknown) => RETRYABLE.has(sqlState(error) ?? "");

/**
 * Runs `work` in a transaction, and runs the whole of it again (up to `attempts` times, after a
 * short random wait) when PostgreSQL ends it with a serialization failure or a deadlock
 * (SECURITY §15). Either all of it is written or none: the last failure is thrown, and the HTTP
 * layer answers it with 503, never 500. Inside a transaction already it is a savepoint, and the
 * outer transaction is the one retried.
 */
export async function inTransaction<T>(
  db: Db,
  work: (tx: Db) => Promise<T>,
  attempts = 4,
): Promise<T> {
  if (db instanceof PgTransaction) return db.transaction((tx) => work(tx as unknown as Db));
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction((tx) => work(tx as unknown as Db));
    } catch (error) {
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
