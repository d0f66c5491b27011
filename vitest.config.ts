import { defineConfig } from "vitest/config";

const globalSetup = ["tests/support/global-setup.ts"];

// Three projects: pure unit tests, integration tests against the real app and database, and
// browser journeys in the system Chromium. `npm test` (scripts/test.mjs) runs them all.
export default defineConfig({
  test: {
    // Three test files at a time on CI's two cores: much of a file's time is spent waiting (on
    // PostgreSQL, a child process, a lease running out, the browser), so a third worker uses the
    // cores two leave idle and keeps the whole run within CI's 45 minutes.
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "app/**/*.test.{ts,tsx}",
            "server/**/*.unit.test.ts",
            "common/**/*.unit.test.ts",
            "bench/**/*.unit.test.mjs",
            "scripts/**/*.unit.test.mjs",
          ],
          exclude: ["app/**/*.integration.test.ts"],
        },
      },
      {
        test: {
          name: "integration",
          include: [
            "server/**/*.test.ts",
            "common/**/*.test.ts",
            "tests/**/*.test.ts",
            "app/**/*.integration.test.ts",
          ],
          exclude: ["server/**/*.unit.test.ts", "common/**/*.unit.test.ts"],
          globalSetup,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "browser",
          include: ["e2e/**/*.spec.ts"],
          globalSetup,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
