import { createRequestHandler, type ServerBuild } from "react-router";
import { createServer as createViteServer } from "vite";
import type { SsrHandler } from "./app.ts";
import { loadConfig } from "./config.ts";
import { createLogger } from "./logger.ts";
import { startServer } from "./server.ts";

/**
 * `npm run dev`: the same server as production, with Vite in front for hot reload. Pages are
 * rendered from source on every request; tsx restarts the process when server code changes.
 */
const config = loadConfig();
const logger = createLogger(config.logLevel);
const vite = await createViteServer({ server: { middlewareMode: true }, appType: "custom" });

const ssr: SsrHandler = async (request, context) => {
  const build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
  return createRequestHandler(build, "development")(request, context);
};

const running = await startServer({
  config,
  logger,
  ssr,
  development: true,
  build: { id: "development", timestamp: Date.now() },
  wrapListener: (listener) => (request, response) =>
    vite.middlewares(request, response, () => listener(request, response)),
});
console.log(`Encore (development) is running at ${running.url}`);

const stop = async () => {
  await vite.close();
  await running.close();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
