import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { startEventRollup } from "./analytics/rollup.ts";
import { createApp, type SsrHandler } from "./app.ts";
import { outdateFacetSnapshot } from "./catalog/service/facet-snapshot.ts";
import { outdateSynonyms } from "./catalog/service/search.ts";
import { startOrderReconciler } from "./checkout/reconcile.ts";
import type { Config } from "./config.ts";
import { type Database, openPglite, openPostgres } from "./db/client.ts";
import { lockDataDir } from "./db/data-dir-lock.ts";
import type { Lifecycle } from "./http/env.ts";
import { memoryAnswers } from "./http/memory-answers.ts";
import { createResponseCache, type ResponseCache } from "./http/response-cache.ts";
import { securityHeaderList, securityHeaderOptions } from "./http/security-headers.ts";
import type { Logger } from "./logger.ts";
import { createMailTransport } from "./mail/transport.ts";
import { startMailWorker } from "./mail/worker.ts";
import { type FileStore, openFileStore } from "./media/storage.ts";
import type { PaymentListener } from "./payments/provider.ts";
import { enabledPaymentProviders } from "./payments/service.ts";
import type { BuildInfo } from "./platform/api.ts";
import { signingSecret } from "./platform/settings.ts";
import { serverUrl } from "./server-url.ts";

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
  /** The database was migrated and seeded already: by the cluster's primary, before it forked. */
  prepared?: boolean;
};

export type RunningServer = {
  url: string;
  server: Server;
  database: Database;
  /** Every route the HTTP app has mounted, as Hono lists them (tests compare it with the API document). */
  routes: ReadonlyArray<{ method: string; path: string }>;
  /** Anonymous pages and API answers kept in memory (tests count its renders). */
  responseCache: ResponseCache;
  /** How many requests were answered from memory before the app was entered (tests count them). */
  answeredFromMemory(): number;
  /** Delivers the mail that is due now (tests wait on it). */
  flushMail(): Promise<void>;
  /**
   * Settles every pending order with its provider now, as a restart does, then asks the provider
   * again about pending refunds and memberships it has not answered for.
   */
  reconcileOrders(): Promise<void>;
  /** Releases (or settles) the reservations that have run out now, as the minute's sweep does. */
  sweepReservations(): Promise<void>;
  /**
   * Drains: `/api/ready` answers 503 at once; after `announceMs` (the time load balancers take to
   * see that) no new connection is accepted, and requests in flight get SHUTDOWN_TIMEOUT_MS to
   * finish; then background work stops and the database closes.
   */
  close(options?: { announceMs?: number }): Promise<void>;
};

/** The configured database: PostgreSQL, or PGlite in DATA_DIR, locked to this process. */
export async function openConfiguredDatabase(
  config: Config,
): Promise<{ database: Database; releaseLock: () => void }> {
  if (config.databaseUrl) {
    const database = await openPostgres(
      config.databaseUrl,
      config.databasePoolSize,
      config.databaseTimeouts,
    );
    return { database, releaseLock: () => {} };
  }
  const releaseLock = lockDataDir(config.dataDir);
  return { database: await openPglite(config.dataDir), releaseLock };
}

/**
 * Brings the database to this build: every migration, the content every shop has, and the demo
 * shop into an empty database when DEMO_DATA asks for it. Once per start, before serving.
 */
export async function prepareDatabase(
  database: Database,
  config: Config,
  files: FileStore,
  logger: Logger,
): Promise<void> {
  // Loaded here only: a serving process whose database was prepared by another never holds the
  // migrator and the demo shop's code (decision 0030).
  const [{ migrateDatabase }, { installDefaults, seedDemoData }] = await Promise.all([
    import("./db/migrate.ts"),
    import("./db/seed/index.ts"),
  ]);
  await migrateDatabase(database, config.databaseUrl);
  await installDefaults(database.db);
  if (config.demoData && (await seedDemoData(database.db, files))) logger.info("demo data seeded");
}

/** Opens, migrates and seeds the database, then serves the app until `close`. */
export async function startServer(options: StartOptions): Promise<RunningServer> {
  const { config, logger } = options;
  let releaseLock = () => {};
  let database = options.database;
  const files = await openFileStore(config);
  if (!database) {
    ({ database, releaseLock } = await openConfiguredDatabase(config));
    if (!options.prepared) await prepareDatabase(database, config, files, logger);
  }
  const secret = await signingSecret(database.db, config.appSecret);
  const openDatabase = database;
  const responseCache = await createResponseCache(database, {
    // The filter sidebar's counts come from a snapshot of the catalogue beyond 5,000 products.
    onShopChanged: () => {
      outdateFacetSnapshot(openDatabase.db);
      outdateSynonyms(openDatabase.db);
    },
  });
  const transport = createMailTransport(config);
  const mailWorker = await startMailWorker(database, transport, logger);
  logger.info({ via: transport.description }, "mail delivery");
  logger.info({ in: files.description }, "files");
  // Said at every start: with the test provider, orders are "paid" without money changing hands.
  logger.info({ providers: enabledPaymentProviders(config).map(({ id }) => id) }, "payments");
  const eventRollup = startEventRollup(database, logger);
  const reconciler = startOrderReconciler(database, config, logger);
  const lifecycle: Lifecycle = { draining: false };
  const app = createApp({
    ...options,
    database,
    secret,
    files,
    responseCache,
    lifecycle,
  });
  const handler = getRequestListener(app.fetch) as RequestListener;
  const fromMemory = memoryAnswers({
    cache: responseCache,
    buildId: options.build.id,
    securityHeaders: securityHeaderList(
      securityHeaderOptions(config, options.development ?? false),
    ),
    logger,
  });
  const listener: RequestListener = (request, response) => {
    // A request that arrives on an open connection while draining is the connection's last.
    if (lifecycle.draining) response.shouldKeepAlive = false;
    if (fromMemory.answer(request, response)) return;
    return handler(request, response);
  };
  const server = createServer(options.wrapListener ? options.wrapListener(listener) : listener);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const ownsDatabase = !options.database;
  return {
    url: serverUrl(config.host, port),
    server,
    database,
    routes: app.routes.map(({ method, path }) => ({ method, path })),
    responseCache,
    answeredFromMemory: fromMemory.answered,
    flushMail: mailWorker.flush,
    reconcileOrders: reconciler.reconcileNow,
    sweepReservations: reconciler.sweepNow,
    async close({ announceMs = 0 } = {}) {
      lifecycle.draining = true;
      if (announceMs > 0) await new Promise((resolve) => setTimeout(resolve, announceMs));
      await drain(server, config.shutdownTimeoutMs);
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

// While draining, how often connections whose last answer has gone are closed: Node keeps a
// kept-alive connection open after `server.close()` until its client or its timeout ends it.
const IDLE_SWEEP_MS = 50;

/**
 * Stops accepting connections, lets the requests in flight finish (closing each connection once
 * its answer has gone), and cuts whatever is still open after `deadlineMs`.
 */
function drain(server: Server, deadlineMs: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    const deadline = setTimeout(() => server.closeAllConnections(), deadlineMs);
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(deadline);
      resolve();
    });
    server.closeIdleConnections();
  });
}
