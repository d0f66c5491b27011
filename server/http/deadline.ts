import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./env.ts";

/** A request that ran past its deadline: answered 503 like a database that did not answer. */
export class DeadlinePassed extends Error {
  readonly code = "DEADLINE_PASSED";
  constructor(readonly deadlineMs: number) {
    super(`The request took longer than ${deadlineMs} ms.`);
  }
}

/**
 * security.md #15: whatever a request waits on (a pool with no free connection, a partitioned
 * database, a stuck provider), it is answered by the deadline. The work it started is not
 * cancelled: a transaction still commits or rolls back whole, and money-moving calls are
 * idempotent, so the shopper's retry finds the first result.
 */
export function requestDeadline(deadlineMs: number): MiddlewareHandler<AppEnv> {
  return async (_c, next) => {
    await withinDeadline(deadlineMs, next);
  };
}

/** `work`'s outcome, or `DeadlinePassed` once `deadlineMs` have gone by (the work goes on). */
export async function withinDeadline<T>(deadlineMs: number, work: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const passed = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlinePassed(deadlineMs)), deadlineMs);
  });
  try {
    return await Promise.race([work(), passed]);
  } finally {
    clearTimeout(timer);
  }
}
