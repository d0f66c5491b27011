import { expect } from "vitest";

/** Polls until `read` gives `expected` (a NOTIFY reaches other connections asynchronously). */
export async function eventually<T>(read: () => Promise<T>, expected: T): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if ((await read()) === expected) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(await read()).toBe(expected);
}
