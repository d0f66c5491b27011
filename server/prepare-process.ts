import { fork } from "node:child_process";
import { once } from "node:events";
import type { Config } from "./config.ts";
import type { Logger } from "./logger.ts";

/** The argument that makes the server script prepare the database and exit instead of serving. */
export const PREPARE_ONLY_ARG = "--prepare-only";

/**
 * glibc's malloc arenas for the preparing process unless the environment sets its own: the demo
 * seed draws its images with sharp on several threads, each of which would get an arena of its
 * own (its peak: 419 MB with 2, 451 MB with glibc's 16 on two CPUs, decision 0030). It exits once
 * done, so this costs the serving process nothing.
 */
const PREPARE_MALLOC_ARENA_MAX = "2";

/** The preparing process did not finish: it said why on the shared stderr, or was killed. */
export class PrepareFailedError extends Error {}

/**
 * Migrates the database and seeds the demo shop (`prepareDatabase`) in a short-lived child
 * process running `script` with PREPARE_ONLY_ARG, and waits for it to exit. What the first start
 * loads and draws (sharp, libvips, the demo images, the seed's code and rows) dies with it, so the
 * serving process never holds it: memory a process has had is not given back to the system while
 * it lives (decision 0030). SIGINT and SIGTERM are passed on while it runs.
 */
export async function prepareInChildProcess(script: string): Promise<void> {
  const child = fork(script, [PREPARE_ONLY_ARG], {
    env: { MALLOC_ARENA_MAX: PREPARE_MALLOC_ARENA_MAX, ...process.env },
    stdio: "inherit",
  });
  const passOn = (signal: NodeJS.Signals) => child.kill(signal);
  process.on("SIGINT", passOn);
  process.on("SIGTERM", passOn);
  try {
    const [code, signal] = (await once(child, "exit")) as [number | null, NodeJS.Signals | null];
    if (code !== 0) {
      throw new PrepareFailedError(
        `preparing the database stopped (${signal ?? `exit code ${code}`}); see above.`,
      );
    }
  } finally {
    process.off("SIGINT", passOn);
    process.off("SIGTERM", passOn);
  }
}

/** The child's side: prepares the configured database, then closes it and lets DATA_DIR go. */
export async function prepareOnly(config: Config, logger: Logger): Promise<void> {
  // On demand, as in main.ts: the process that forks this one never loads the server's code.
  const [{ openFileStore }, { openConfiguredDatabase, prepareDatabase }] = await Promise.all([
    import("./media/storage.ts"),
    import("./server.ts"),
  ]);
  const { database, releaseLock } = await openConfiguredDatabase(config);
  try {
    await prepareDatabase(database, config, await openFileStore(config), logger);
  } finally {
    await database.close();
    releaseLock();
  }
}
