import { Hono } from "hono";
import { setCookie } from "hono/cookie";
import { z } from "zod";
import { ErrorAnswer } from "../http/answers.ts";
import { smallBody } from "../http/body-limit.ts";
import { mintCsrfToken } from "../http/csrf.ts";
import type { AppEnv } from "../http/env.ts";
import { defineRoute, type RouteGroup, type RouteLimit } from "../http/route-table.ts";
import { pathParams } from "../http/validate.ts";
import { checkReadiness } from "./readiness.ts";

export const ClientErrorReport = z.strictObject({
  kind: z.enum(["startup", "chunk-load", "render"]),
  message: z.string().trim().min(1).max(500),
  path: z.string().max(2000).startsWith("/"),
});

const Health = z
  .object({ data: z.object({ status: z.literal("ok") }) })
  .meta({ id: "Health", example: { data: { status: "ok" } } });

// Probes are asked every few seconds by load balancers and orchestrators: never kept by a cache,
// never limited, and GETs, so no CSRF token.
const PROBE_HEADERS = { "Cache-Control": "no-store" };

const health = defineRoute({
  method: "get",
  path: "/health",
  tag: "platform",
  summary: "Liveness: the process answers (asks nothing of the database)",
  description:
    "For a supervisor deciding whether to restart the process. Whether it should be sent " +
    "traffic is `GET /api/ready`.",
  headers: PROBE_HEADERS,
  answers: { json: Health, description: "The process is alive." },
  handle: (c) => c.json({ data: { status: "ok" as const } }),
});

const Ready = z
  .object({ data: z.object({ status: z.literal("ready") }) })
  .meta({ id: "Ready", example: { data: { status: "ready" } } });

const ready = defineRoute({
  method: "get",
  path: "/ready",
  tag: "platform",
  summary: "Readiness: the database answers and every migration is applied",
  description:
    "503 while the database does not answer `select 1` within 2 s, while a migration of this " +
    "build is not applied, or while the process drains its requests to shut down.",
  headers: PROBE_HEADERS,
  answers: [
    { json: Ready, description: "Send this process traffic." },
    { json: ErrorAnswer, status: 503, description: "Do not send this process traffic yet." },
  ],
  async handle(c) {
    const readiness = await checkReadiness(c.get("database"), c.get("lifecycle"));
    if (!readiness.ready) return c.json({ message: readiness.reason }, 503);
    return c.json({ data: { status: "ready" as const } });
  },
});

/**
 * A page that fails reports once, not thousands of times: past this a client's reports are
 * refused unlogged, so nobody can fill the log (issue 12: 55 MB in 5 s before).
 */
export const CLIENT_ERROR_LIMIT: RouteLimit = {
  rule: { bucket: "client-errors", limit: 20, windowMs: 10 * 60 * 1000 },
  message: "Too many error reports from this browser. Thank you; we have enough.",
};

const clientErrors = defineRoute({
  method: "post",
  path: "/client-errors",
  tag: "platform",
  summary: "Report a failure the browser only logs (start-up, chunk load, render)",
  middleware: [smallBody(4 * 1024)],
  body: ClientErrorReport,
  limit: CLIENT_ERROR_LIMIT,
  answers: { empty: 204, description: "Logged." },
  call({ logger }, { body }) {
    logger.warn({ clientError: body }, "client error");
  },
});

const csrfCookie = defineRoute({
  method: "get",
  path: "/csrf-cookie",
  tag: "platform",
  summary: "A signed XSRF-TOKEN cookie that the page's scripts echo in X-XSRF-TOKEN",
  answers: { empty: 204, description: "The `XSRF-TOKEN` cookie is set." },
  handle(c) {
    setCookie(c, "XSRF-TOKEN", mintCsrfToken(c.get("secret")), {
      path: "/",
      sameSite: "Lax",
      secure: c.get("config").secure,
      httpOnly: false,
      maxAge: 2 * 60 * 60,
    });
    c.header("Cache-Control", "no-store");
    return c.body(null, 204);
  },
});

/** Liveness and readiness, the browser's failure reports, and the CSRF cookie (behaviour.md §7). */
export const platformRoutes: RouteGroup[] = [
  { area: "public", routes: [health, ready, clientErrors] },
  { area: "sanctum", routes: [csrfCookie] },
];

export type BuildInfo = { id: string; timestamp: number };

/**
 * The new-build check (behaviour.md §2): the latest build id, and the manifest of a known build.
 * Build files, not API calls: they stand outside the route table.
 */
const BuildFile = z.strictObject({ file: z.string().max(80) });

export function buildsRoute(build: BuildInfo) {
  return new Hono<AppEnv>()
    .get("/latest.json", (c) => {
      c.header("Cache-Control", "no-store");
      return c.json(build);
    })
    .get("/meta/:file", (c) => {
      if (pathParams(c, BuildFile).file !== `${build.id}.json`) {
        return c.json({ message: "Unknown build." }, 404);
      }
      c.header("Cache-Control", "public, max-age=31536000, immutable");
      // No route is prerendered: every page is rendered per request.
      return c.json({ id: build.id, timestamp: build.timestamp, prerendered: [] });
    });
}
