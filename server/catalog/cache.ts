import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { MiddlewareHandler } from "hono";
import type { Database, Db } from "../db/client.ts";
import type { AppEnv } from "../http/env.ts";

export const CATALOG_CHANNEL = "catalog_changed";
const MAX_ENTRIES = 2000;
// Browsers and shared caches may keep a catalogue answer briefly; this process keeps it until the
// catalogue changes.
const PUBLIC_CACHE = "public, max-age=60, stale-while-revalidate=300";

type Entry = { body: string; etag: string };

/**
 * An in-process cache of anonymous catalogue API answers, keyed by URL. Any process that changes
 * the catalogue calls `notifyCatalogChanged`; every process on the database then empties its cache
 * (PostgreSQL LISTEN/NOTIFY, so several processes stay correct). What it empties is kept aside
 * and answered, never cached by anyone, only while the database does not answer (SECURITY §15).
 */
export async function createCatalogCache(database: Database) {
  let entries = new Map<string, Entry>();
  let outdated = new Map<string, Entry>();
  const clear = () => {
    outdated = new Map([...outdated, ...entries]);
    for (const key of outdated.keys()) {
      if (outdated.size <= MAX_ENTRIES) break;
      outdated.delete(key);
    }
    entries = new Map();
  };
  const stop = await database.listen(CATALOG_CHANNEL, clear);

  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (c.req.method !== "GET") return next();
    const key = c.req.url.slice(c.req.url.indexOf("/api/"));
    const hit = entries.get(key);
    if (hit) {
      // Refresh its place: the map's order is least recently used first.
      entries.delete(key);
      entries.set(key, hit);
      return respond(c, hit);
    }
    await next();
    const kept = outdated.get(key);
    if (c.res.status === 503 && kept) {
      c.res = c.body(kept.body, 200, {
        "Cache-Control": "no-store",
        "Content-Type": "application/json",
      });
      return;
    }
    if (c.res.status !== 200 || !c.res.headers.get("content-type")?.includes("application/json"))
      return;
    outdated.delete(key);
    const body = await c.res.clone().text();
    const entry = { body, etag: `"${createHash("sha1").update(body).digest("base64url")}"` };
    entries.set(key, entry);
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
    c.res = respond(c, entry);
  };

  return { middleware, clear, size: () => entries.size, stop };
}

function respond(c: Parameters<MiddlewareHandler<AppEnv>>[0], entry: Entry): Response {
  const headers = {
    "Cache-Control": PUBLIC_CACHE,
    ETag: entry.etag,
    "Content-Type": "application/json",
  };
  // Compression turns the tag weak (W/"…"); for a GET the weak comparison is the right one.
  const tags = (c.req.header("if-none-match") ?? "")
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""));
  if (tags.includes(entry.etag)) return c.body(null, 304, headers);
  return c.body(entry.body, 200, headers);
}

/** Tells every process on the database that the catalogue changed (call after the change commits). */
export async function notifyCatalogChanged(db: Db): Promise<void> {
  await db.execute(sql`select pg_notify(${CATALOG_CHANNEL}, '')`);
}
