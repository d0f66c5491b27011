import { randomUUID } from "node:crypto";
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import pino from "pino";
import { inject } from "vitest";
import type { SsrHandler } from "../../server/app.ts";
import { type Config, loadConfig } from "../../server/config.ts";
import { SHOP_CHANGED_CHANNEL } from "../../server/http/response-cache.ts";
import { LOG_OPTIONS } from "../../server/logger.ts";
import { clientBuildFolder } from "../../server/paths.ts";
import type { PaymentListener } from "../../server/payments/provider.ts";
import { type RunningServer, startServer } from "../../server/server.ts";
import { loadProductionSsr } from "../../server/ssr-build.ts";
import { createTestDatabase, type DatabaseKind, type TestDatabase } from "./databases.ts";
import { eventually } from "./eventually.ts";
import { type Mailbox, startMailbox } from "./mailbox.ts";

export type TestApp = {
  url: string;
  database: TestDatabase;
  server: RunningServer;
  /** What the app sent by email: a real SMTP server the app delivers to. */
  mailbox: Mailbox;
  /** Every log line the app wrote, parsed. */
  logs: Array<Record<string, unknown>>;
  /** fetch against the app; redirects are returned, not followed. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
};

export type TestAppOptions = {
  env?: Record<string, string>;
  /** Replaces the React Router handler, e.g. to make a page fail on purpose. */
  ssr?: SsrHandler;
  /**
   * PostgreSQL only: the app opens its own pool, with its DB_* settings, on the URL this makes of
   * the test database's (e.g. through a relay the test can break), as `npm start` would.
   */
  databaseVia?: (url: string) => string;
  /** Hears each payment a provider's webhook reports. */
  paymentListener?: PaymentListener;
};

/**
 * The real app (production SSR build, real HTTP on 127.0.0.1, a fresh database of `kind`), as
 * `npm start` runs it.
 */
export async function startTestApp(
  kind: DatabaseKind,
  options: TestAppOptions = {},
): Promise<TestApp> {
  const database = await createTestDatabase(kind);
  const mailbox = await startMailbox();
  const logs: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) logs.push(JSON.parse(line));
      done();
    },
  });
  const config: Config = loadConfig({
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "info",
    // Links in pages are built from PUBLIC_URL, never from the request (security.md #21).
    PUBLIC_URL: "http://localhost:3000",
    // The template's folder: the seeded images are there (the database itself is passed in).
    DATA_DIR: inject("templateDataDir"),
    SMTP_URL: mailbox.url,
    ...(options.databaseVia && { DATABASE_URL: options.databaseVia(ownUrl(database)) }),
    ...options.env,
  });
  const logger = pino({ level: config.logLevel, ...LOG_OPTIONS }, sink);
  const production = await loadProductionSsr();
  const server = await startServer({
    config,
    logger,
    database: options.databaseVia ? undefined : database,
    ssr: options.ssr ?? production.ssr,
    build: production.build,
    clientDir: clientBuildFolder,
    checkAnswers: true,
    paymentListener: options.paymentListener,
  });
  return {
    url: server.url,
    database,
    server,
    mailbox,
    logs,
    fetch: (path, init) => fetch(`${server.url}${path}`, { redirect: "manual", ...init }),
    async close() {
      await server.close();
      await mailbox.close();
      await database.drop();
    },
  };
}

function ownUrl(database: TestDatabase): string {
  if (!database.url) throw new Error("databaseVia needs a PostgreSQL test database");
  return database.url;
}

/**
 * Waits until the app has heard every change announced so far: a NOTIFY reaches its LISTEN
 * connection a moment after the commit (PostgreSQL delivers them in commit order, so hearing
 * one sent now means hearing all before it).
 */
export async function changesHeard(app: TestApp): Promise<void> {
  const marker = randomUUID();
  await app.database.db.execute(sql`select pg_notify(${SHOP_CHANGED_CHANNEL}, ${marker})`);
  await eventually(async () => app.server.responseCache.lastHeard(), marker);
}
