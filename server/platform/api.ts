import { Hono } from "hono";
import { setCookie } from "hono/cookie";
import { z } from "zod";
import type { Database } from "../db/client.ts";
import { mintCsrfToken } from "../http/csrf.ts";
import type { AppEnv } from "../http/env.ts";
import { jsonBody } from "../http/validate.ts";

export const ClientErrorReport = z.strictObject({
  kind: z.enum(["startup", "chunk-load", "render"]),
  message: z.string().trim().min(1).max(500),
  path: z.string().max(2000).startsWith("/"),
});

/** Health, and the report the browser sends when something fails that it only logs. */
export function platformPublicApi(database: Database) {
  return new Hono<AppEnv>()
    .get("/health", async (c) => {
      const up = await database.ping();
      return c.json(
        { data: { status: up ? "ok" : "degraded", database: up ? "ok" : "unavailable" } },
        up ? 200 : 503,
      );
    })
    .post("/client-errors", async (c) => {
      const report = await jsonBody(c, ClientErrorReport);
      c.get("logger").warn({ clientError: report }, "client error");
      return c.body(null, 204);
    });
}

/** GET /sanctum/csrf-cookie: a signed XSRF-TOKEN cookie that the page's scripts echo back. */
export function csrfCookieRoute(secret: string) {
  return new Hono<AppEnv>().get("/csrf-cookie", (c) => {
    setCookie(c, "XSRF-TOKEN", mintCsrfToken(secret), {
      path: "/",
      sameSite: "Lax",
      secure: c.get("config").secure,
      httpOnly: false,
      maxAge: 2 * 60 * 60,
    });
    c.header("Cache-Control", "no-store");
    return c.body(null, 204);
  });
}

export type BuildInfo = { id: string; timestamp: number };

/** The new-build check (spec §2): the latest build id, and the manifest of a known build. */
export function buildsRoute(build: BuildInfo) {
  return new Hono<AppEnv>()
    .get("/latest.json", (c) => {
      c.header("Cache-Control", "no-store");
      return c.json(build);
    })
    .get("/meta/:file", (c) => {
      if (c.req.param("file") !== `${build.id}.json`) {
        return c.json({ message: "Unknown build." }, 404);
      }
      c.header("Cache-Control", "public, max-age=31536000, immutable");
      // No route is prerendered: every page is rendered per request.
      return c.json({ id: build.id, timestamp: build.timestamp, prerendered: [] });
    });
}
