import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { startEventRollup } from "./analytics/rollup.ts";
import { createApp, type SsrHandler } from "./app.ts";
import { startOrderReconciler } from "./checkout/reconcile.ts";
import type { Config } from "./config.ts";
import { type Database, openPglite, openPostgres } from "./db/client.ts";
import { lockDataDir } from "./db/data-dir-lock.ts";
import { migrateDatabase } from "./db/migrate.ts";
import { installDefaults, seedDemoData } from "./db/seed/index.ts";
import { createResponseCache, type ResponseCache } from "./http/response-cache.ts";
import type { Logger } from "./logger.ts";
import { createMailTransport } from "./mail/transport.ts";
import { startMailWorker } from "./mail/worker.ts";
import { openFileStore } from "./media/storage.ts";
import type { PaymentListener } from "./payments/provider.ts";
import { enabledPaymentProviders } from "./payments/service.ts";
import type { BuildInfo } from "./platform/api.ts";
import { signingSecret } from "./platform/settings.ts";

type NodeListener = RequestListener;

export type StartOptions = {
  config: Config;
  logger: Logger;
  ssr: SsrHandler;
  build: BuildInfo;
  clientDir?: string;
  /** An open database to use instead of the configured one (tests bring their own). */
  database?: Database;
  /** Development: Vite's inline scripts and hot-reload socket are allowed by the CSP. */
  development?: boolean;
  /** Tests: every API answer is checked against its route's declaration. */
  checkAnswers?: boolean;
  /** Lets development put Vite's middleware in front of the app. */
  wrapListener?: (listener: NodeListener) => NodeListener;
  /** Hears each payment a provider's webhook reports (see `PaymentListener`). */
  paymentListener?: PaymentListener;
};

export type RunningServer = {
  url: string;
  server: Server;
  database: Database;
  /** Every route the HTTP app has mounted, as Hono lists them (tests compare it with the API document). */
  routes: ReadonlyArray<{ method: string; path: string }>;
  /** Anonymous pages and API answers kept in memory (tests count its renders). */
  responseCache: ResponseCache;
  /** Delivers the mail that is due now (tests wait on it). */
  flushMail(): Promise<void>;
  /**
   * Settles every pending order with its provider now, as a restart does, then asks the provider
   * again about pending refunds and memberships it has not answered for.
   */
  reconcileOrders(): Promise<void>;
  /** Releases (or settles) the reservations that have run out now, as the minute's sweep does. */
  sweepReservations(): Promise<void>;
  close(): Promise<void>;
};

/** Opens, migrates and seeds the database, then serves the app until `close`. */
export async function startServer(options: StartOptions): Promise<RunningServer> {
  const { config, logger } = options;
  let releaseLock = () => {};
  let database = options.database;
  const files = await openFileStore(config);
  if (!database) {
    if (config.databaseUrl) {
      database = await openPostgres(
        config.databaseUrl,
        config.databasePoolSize,
        config.databaseTimeouts,
      );
    } else {
      releaseLock = lockDataDir(config.dataDir);
      database = await openPglite(config.dataDir);
    }
    await migrateDatabase(database, config.databaseUrl);
    await installDefaults(database.db);
    if (config.demoData && (await seedDemoData(database.db, files)))
      logger.info("demo data seeded");
  }
  const secret = await signingSecret(database.db, config.appSecret);
  const responseCache = await createResponseCache(database);
  const transport = createMailTransport(config);
  const mailWorker = await startMailWorker(database, transport, logger);
  logger.info({ via: transport.description }, "mail delivery");
  logger.info({ in: files.description }, "files");
  // Said at every start: with the test provider, orders are "paid" without money changing hands.
  logger.info({ providers: enabledPaymentProviders(config).map(({ id }) => id) }, "payments");
  const eventRollup = startEventRollup(database, logger);
  const reconciler = startOrderReconciler(database, config, logger);
  const app = createApp({
    ...options,
    database,
    secret,
    files,
    responseCache,
  });
  const listener = getRequestListener(app.fetch) as RequestListener;
  const server = createServer(options.wrapListener ? options.wrapListener(listener) : listener);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const ownsDatabase = !options.database;
  const openDatabase = database;
  return {
    url: `http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${port}`,
    server,
    database,
    routes: app.routes.map(({ method, path }) => ({ method, path })),
    responseCache,
    flushMail: mailWorker.flush,
    reconcileOrders: reconciler.reconcileNow,
    sweepReservations: reconciler.sweepNow,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), 5000).unref();
      });
      await responseCache.stop();
      await mailWorker.stop();
      await eventRollup.stop();
      await reconciler.stop();
      if (ownsDatabase) {
        await openDatabase.close();
        releaseLock();
      }
    },
  };
}
