import pino from "pino";
import type { Config } from "./config.ts";

export type Logger = pino.Logger;

/** JSON logs on stdout; the token cookie and auth headers are never written. */
export function createLogger(level: Config["logLevel"]): Logger {
  return pino({
    level,
    redact: ["req.headers.cookie", "req.headers.authorization", "*.token", "*.password"],
  });
}
