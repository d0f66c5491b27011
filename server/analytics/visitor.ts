import { createHmac, randomBytes } from "node:crypto";
import { eq, lt } from "drizzle-orm";
import { addDays, londonDay } from "../../common/london-days.ts";
import type { Db } from "../db/client.ts";
import { analyticsSalts } from "./schema.ts";

/** Who sent an event, as far as the hash needs it; none of it is stored. */
export type VisitorSource = {
  /** The client's address as the app resolves it (TRUST_PROXY decides which hop to believe). */
  address: string;
  userAgent: string | undefined;
  /** The shop's own host, so the same browser hashes differently on another site. */
  siteHost: string;
};

// The salt a process last read, per database: one lookup a day, not one per event.
const saltCache = new WeakMap<Db, { day: string; salt: string }>();

/**
 * The random salt of London's day `day`: created by whichever process asks first, the same for
 * every process after (insert … on conflict do nothing, then read what won).
 */
export async function dailySalt(db: Db, day: string): Promise<string> {
  const cached = saltCache.get(db);
  if (cached?.day === day) return cached.salt;
  await db
    .insert(analyticsSalts)
    .values({ day, salt: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db
    .select({ salt: analyticsSalts.salt })
    .from(analyticsSalts)
    .where(eq(analyticsSalts.day, day));
  if (!row) throw new Error(`The analytics salt of ${day} could not be read`);
  saltCache.set(db, { day, salt: row.salt });
  return row.salt;
}

/**
 * The visitor of an event, as Plausible counts them: a keyed hash of the site's host, the
 * client's address and User-Agent under the day's salt. The same browser is one visitor all day
 * and a stranger the next; once the salt is deleted the hash cannot be traced back.
 */
export async function visitorOf(db: Db, source: VisitorSource, now = new Date()): Promise<string> {
  const salt = await dailySalt(db, londonDay(now));
  return createHmac("sha256", salt)
    .update([source.siteHost.toLowerCase(), source.address, source.userAgent ?? ""].join("\n"))
    .digest("base64url");
}

/**
 * Deletes the salts of the days before yesterday (yesterday's stays for events arriving across
 * midnight), so no older hash can be recomputed from an address and User-Agent. Returns how many.
 */
export async function forgetOldSalts(db: Db, now = new Date()): Promise<number> {
  const deleted = await db
    .delete(analyticsSalts)
    .where(lt(analyticsSalts.day, addDays(londonDay(now), -1)))
    .returning({ day: analyticsSalts.day });
  return deleted.length;
}
