import { and, eq, gt, inArray, lt, lte, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { rateLimitHits } from "./schema.ts";

/** A limit: at most `limit` hits per `key` in any `windowMs`, for one kind of request. */
export type RateLimit = { bucket: string; limit: number; windowMs: number };

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const RETENTION_MS = 24 * 60 * 60 * 1000;
const PRUNE_BATCH = 500;

/**
 * Counts a hit for `key` and says whether it is within `rule`. The hit is written before counting,
 * so a burst of concurrent requests sees itself and cannot slip past the limit; a refused hit is
 * removed again, so waiting is what lets a client back in. Counted in the database, the limit
 * holds across processes.
 */
export async function takeRateLimit(
  db: Db,
  rule: RateLimit,
  key: string,
  now = new Date(),
): Promise<RateLimitResult> {
  const [hit] = await db
    .insert(rateLimitHits)
    .values({ bucket: rule.bucket, key, createdAt: now })
    .returning({ id: rateLimitHits.id });
  if (!hit) throw new Error("The request was not counted");
  const since = new Date(now.getTime() - rule.windowMs);
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      oldest: sql<string | null>`min(${rateLimitHits.createdAt})::text`,
    })
    .from(rateLimitHits)
    .where(
      and(
        eq(rateLimitHits.bucket, rule.bucket),
        eq(rateLimitHits.key, key),
        gt(rateLimitHits.createdAt, since),
        lte(rateLimitHits.id, hit.id),
      ),
    );
  await pruneOldHits(db, now);
  if ((row?.count ?? 0) <= rule.limit) return { allowed: true };

  await db.delete(rateLimitHits).where(eq(rateLimitHits.id, hit.id));
  const oldest = row?.oldest ? new Date(row.oldest).getTime() : now.getTime();
  const waitMs = oldest + rule.windowMs - now.getTime();
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}

async function pruneOldHits(db: Db, now: Date) {
  const old = db
    .select({ id: rateLimitHits.id })
    .from(rateLimitHits)
    .where(lt(rateLimitHits.createdAt, new Date(now.getTime() - RETENTION_MS)))
    .limit(PRUNE_BATCH);
  await db.delete(rateLimitHits).where(inArray(rateLimitHits.id, old));
}
