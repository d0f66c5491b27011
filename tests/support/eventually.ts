import { expect } from "vitest";

/** Polls until `read` gives `expected` (a NOTIFY reaches other connections asynchronously). */
export async function eventually<T>(read: () => Promise<T>, expected: T): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if ((await read()) === expected) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(await read()).toBe(expected);
}

/**
 * Runs `check` until it stops throwing (its assertions hold), for up to `withinMs`, and answers
 * what it returned: for outcomes that settle in their own time (a payment confirmed after its
 * request answered, a key whose lease runs out). The last failure is thrown.
 */
export async function passesWithin<T>(
  check: () => Promise<T>,
  withinMs: number,
  everyMs = 100,
): Promise<T> {
  const until = Date.now() + withinMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() >= until) throw error;
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  }
}
