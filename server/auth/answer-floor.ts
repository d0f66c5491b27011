import { setTimeout as sleep } from "node:timers/promises";

/**
 * Runs `work` and answers no sooner than `floorMs` after it began, whatever it found: the writes
 * behind a known email (a link queued, an account opened) and an unknown one's none then take
 * the same time to the caller, so the answer's speed does not say which emails have accounts
 * (docs/security.md #19). Work that outlasts the floor is answered when it is done.
 */
export async function answerNoSoonerThan<T>(floorMs: number, work: () => Promise<T>): Promise<T> {
  const answerAt = performance.now() + floorMs;
  try {
    return await work();
  } finally {
    await sleep(Math.max(0, answerAt - performance.now()));
  }
}
