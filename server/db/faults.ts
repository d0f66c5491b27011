/**
 * What a database error says about the connection it came on (docs/security.md #15). Codes are
 * PostgreSQL's SQLSTATEs and Node's socket errors; node-postgres's own refusals have no code, only
 * their words.
 */

/** The SQLSTATE (or socket code) of an error, through the wrappers Drizzle puts around it. */
export function errorCode(error: unknown): string | undefined {
  for (let current = error; current instanceof Error; current = current.cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") return code;
  }
  return undefined;
}

const messages = (error: unknown): string[] => {
  const found: string[] = [];
  for (let current = error; current instanceof Error; current = current.cause) {
    found.push(current.message);
  }
  return found;
};

/** The server or the network ended the session: a shutdown, a terminated backend, a reset. */
const SESSION_ENDED_CODES = new Set([
  "57P01", // terminated by an administrator (pg_terminate_backend) or a fast shutdown
  "57P02", // crash shutdown
  "08000",
  "08003",
  "08006",
  "ECONNRESET",
  "EPIPE",
]);

/**
 * node-postgres refusing to send a statement on a client that has already failed: nothing of it
 * reached the server.
 */
const REFUSED_UNSENT =
  /Client has encountered a connection error and is not queryable|Client was closed and is not queryable/;

/** The connection could not be made at all: nothing was sent on it. */
const CONNECT_FAILED_CODES = new Set([
  "ECONNREFUSED",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "57P03", // the server is starting up or shutting down
  "53300", // too many connections
]);

/** True when the connection `error` came on is gone: the session ended, or pg refused to use it. */
export function isConnectionLost(error: unknown): boolean {
  const code = errorCode(error);
  if (code && SESSION_ENDED_CODES.has(code)) return true;
  return messages(error).some(
    (message) => REFUSED_UNSENT.test(message) || /Connection terminated unexpectedly/.test(message),
  );
}

/** True when node-postgres refused the statement before sending it (the client had failed). */
export const wasRefusedUnsent = (error: unknown) =>
  messages(error).some((message) => REFUSED_UNSENT.test(message));

/** True when a new connection could not be made (refused, unreachable, the server not ready). */
export function isConnectFailure(error: unknown): boolean {
  const code = errorCode(error);
  return code !== undefined && CONNECT_FAILED_CODES.has(code);
}
