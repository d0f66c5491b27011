import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { appSettings } from "./schema.ts";

/** Reads a shop-wide setting, or undefined when it was never written. */
export async function readSetting(db: Db, key: string): Promise<string | undefined> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, key));
  return row?.value;
}

/**
 * Writes `value` under `key` unless a value is there already; returns true when this call wrote it.
 * Several processes racing on one database agree on a single winner.
 */
export async function claimSetting(db: Db, key: string, value: string): Promise<boolean> {
  const inserted = await db
    .insert(appSettings)
    .values({ key, value })
    .onConflictDoNothing()
    .returning({ key: appSettings.key });
  return inserted.length === 1;
}

/**
 * The key that signs CSRF tokens: APP_SECRET when set, else one made on first start and kept in
 * the database, so every process on that database signs and checks alike.
 */
export async function signingSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await claimSetting(db, "signing_secret", randomBytes(32).toString("base64url"));
  const stored = await readSetting(db, "signing_secret");
  if (!stored) throw new Error("The signing secret could not be stored");
  return stored;
}
