import { ConfigError, loadConfig } from "./config.ts";
import { DataDirInUseError } from "./db/data-dir-lock.ts";
import { createLogger } from "./logger.ts";
import { clientBuildFolder } from "./paths.ts";
import { startServer } from "./server.ts";
import { loadProductionSsr } from "./ssr-build.ts";

/** `npm start`: settings → database → migrate → seed if new → listen; stops cleanly on a signal. */
async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const { ssr, build } = await loadProductionSsr();
  const running = await startServer({ config, logger, ssr, build, clientDir: clientBuildFolder });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "stopping");
    await running.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
  logger.info(
    { url: running.url, database: running.database.kind, build: build.id },
    "Encore is serving",
  );
  console.log(`Encore is running at ${running.url}`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirInUseError) {
    console.error(`Encore could not start: ${error.message}`);
  } else if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") {
    const { port } = error as { port?: number };
    console.error(`Encore could not start: port ${port} is in use; stop what uses it or set PORT.`);
  } else {
    console.error("Encore could not start:", error);
  }
  process.exit(1);
});
