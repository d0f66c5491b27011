import { createHash } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import { type Refusal, refuse } from "../../common/refusal.ts";
import type { Db } from "../db/client.ts";
import { idempotencyKeys } from "./schema.ts";

/** How long a key answers its first outcome: a day covers any retry a shopper or client makes. */
export const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

export const KEY_REUSED =
  "This Idempotency-Key was already used for a different request. Use a new key for a new request.";
export const KEY_IN_FLIGHT =
  "This request is still being processed. Wait a moment, then try again with the same key.";

type Outcome<T> = { value: T } | { refusal: Refusal };

/** The same input hashes the same whatever the order of its keys. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

const hashOf = (input: unknown) =>
  createHash("sha256")
    .update(JSON.stringify(canonical(input)))
    .digest("hex");

/**
 * Runs `work` once per `(scope, key)` (SECURITY §11): the first call claims the key and keeps its
 * outcome, a value or a refusal; a repeat with the same input answers that outcome without
 * running anything; a repeat with other input is refused (422, on `Idempotency-Key`); a repeat
 * while the first is still running is a 409. When `work` throws (the database faltered), the
 * claim is let go, so the retry runs it again: whatever `work` wrote is either committed whole
 * or not at all, and the money-moving services it calls are themselves safe to repeat.
 */
export async function runOnce<T>(
  db: Db,
  claim: { scope: string; key: string; input: unknown },
  work: () => Promise<T | Refusal>,
): Promise<T | Refusal> {
  const requestHash = hashOf(claim.input);
  const where = and(eq(idempotencyKeys.scope, claim.scope), eq(idempotencyKeys.key, claim.key));
  const [claimed] = await db
    .insert(idempotencyKeys)
    .values({ scope: claim.scope, key: claim.key, requestHash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (!claimed) {
    const [kept] = await db.select().from(idempotencyKeys).where(where);
    if (!kept) return refuse("conflict", KEY_IN_FLIGHT);
    if (kept.requestHash !== requestHash) return refuse("invalid", KEY_REUSED, "Idempotency-Key");
    if (kept.state === "in_flight") return refuse("conflict", KEY_IN_FLIGHT);
    const outcome = kept.outcome as Outcome<T>;
    return "value" in outcome ? outcome.value : outcome.refusal;
  }
  let result: T | Refusal;
  try {
    result = await work();
  } catch (error) {
    await db.delete(idempotencyKeys).where(where);
    throw error;
  }
  const outcome: Outcome<T> =
    result && typeof result === "object" && "refused" in result
      ? { refusal: result as Refusal }
      : { value: result as T };
  await db.update(idempotencyKeys).set({ state: "done", outcome }).where(where);
  return result;
}

/** Forgets keys past their lifetime (the reconciler's timer calls it). */
export async function forgetOldKeys(db: Db, now = new Date()): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - KEY_LIFETIME_MS)));
}
