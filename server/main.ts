import cluster from "node:cluster";
import { fileURLToPath } from "node:url";
import { runPrimary } from "./cluster.ts";
import { type Config, ConfigError, loadConfig } from "./config.ts";
import { DataDirInUseError } from "./db/data-dir-lock.ts";
import { limitHeapGrowth } from "./heap-growth.ts";
import { createLogger, type Logger } from "./logger.ts";
import { clientBuildFolder } from "./paths.ts";
import {
  PREPARE_ONLY_ARG,
  PrepareFailedError,
  prepareInChildProcess,
  prepareOnly,
} from "./prepare-process.ts";
import { missingServingSettings } from "./serving-process.ts";

/**
 * `npm start`: settings → migrate and seed if new, in a child process → listen; stops cleanly on
 * a signal. On PostgreSQL with WEB_CONCURRENCY above 1 this process is the cluster's primary, and
 * the serving is done by its workers (`server/cluster.ts`).
 */
async function main() {
  limitHeapGrowth();
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  // The primary had the database prepared before it forked this worker.
  if (cluster.isWorker) return serve(config, logger, { worker: true });
  if (process.argv.includes(PREPARE_ONLY_ARG)) return prepareOnly(config, logger);
  const script = fileURLToPath(import.meta.url);
  await prepareInChildProcess(script);
  if (!config.databaseUrl) {
    if (config.webConcurrency > 1) {
      logger.info(
        { webConcurrency: config.webConcurrency, processes: 1 },
        "one process: the embedded database (PGlite) opens in one process only; WEB_CONCURRENCY needs DATABASE_URL",
      );
    }
    return serve(config, logger, { worker: false });
  }
  if (config.webConcurrency === 1) return serve(config, logger, { worker: false });
  return runPrimary(config, logger, script);
}

/**
 * A process started by hand (`node build/server/main.js`) serves without the settings `npm start`,
 * the Dockerfile and the cluster's primary give it, holding about 60 MB more (decision 0034).
 */
function warnOfMissingSettings(logger: Logger) {
  const missing = missingServingSettings(process.execArgv, process.env);
  if (missing.length > 0)
    logger.warn(
      { missing },
      "started without the serving process's memory settings: start it as npm start or the Dockerfile does (docs/deployment.md)",
    );
}

/** One serving process: the only one, or a worker of the cluster. */
async function serve(config: Config, logger: Logger, { worker }: { worker: boolean }) {
  if (!worker) warnOfMissingSettings(logger);
  // The app's code is loaded here, by a process that serves: a cluster's primary forks and
  // watches its workers without it (decision 0034).
  const [{ loadProductionSsr }, { startServer }] = await Promise.all([
    import("./ssr-build.ts"),
    import("./server.ts"),
  ]);
  const { ssr, build } = await loadProductionSsr();
  const running = await startServer({
    config,
    logger,
    ssr,
    build,
    clientDir: clientBuildFolder,
    prepared: true,
  });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // A supervisor or load balancer stops a process with SIGTERM; someone at a terminal with
    // SIGINT (Ctrl-C), and waits for nobody's readiness check.
    const noticeMs = signal === "SIGTERM" ? config.shutdownDelayMs : 0;
    logger.info({ signal, noticeMs }, "stopping");
    await running.close({ announceMs: noticeMs });
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
  logger.info(
    { url: running.url, database: running.database.kind, build: build.id },
    "Encore is serving",
  );
  // A cluster's primary says it once for all its workers.
  if (!worker) console.log(`Encore is running at ${running.url}`);
}

main().catch((error: unknown) => {
  if (
    error instanceof ConfigError ||
    error instanceof DataDirInUseError ||
    error instanceof PrepareFailedError
  ) {
    console.error(`Encore could not start: ${error.message}`);
  } else if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") {
    const { port } = error as { port?: number };
    console.error(`Encore could not start: port ${port} is in use; stop what uses it or set PORT.`);
  } else {
    console.error("Encore could not start:", error);
  }
  process.exit(1);
});
