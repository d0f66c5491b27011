import { and, desc, eq, gt, inArray, lt, ne } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { loginAttempts } from "./schema.ts";

/** security.md #20: this many failures for one email from one client… */
export const MAX_FAILURES = 5;
/** …within this window, and the next attempt is refused until the oldest of them ages out. */
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;

export type AttemptReservation =
  | { allowed: true; attemptId: number }
  | { allowed: false; retryAfterSeconds: number };

/**
 * Records an attempt (as a failure until `markAttemptSucceeded`) and then counts the failures for
 * this email and client in the window since their last success. Writing first and counting after
 * means concurrent guesses see each other, so no burst gets past the limit. A refused attempt is
 * removed again: it was not a guess, so it does not extend the wait.
 */
export async function reserveAttempt(
  db: Db,
  email: string,
  clientKey: string,
  now = new Date(),
): Promise<AttemptReservation> {
  const [attempt] = await db
    .insert(loginAttempts)
    .values({ email, clientKey, succeeded: false, createdAt: now })
    .returning({ id: loginAttempts.id });
  if (!attempt) throw new Error("The login attempt was not recorded");
  const recent = await db
    .select({ succeeded: loginAttempts.succeeded, createdAt: loginAttempts.createdAt })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.email, email),
        eq(loginAttempts.clientKey, clientKey),
        gt(loginAttempts.createdAt, new Date(now.getTime() - FAILURE_WINDOW_MS)),
        ne(loginAttempts.id, attempt.id),
      ),
    )
    .orderBy(desc(loginAttempts.createdAt), desc(loginAttempts.id))
    .limit(100);
  const failures: Date[] = [];
  for (const row of recent) {
    if (row.succeeded) break;
    failures.push(row.createdAt);
  }
  if (failures.length < MAX_FAILURES) return { allowed: true, attemptId: attempt.id };

  await db.delete(loginAttempts).where(eq(loginAttempts.id, attempt.id));
  // Newest first: once the MAX_FAILURES-th newest ages out, fewer than MAX_FAILURES remain.
  const pivotal = failures[MAX_FAILURES - 1] ?? now;
  const waitMs = pivotal.getTime() + FAILURE_WINDOW_MS - now.getTime();
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}

/** Attempts are kept this long (for staff to look into), then pruned. */
export const ATTEMPT_RETENTION_MS = 24 * 60 * 60 * 1000;
const PRUNE_BATCH = 1000;

/**
 * Marks a reserved attempt as a success; later failures are counted from here. Also prunes a
 * batch of attempts older than a day, so the table stays small however many guesses it absorbs.
 */
export async function markAttemptSucceeded(
  db: Db,
  attemptId: number,
  now = new Date(),
): Promise<void> {
  await db.update(loginAttempts).set({ succeeded: true }).where(eq(loginAttempts.id, attemptId));
  const old = db
    .select({ id: loginAttempts.id })
    .from(loginAttempts)
    .where(lt(loginAttempts.createdAt, new Date(now.getTime() - ATTEMPT_RETENTION_MS)))
    .limit(PRUNE_BATCH);
  await db.delete(loginAttempts).where(inArray(loginAttempts.id, old));
}
