/** How long the database may take, in milliseconds (security.md #15: nothing waits for ever). */
export type DatabaseTimeouts = {
  /** To connect, or to wait for a free connection in the pool. */
  connectMs: number;
  /** For one statement; past it PostgreSQL cancels it (57014). */
  statementMs: number;
  /** For a transaction to sit idle holding its locks; past it PostgreSQL ends the session. */
  idleInTransactionMs: number;
};

export const DEFAULT_TIMEOUTS: DatabaseTimeouts = {
  connectMs: 5_000,
  // Below the request deadline (REQUEST_DEADLINE_MS, 10 s), so a slow statement ends with its request.
  statementMs: 8_000,
  idleInTransactionMs: 30_000,
};

/**
 * How long a request may take by default (REQUEST_DEADLINE_MS); a shopper who waits longer has
 * given up. Past it the request is answered 503 (server/http/deadline.ts).
 */
export const DEFAULT_REQUEST_DEADLINE_MS = 10_000;
