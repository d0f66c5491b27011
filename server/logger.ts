import pino from "pino";
import type { Config } from "./config.ts";
import { sqlState } from "./db/transaction.ts";

export type Logger = pino.Logger;

/**
 * An error as the logs keep it. A failed query carries its parameters (emails, messages,
 * addresses) in its message; the log keeps the SQLSTATE, the statement with its `$n`
 * placeholders and the server's reason, never the values (UK GDPR: logs are not a copy of the
 * database).
 */
export function loggableError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const code = sqlState(error);
  const query = (error as { query?: unknown }).query;
  if (code === undefined && typeof query !== "string") return pino.stdSerializers.err(error);
  const reason = error.cause instanceof Error ? error.cause.message : undefined;
  return {
    type: error.name,
    code,
    ...(typeof query === "string" ? { query } : { message: error.message }),
    ...(reason ? { reason } : {}),
  };
}

/** The options every logger of the shop shares (tests' loggers too). */
export const LOG_OPTIONS = {
  redact: ["req.headers.cookie", "req.headers.authorization", "*.token", "*.password"],
  serializers: { err: loggableError },
} satisfies pino.LoggerOptions;

/** JSON logs on stdout; the token cookie, auth headers and query values are never written. */
export function createLogger(level: Config["logLevel"]): Logger {
  return pino({ level, ...LOG_OPTIONS });
}
