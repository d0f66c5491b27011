import pg from "pg";
import { isConnectFailure, isConnectionLost, wasRefusedUnsent } from "./faults.ts";

type Release = (error?: Error | boolean) => void;

/**
 * node-postgres's pool, made safe for the faults of a connection (issue 12, docs/security.md #15):
 * - drizzle runs a transaction's `begin` outside its try, so a `begin` that fails never releases
 *   its client, and each such failure shrinks the pool for good;
 * - a statement past `query_timeout` leaves its connection waiting for an answer that may never
 *   come, so the next statement on it would wait too;
 * - once one connection is found lost (the server restarted, or an administrator terminated the
 *   app's sessions), the idle ones are most likely lost too, and a statement sent on one fails:
 *   each connection made before the loss is closed when it is next taken, and a new one made;
 * - a statement that never reached the server (the connection could not be made, or node-postgres
 *   refused to send it on a failed client) is sent once more, on a fresh connection, and so is a
 *   read whose connection was lost under it (outside a transaction a read changes nothing). Any
 *   other statement that was sent is never sent again here: it may have been carried out.
 * A connection that is lost or timed out is closed and handed back to the pool at once (which
 * discards it), and a holder's later `release` is a no-op.
 */
export class GuardedPool extends pg.Pool {
  /** When a connection was last found lost (ms); connections made before are not handed out. */
  private lostAt = 0;
  private readonly madeAt = new WeakMap<pg.PoolClient, number>();

  constructor(config?: pg.PoolConfig) {
    super(config);
    this.on("connect", (client) => this.madeAt.set(client, Date.now()));
    // An idle connection that fails tells of the others: they shared its server.
    this.on("error", (error) => {
      if (isConnectionLost(error)) this.connectionLost();
    });
  }

  /** Connections made until now are suspect: each is closed when next taken. */
  connectionLost() {
    this.lostAt = Date.now();
  }

  // Both forms, as pg-pool's own `query` uses the callback one and drizzle the promise one.
  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (error: Error | undefined, client: pg.PoolClient | undefined, done: Release) => void,
  ): void;
  override connect(
    callback?: (error: Error | undefined, client: pg.PoolClient | undefined, done: Release) => void,
  ): Promise<pg.PoolClient> | undefined {
    if (callback) {
      this.freshConnection().then(
        (client) => callback(undefined, client, client.release),
        (error: Error) => callback(error, undefined, () => {}),
      );
      return;
    }
    return this.freshConnection();
  }

  /** A connection made since the last loss; older ones taken on the way are closed. */
  private async freshConnection(): Promise<pg.PoolClient> {
    for (;;) {
      const client = await super.connect();
      const failed = (client as unknown as { _queryable?: boolean })._queryable === false;
      if (!failed && (this.madeAt.get(client) ?? 0) >= this.lostAt) return guard(this, client);
      // Handed back with an error, pg-pool closes it and makes room for a new one.
      client.release(new Error("Connection made before a connection was lost"));
    }
  }

  // The promise form is drizzle's, for every statement outside a transaction; pg's own callback
  // and streaming forms are left as they are.
  override query(...args: unknown[]): never {
    const last = args.at(-1);
    const streaming = typeof (args[0] as { submit?: unknown })?.submit === "function";
    if (typeof last === "function" || streaming) {
      return (super.query as (...a: unknown[]) => never)(...args);
    }
    return this.queryOnce(args).catch((error: unknown) => {
      if (!(error instanceof NothingSent)) throw error;
      return this.queryOnce(args).catch((again: unknown) => {
        throw again instanceof NothingSent ? again.cause : again;
      });
    }) as never;
  }

  /** One statement on a connection of its own; `NothingSent` when it never reached the server. */
  private async queryOnce(args: unknown[]): Promise<unknown> {
    let client: pg.PoolClient;
    try {
      client = await this.connect();
    } catch (error) {
      throw isConnectFailure(error) ? new NothingSent(error) : error;
    }
    try {
      const result = await (client.query as (...a: unknown[]) => Promise<unknown>)(...args);
      client.release();
      return result;
    } catch (error) {
      const lost = isConnectionLost(error);
      client.release(lost ? (error as Error) : undefined);
      throw wasRefusedUnsent(error) || (lost && isRead(args[0])) ? new NothingSent(error) : error;
    }
  }
}

/**
 * A statement that only reads: a `select` that writes nothing, takes no lock and moves no
 * sequence. Sent outside a transaction, it may be sent again whatever became of the first.
 */
export function isRead(statement: unknown): boolean {
  const text = typeof statement === "string" ? statement : (statement as { text?: unknown })?.text;
  return (
    typeof text === "string" &&
    /^\s*select\b/i.test(text) &&
    !/\b(insert|update|delete|for\s+(no\s+key\s+)?(update|share)|nextval|setval|pg_advisory\w*|pg_notify)\b/i.test(
      text,
    )
  );
}

/** A statement's failure that sending it again cannot make worse: it never reached the server, or it only read. */
class NothingSent extends Error {
  constructor(override readonly cause: unknown) {
    super("The statement was not sent", { cause });
  }
}

function guard(pool: GuardedPool, client: pg.PoolClient): pg.PoolClient {
  const release = client.release as Release;
  let released = false;
  const releaseOnce: Release = (error) => {
    if (released) return;
    released = true;
    client.off("end", onLost);
    release(error);
  };
  const onLost = () => releaseOnce(new Error("Connection lost while checked out"));
  client.once("end", onLost);
  client.release = releaseOnce;
  watchQueries(pool, client);
  return client;
}

// Clients whose `query` is already watched. pg-pool hands the same client out again and again:
// wrapped at every checkout, each query would run through one more layer per checkout before it
// (thousands after a busy minute, a deeper stack and more garbage per query for as long as the
// connection lives).
const watched = new WeakSet<pg.PoolClient>();

type Query = (...args: unknown[]) => unknown;

/**
 * Each statement on a checked-out connection waits for the one before it. A transaction is one
 * connection, and code that runs reads of a transaction with `Promise.all` would otherwise hand
 * pg a second statement while the first runs: pg 8 queues it with a deprecation warning, and
 * pg 9 removes that queue. A statement past `query_timeout` also closes the connection, as the
 * server may still answer it later.
 */
function watchQueries(pool: GuardedPool, client: pg.PoolClient) {
  if (watched.has(client)) return;
  watched.add(client);
  const query = client.query.bind(client) as Query;
  let running: Promise<unknown> | undefined;
  const run = (args: unknown[]) => {
    const result = query(...args);
    if (result instanceof Promise) {
      result.catch((error: Error) => {
        if (error?.message === "Query read timeout") destroyConnection(client);
        if (isConnectionLost(error)) pool.connectionLost();
      });
    }
    return result;
  };
  (client as { query: unknown }).query = (...args: unknown[]) => {
    // The callback form is pg-pool's own, one statement at a time on a client it just took.
    if (typeof args.at(-1) === "function") return query(...args);
    const result = running ? running.then(() => run(args)) : run(args);
    if (!(result instanceof Promise)) return result;
    const settled: Promise<unknown> = result.then(
      () => {},
      () => {},
    );
    running = settled;
    settled.then(() => {
      if (running === settled) running = undefined;
    });
    return result;
  };
}

function destroyConnection(client: pg.PoolClient) {
  (
    client as unknown as { connection: { stream: { destroy(): void } } }
  ).connection.stream.destroy();
}
