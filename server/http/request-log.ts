import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { Logger } from "../logger.ts";
import type { AppEnv } from "./env.ts";

const INCOMING_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** One request id per request (a sane incoming X-Request-Id is kept) and one log line per response. */
export function requestLog(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && INCOMING_ID.test(incoming) ? incoming : randomUUID();
    const child = logger.child({ requestId });
    c.set("requestId", requestId);
    c.set("logger", child);
    await next();
    // On the answer's own headers: `c.header` on a finished answer would copy it into a new
    // one whose body is a stream, and a stream leaves in more writes than a string.
    c.res.headers.set("X-Request-Id", requestId);
    // The path only: query strings may carry search terms or reset tokens.
    child.info(
      {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
      },
      "request",
    );
  };
}
