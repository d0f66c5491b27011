import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { Logger } from "../logger.ts";
import type { AppEnv } from "./env.ts";

const INCOMING_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** A request's id: its sender's X-Request-Id when that is sane, a new one otherwise. */
export const requestIdFor = (incoming: string | undefined): string =>
  incoming && INCOMING_ID.test(incoming) ? incoming : randomUUID();

/** The one line logged per response. The path only: query strings may carry search terms or reset tokens. */
export function logAnswer(
  logger: Logger,
  answer: { method: string; path: string; status: number; started: number },
) {
  logger.info(
    {
      method: answer.method,
      path: answer.path,
      status: answer.status,
      durationMs: Math.round((performance.now() - answer.started) * 10) / 10,
    },
    "request",
  );
}

/** One request id per request (a sane incoming X-Request-Id is kept) and one log line per response. */
export function requestLog(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const requestId = requestIdFor(c.req.header("x-request-id"));
    const child = logger.child({ requestId });
    c.set("requestId", requestId);
    c.set("logger", child);
    await next();
    // On the answer's own headers: `c.header` on a finished answer would copy it into a new
    // one whose body is a stream, and a stream leaves in more writes than a string.
    c.res.headers.set("X-Request-Id", requestId);
    logAnswer(child, { method: c.req.method, path: c.req.path, status: c.res.status, started });
  };
}
