/** How long the database may take, in milliseconds (SECURITY §15: nothing waits for ever). */
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
  statementMs: 15_000,
  idleInTransactionMs: 30_000,
};
