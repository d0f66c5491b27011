import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { fuzzystrmatch } from "@electric-sql/pglite/contrib/fuzzystrmatch";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { GuardedPool } from "./pool.ts";
import * as schema from "./schema.ts";
import { type DatabaseTimeouts, DEFAULT_TIMEOUTS } from "./timeouts.ts";

export type Schema = typeof schema;
/** The handle every service takes first: a database or a transaction on it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** Answers whether the database responds to a trivial query. */
  ping(): Promise<boolean>;
  /**
   * Calls `onMessage` for every NOTIFY on `channel`, from this process or any other on the same
   * database. Returns a function that stops listening.
   */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

/**
 * The extensions every PGlite instance of the shop loads: the migrations create them, and a
 * database that has them cannot be used without (pg_trgm and fuzzystrmatch: search's spelling, migration 0026).
 */
export const PGLITE_EXTENSIONS = { pg_trgm, fuzzystrmatch };

/** PGlite under `dataDir` (or in memory for `memory://`). */
export async function openPglite(dataDir: string): Promise<Database> {
  const inMemory = dataDir === "memory://";
  const path = inMemory ? undefined : join(dataDir, "pgdata");
  if (path) mkdirSync(path, { recursive: true });
  return wrapPglite(await PGlite.create({ dataDir: path, extensions: PGLITE_EXTENSIONS }));
}

/** A Database over an open PGlite instance; closing it closes the instance. */
export function wrapPglite(client: PGlite): Database {
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    ping: () => pingDb(db),
    listen: async (channel, onMessage) => {
      const unlisten = await client.listen(channel, onMessage);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/** A node-postgres pool on `url`, every connection with `timeouts`. */
export async function openPostgres(
  url: string,
  max = 10,
  timeouts: DatabaseTimeouts = DEFAULT_TIMEOUTS,
): Promise<Database> {
  const pool = new GuardedPool({
    connectionString: url,
    max,
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    // A partitioned server never answers, so the server-side timeout never fires: the client's
    // own deadline, a little later, ends the wait.
    query_timeout: timeouts.statementMs + 1_000,
  });
  // A client that loses its server must not crash the process, idle (the pool's event) or
  // checked out between two statements of a transaction (its own event): the next query on it
  // fails, and the pool discards it.
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    ping: () => pingDb(db),
    listen: (channel, onMessage) => listenPostgres(url, channel, onMessage),
    close: () => pool.end(),
  };
}

const RECONNECT_MS = 1000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries). When the
 * connection drops it reconnects, and reports an empty message so listeners assume they missed one.
 */
async function listenPostgres(url: string, channel: string, onMessage: (payload: string) => void) {
  let stopped = false;
  let client: pg.Client | undefined;
  const reconnect = () => {
    if (stopped) return;
    setTimeout(async () => {
      try {
        await connect();
        onMessage("");
      } catch {
        reconnect();
      }
    }, RECONNECT_MS).unref();
  };
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on("notification", (message) => {
      if (message.channel === channel) onMessage(message.payload ?? "");
    });
    next.on("error", () => {
      void next.end().catch(() => {});
      reconnect();
    });
    await next.connect();
    await next.query(`listen "${channel.replaceAll('"', '""')}"`);
    client = next;
  };
  await connect();
  return async () => {
    stopped = true;
    await client?.end().catch(() => {});
  };
}

async function pingDb(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
