import cluster from "node:cluster";
import type { Config } from "./config.ts";
import type { Logger } from "./logger.ts";
import { serverUrl } from "./server-url.ts";
import { servingEnvironment, servingExecArgv } from "./serving-process.ts";

/** A worker that dies sooner than this after it was forked is counted as dying young. */
const YOUNG_MS = 30_000;
const FIRST_DELAY_MS = 1_000;
const MAX_DELAY_MS = 60_000;
/** Past SHUTDOWN_TIMEOUT_MS, how long a stopping worker gets to close up before it is killed. */
const STOP_GRACE_MS = 5_000;

/**
 * How long to wait before replacing a dead worker, given how many workers in a row died young: at
 * once after one that had run a while (a crash, an out-of-memory kill), then 1 s, 2 s, 4 s … up to
 * a minute while they keep dying young, so a build that crashes as it starts does not fork without
 * end.
 */
export function replacementDelay(youngDeathsInARow: number): number {
  if (youngDeathsInARow === 0) return 0;
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (youngDeathsInARow - 1));
}

/**
 * The cluster's primary (PostgreSQL, WEB_CONCURRENCY above 1), once the database is prepared
 * (`prepareInChildProcess`): forks `webConcurrency` workers running `workerScript` that serve on
 * the same port (the primary hands out connections in turn), replaces a worker that dies, and on
 * SIGTERM or SIGINT passes the signal on and exits once every worker has drained. It serves
 * nothing itself.
 */
export async function runPrimary(
  config: Config,
  logger: Logger,
  workerScript: string,
): Promise<void> {
  // The server itself, not the script that started it: `npm start` first checks the install and
  // the build, which each worker would otherwise check again.
  cluster.setupPrimary({ exec: workerScript, execArgv: servingExecArgv(process.execArgv) });
  const count = config.webConcurrency;
  const forkedAt = new Map<number, number>();
  const listening = new Set<number>();
  let serving = false;
  let stopping = false;
  let failedToStop = false;
  let youngDeaths = 0;

  const fork = () => {
    const worker = cluster.fork(servingEnvironment(process.env));
    forkedAt.set(worker.id, Date.now());
  };

  cluster.on("listening", (worker, address) => {
    listening.add(worker.id);
    logger.info({ worker: worker.process.pid }, "worker serving");
    if (serving || listening.size < count) return;
    serving = true;
    const url = serverUrl(config.host, address.port);
    logger.info({ url, processes: count }, "Encore is serving");
    console.log(`Encore is running at ${url} with ${count} processes`);
  });

  cluster.on("exit", (worker, code, signal) => {
    const lived = Date.now() - (forkedAt.get(worker.id) ?? 0);
    forkedAt.delete(worker.id);
    listening.delete(worker.id);
    const pid = worker.process.pid;
    if (stopping) {
      if (code !== 0) failedToStop = true;
      if (forkedAt.size === 0) process.exit(failedToStop ? 1 : 0);
      return;
    }
    if (!serving) {
      // The worker said why on its way out; forking again would only say it again.
      logger.error({ worker: pid, code, signal }, "a worker stopped before the shop was serving");
      console.error("Encore could not start: a worker process stopped before it was serving.");
      stopWorkers("SIGTERM");
      process.exit(1);
    }
    youngDeaths = lived < YOUNG_MS ? youngDeaths + 1 : 0;
    const delayMs = replacementDelay(youngDeaths);
    logger.error({ worker: pid, code, signal, delayMs }, "worker died; replacing it");
    setTimeout(() => {
      if (!stopping) fork();
    }, delayMs);
  });

  const stopWorkers = (signal: NodeJS.Signals) => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, workers: forkedAt.size }, "stopping");
    if (forkedAt.size === 0) process.exit(0);
    // Each worker drains on its own (SHUTDOWN_DELAY_MS, SHUTDOWN_TIMEOUT_MS); one that hangs past
    // them is killed.
    stopWorkers(signal);
    const allowed = (signal === "SIGTERM" ? config.shutdownDelayMs : 0) + config.shutdownTimeoutMs;
    setTimeout(() => stopWorkers("SIGKILL"), allowed + STOP_GRACE_MS).unref();
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));

  for (let index = 0; index < count; index += 1) fork();
}
