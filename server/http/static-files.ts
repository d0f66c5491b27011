import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import type { AppEnv } from "./env.ts";

const IMMUTABLE = "public, max-age=31536000, immutable";
const ONE_DAY = "public, max-age=86400";

/**
 * Built files from `root`: hashed `/assets/*` are immutable and served precompressed (brotli,
 * gzip); a missing asset is a plain 404, not a page. Other public files (icons) keep a day.
 */
export function staticFiles(root: string) {
  return new Hono<AppEnv>()
    .use(
      "/assets/*",
      serveStatic({
        root,
        precompressed: true,
        onFound: (_path, c) => c.header("Cache-Control", IMMUTABLE),
      }),
    )
    .get("/assets/*", (c) => c.text("Not found.", 404))
    .use(
      "*",
      serveStatic({
        root,
        precompressed: true,
        onFound: (_path, c) => c.header("Cache-Control", ONE_DAY),
      }),
    );
}
