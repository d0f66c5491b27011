import pg from "pg";

type Release = (error?: Error | boolean) => void;

/**
 * node-postgres's pool, made safe for two faults of a checked-out connection (issue 12):
 * - drizzle runs a transaction's `begin` outside its try, so a `begin` that fails never releases
 *   its client, and each such failure shrinks the pool for good;
 * - a statement past `query_timeout` leaves its connection waiting for an answer that may never
 *   come, so the next statement on it would wait too.
 * A connection that is lost or timed out is therefore closed and handed back to the pool at once
 * (which discards it), and a holder's later `release` is a no-op.
 */
export class GuardedPool extends pg.Pool {
  // Both forms, as pg-pool's own `query` uses the callback one and drizzle the promise one.
  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (error: Error | undefined, client: pg.PoolClient | undefined, done: Release) => void,
  ): void;
  override connect(
    callback?: (error: Error | undefined, client: pg.PoolClient | undefined, done: Release) => void,
  ): Promise<pg.PoolClient> | undefined {
    if (callback) {
      super.connect((error, client, done) => {
        const guarded = client && guard(client);
        callback(error, guarded, guarded ? guarded.release : done);
      });
      return;
    }
    return super.connect().then(guard);
  }
}

function guard(client: pg.PoolClient): pg.PoolClient {
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
  watchQueries(client);
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
function watchQueries(client: pg.PoolClient) {
  if (watched.has(client)) return;
  watched.add(client);
  const query = client.query.bind(client) as Query;
  let running: Promise<unknown> | undefined;
  const run = (args: unknown[]) => {
    const result = query(...args);
    if (result instanceof Promise) {
      result.catch((error: Error) => {
        if (error?.message === "Query read timeout") destroyConnection(client);
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
