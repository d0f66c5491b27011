import { createHash, randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { and, eq, lt, sql } from "drizzle-orm";
import { KEY_IN_FLIGHT, KEY_REUSED } from "../../common/idempotency.ts";
import { isRefusal, type Refusal, refuse } from "../../common/refusal.ts";
import type { Db } from "../db/client.ts";
import { inTransactionOrRefuse } from "../db/transaction.ts";
import { idempotencyKeys, type RecoveryPoint } from "./schema.ts";

export type { RecoveryPoint } from "./schema.ts";

/** How long a key answers its first outcome: a day covers any retry a shopper or client makes. */
export const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * How long a holder may work on a key before a retry or the reconciler may take it over: longer
 * than any request runs (its deadline is 10 s), short enough that a fan whose process died is
 * answered within seconds, not after the key's day (decision 0036).
 */
export const KEY_LEASE_MS = 15_000;

/** How long a repeat waits for the first request to finish before it is told it is in flight. */
const IN_FLIGHT_WAIT_MS = 2_000;

export { KEY_IN_FLIGHT, KEY_REUSED };

/**
 * A keyed request gave up before it wrote anything that lasts (it would have answered after its
 * deadline): nothing was written and nothing charged, so the caller is told to try again.
 */
export class RequestAbandoned extends Error {
  readonly code = "REQUEST_ABANDONED";
  constructor() {
    super("The request passed its deadline before it wrote anything; nothing was done.");
  }
}

/** Another request took the key over while this one was still working: this one stops. */
export class KeyTakenOver extends Error {
  readonly code = "KEY_TAKEN_OVER";
  constructor(scope: string, key: string) {
    super(`Idempotency key ${scope} ${key} was taken over by another request.`);
  }
}

type Outcome<T> = { value: T } | { refusal: Refusal };

/** How far a keyed request got, as its row says. */
export type KeyProgress = {
  recoveryPoint: RecoveryPoint;
  /** The order or refund it wrote, once past `started`. */
  resourceId: number | null;
  /** What it kept for a retry (a guest's access token). */
  resume: Record<string, unknown> | null;
};

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

const leaseEnd = () => sql`now() + ${`${KEY_LEASE_MS} milliseconds`}::interval`;

/**
 * What a keyed write wrote: `resourceId` binds the key to it (a retry resumes from there); none
 * means it wrote something a retry may safely refuse or repeat (an unpaid order cancelled).
 */
export type KeyWrite<T> = { resourceId?: number; resume?: Record<string, unknown>; value: T };

/**
 * What a money-moving service is given to run under its key: how far an earlier attempt got, and
 * `write`, which runs the request's one lasting write (the order, the refund) in a transaction
 * that also moves the key to its recovery point, so the two commit together or not at all.
 */
export interface HeldKey extends Readonly<KeyProgress> {
  /**
   * Runs `work` in a transaction and, in the same transaction, binds the key to what it wrote
   * (`resourceId`, and `resume` for a retry). A refusal rolls everything back and binds nothing.
   * Throws `RequestAbandoned` when the request passed its time to answer before this committed,
   * and `KeyTakenOver` when another request holds the key now; both roll back.
   */
  write<T>(
    db: Db,
    point: Exclude<RecoveryPoint, "started" | "finished">,
    work: (tx: Db) => Promise<KeyWrite<T> | Refusal>,
  ): Promise<T | Refusal>;
}

/** For a service called with no key (the demo seed, a staff page that keys nothing): writes only. */
export const NO_KEY: HeldKey = {
  recoveryPoint: "started",
  resourceId: null,
  resume: null,
  async write(db, _point, work) {
    return inTransactionOrRefuse(db, async (tx) => {
      const written = await work(tx);
      return isRefusal(written) ? written : written.value;
    });
  },
};

type KeyRow = typeof idempotencyKeys.$inferSelect;

class Holding implements HeldKey {
  recoveryPoint: RecoveryPoint;
  resourceId: number | null;
  resume: Record<string, unknown> | null;
  /** Set once the request's time to answer has passed with nothing written. */
  abandoned = false;
  private onWritten: Array<() => void> = [];

  constructor(
    private readonly where: ReturnType<typeof and>,
    private readonly claim: { scope: string; key: string },
    /** The id this request wrote as the key's holder: its writes are guarded by it. */
    readonly holder: string,
    row: Pick<KeyRow, "recoveryPoint" | "resourceId" | "resume">,
  ) {
    this.recoveryPoint = row.recoveryPoint;
    this.resourceId = row.resourceId;
    this.resume = (row.resume as Record<string, unknown> | null) ?? null;
  }

  get written() {
    return this.recoveryPoint !== "started";
  }

  /** Resolves once the request has written what lasts (at once if it had before). */
  whenWritten(): Promise<void> {
    if (this.written) return Promise.resolve();
    return new Promise((resolve) => this.onWritten.push(resolve));
  }

  async write<T>(
    db: Db,
    point: Exclude<RecoveryPoint, "started" | "finished">,
    work: (tx: Db) => Promise<KeyWrite<T> | Refusal>,
  ): Promise<T | Refusal> {
    let bound: { resourceId: number; resume: Record<string, unknown> | null } | undefined;
    const value = await inTransactionOrRefuse(db, async (tx) => {
      const written = await work(tx);
      if (isRefusal(written)) return written;
      // Last before the commit, so a request that ran out of time writes nothing at all.
      if (this.abandoned) throw new RequestAbandoned();
      if (written.resourceId === undefined) return written.value;
      const resume = written.resume ?? null;
      const moved = await tx
        .update(idempotencyKeys)
        .set({
          recoveryPoint: point,
          resourceId: written.resourceId,
          resume,
          lockedUntil: leaseEnd(),
        })
        .where(
          and(
            this.where,
            eq(idempotencyKeys.holder, this.holder),
            eq(idempotencyKeys.recoveryPoint, "started"),
          ),
        )
        .returning({ key: idempotencyKeys.key });
      if (moved.length === 0) throw new KeyTakenOver(this.claim.scope, this.claim.key);
      bound = { resourceId: written.resourceId, resume };
      return written.value;
    });
    if (bound && !isRefusal(value)) {
      this.recoveryPoint = point;
      this.resourceId = bound.resourceId;
      this.resume = bound.resume;
      for (const resolve of this.onWritten.splice(0)) resolve();
    }
    return value;
  }
}

/** The key's row, with whether its holder's lease still runs (by the database's clock). */
async function readKey(db: Db, where: ReturnType<typeof and>) {
  const [row] = await db
    .select({
      row: idempotencyKeys,
      leased: sql<boolean>`coalesce(${idempotencyKeys.lockedUntil} > now(), false)`,
    })
    .from(idempotencyKeys)
    .where(where);
  return row;
}

const outcomeOf = <T>(row: KeyRow): T | Refusal => {
  const outcome = row.outcome as Outcome<T>;
  return "value" in outcome ? outcome.value : outcome.refusal;
};

/**
 * Takes the key: a new one, or one whose holder's lease has run out (taken over from its recovery
 * point). A repeat of a finished request answers its outcome; other input is refused; a request
 * still in flight is waited for a moment, then answered 409.
 */
async function takeKey<T>(
  db: Db,
  claim: { scope: string; key: string },
  requestHash: string,
  where: ReturnType<typeof and>,
): Promise<Holding | { answer: T | Refusal }> {
  const waitUntil = Date.now() + IN_FLIGHT_WAIT_MS;
  for (;;) {
    const holder = randomUUID();
    const holding = new Holding(where, claim, holder, {
      recoveryPoint: "started",
      resourceId: null,
      resume: null,
    });
    const [claimed] = await db
      .insert(idempotencyKeys)
      .values({
        scope: claim.scope,
        key: claim.key,
        requestHash,
        holder: holding.holder,
        lockedUntil: leaseEnd(),
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed) return holding;
    const kept = await readKey(db, where);
    if (kept) {
      if (kept.row.requestHash !== requestHash) {
        return { answer: refuse("invalid", KEY_REUSED, "Idempotency-Key") };
      }
      if (kept.row.state === "done") return { answer: outcomeOf<T>(kept.row) };
      if (!kept.leased) {
        // Its holder died or gave up: this request carries on from where it got.
        const [taken] = await db
          .update(idempotencyKeys)
          .set({ holder: holding.holder, lockedUntil: leaseEnd() })
          .where(
            and(
              where,
              eq(idempotencyKeys.state, "in_flight"),
              sql`coalesce(${idempotencyKeys.lockedUntil} <= now(), true)`,
            ),
          )
          .returning();
        // The same holder id it wrote, so its own guarded writes find the key.
        if (taken) return new Holding(where, claim, holder, taken);
      }
    }
    if (Date.now() >= waitUntil) return { answer: refuse("conflict", KEY_IN_FLIGHT) };
    await sleep(100);
  }
}

/** Writes the outcome, trying a few times: a key left in flight costs its caller the lease. */
async function finishKey<T>(db: Db, where: ReturnType<typeof and>, result: T | Refusal) {
  const outcome: Outcome<T> = isRefusal(result) ? { refusal: result } : { value: result };
  for (let attempt = 1; ; attempt += 1) {
    try {
      await db
        .update(idempotencyKeys)
        .set({ state: "done", recoveryPoint: "finished", outcome, lockedUntil: null })
        .where(and(where, eq(idempotencyKeys.state, "in_flight")));
      return;
    } catch (error) {
      if (attempt >= 3) throw error;
      await sleep(50 * attempt);
    }
  }
}

/**
 * After a failure: a key that wrote nothing is let go, so a retry starts again (everything it
 * did rolled back); a key that wrote its order or refund is kept, its lease ended, so a retry
 * resumes at once from its recovery point. Both guarded by the holder: a request taken over
 * changes nothing.
 */
async function afterFailure(db: Db, holding: Holding, where: ReturnType<typeof and>) {
  const mine = and(
    where,
    eq(idempotencyKeys.holder, holding.holder),
    eq(idempotencyKeys.state, "in_flight"),
  );
  await db
    .delete(idempotencyKeys)
    .where(and(mine, eq(idempotencyKeys.recoveryPoint, "started")))
    .catch(() => {});
  await db
    .update(idempotencyKeys)
    .set({ lockedUntil: sql`now()` })
    .where(mine)
    .catch(() => {});
}

export type EarlyAnswer<T> = {
  /** When to stop waiting for the outcome (before the request's own deadline). */
  afterMs: number;
  /**
   * The answer for a request that has written what lasts but not finished by then; without it,
   * such a request is waited for as long as it takes (its deadline may answer first).
   */
  answer?(progress: KeyProgress): Promise<T> | T;
};

/**
 * Runs `work` once per `(scope, key)` (docs/security.md #11, #25; decision 0036), as Stripe's
 * engineers describe idempotency keys on PostgreSQL: the key records how far the request got.
 * - The first call claims the key with a lease and runs `work`, which writes what lasts through
 *   `HeldKey.write`, binding the key in the same transaction.
 * - A repeat with the same input answers the kept outcome; with other input, a 422; while the
 *   first still runs, it waits a moment, then answers 409.
 * - When `work` throws before writing anything, the key is let go (nothing happened); after, it is
 *   never let go: a retry (at once) or the reconciler (`abandonedKeys`, once the lease has run
 *   out) carries on from the recovery point, and the services make every step from there safe to
 *   repeat (the provider is asked with the order's or refund's own key).
 * - With `early`, a request that has written nothing by `afterMs` writes nothing at all
 *   (`RequestAbandoned`, so its deadline's 503 is true) and its lease ends; one that has written
 *   what lasts but not finished is answered `early.answer(...)` (checkout: 202, "confirming your
 *   payment") while the work goes on and records its outcome.
 */
export async function runOnce<T>(
  db: Db,
  claim: { scope: string; key: string; input: unknown },
  work: (key: HeldKey) => Promise<T | Refusal>,
  options: { early?: EarlyAnswer<T>; onLateFailure?: (error: unknown) => void } = {},
): Promise<T | Refusal> {
  const requestHash = hashOf(claim.input);
  const where = and(eq(idempotencyKeys.scope, claim.scope), eq(idempotencyKeys.key, claim.key));
  const taken = await takeKey<T>(db, claim, requestHash, where);
  if (!(taken instanceof Holding)) return taken.answer;
  const holding = taken;

  const running = (async () => {
    try {
      const result = await work(holding);
      await finishKey(db, where, result);
      return result;
    } catch (error) {
      await afterFailure(db, holding, where);
      throw error;
    }
  })();

  const { early } = options;
  if (!early) return running;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), early.afterMs);
  });
  try {
    const first = await Promise.race([running, late]);
    if (first !== "late") return first;
  } finally {
    clearTimeout(timer);
  }
  // Past the time to answer: what has not been written will not be (and its lease ends, so the
  // caller's retry takes the key at once); what has is answered now.
  if (!holding.written) {
    holding.abandoned = true;
    await db
      .update(idempotencyKeys)
      .set({ lockedUntil: sql`now()` })
      .where(
        and(
          where,
          eq(idempotencyKeys.holder, holding.holder),
          eq(idempotencyKeys.recoveryPoint, "started"),
        ),
      )
      .catch(() => {});
  }
  if (!early.answer) return running;
  const next = await Promise.race([
    running.then(
      (value) => ({ done: true as const, value }),
      (error: unknown) => ({ done: true as const, error }),
    ),
    holding.whenWritten().then(() => ({ done: false as const })),
  ]);
  if (next.done) {
    if ("error" in next) throw next.error;
    return next.value;
  }
  // The work carries on without a caller; what it fails at, the reconciler finishes.
  running.catch((error: unknown) => options.onLateFailure?.(error));
  return early.answer(holding);
}

/** A key whose holder has gone (its lease ran out) while it was in flight. */
export type AbandonedKey = KeyProgress & { scope: string; key: string };

/**
 * Keys left in flight whose lease ran out at least `graceMs` ago: a process died holding them, or
 * could not write their outcome. The reconciler finishes them (`finishAbandonedKey`).
 */
export async function abandonedKeys(db: Db, graceMs = 0, limit = 200): Promise<AbandonedKey[]> {
  const rows = await db
    .select()
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.state, "in_flight"),
        sql`coalesce(${idempotencyKeys.lockedUntil}, ${idempotencyKeys.createdAt}) < now() - ${`${graceMs} milliseconds`}::interval`,
      ),
    )
    .limit(limit);
  return rows.map((row) => ({
    scope: row.scope,
    key: row.key,
    recoveryPoint: row.recoveryPoint,
    resourceId: row.resourceId,
    resume: (row.resume as Record<string, unknown> | null) ?? null,
  }));
}

/**
 * The reconciler's end of an abandoned key: one that wrote nothing is let go; one that wrote its
 * order or refund is finished with `outcome` (what a retry would now answer), or left for later
 * when `outcome` is undefined (the order is still waiting on its provider). Guarded, so a retry
 * that took the key over meanwhile is never overwritten.
 */
export async function finishAbandonedKey<T>(
  db: Db,
  key: AbandonedKey,
  outcome: T | Refusal | undefined,
): Promise<void> {
  const where = and(
    eq(idempotencyKeys.scope, key.scope),
    eq(idempotencyKeys.key, key.key),
    eq(idempotencyKeys.state, "in_flight"),
    sql`coalesce(${idempotencyKeys.lockedUntil}, ${idempotencyKeys.createdAt}) < now()`,
  );
  if (key.recoveryPoint === "started") {
    await db
      .delete(idempotencyKeys)
      .where(and(where, eq(idempotencyKeys.recoveryPoint, "started")));
    return;
  }
  if (outcome === undefined) return;
  const kept: Outcome<T> = isRefusal(outcome) ? { refusal: outcome } : { value: outcome };
  await db
    .update(idempotencyKeys)
    .set({ state: "done", recoveryPoint: "finished", outcome: kept, lockedUntil: null })
    .where(where);
}

/** Forgets keys past their lifetime (the reconciler's timer calls it). */
export async function forgetOldKeys(db: Db, now = new Date()): Promise<void> {
  await db.delete(idempotencyKeys).where(
    and(
      lt(idempotencyKeys.createdAt, new Date(now.getTime() - KEY_LIFETIME_MS)),
      // A key bound to an order the reconciler has not finished is kept until it has.
      sql`(${idempotencyKeys.state} = 'done' or ${idempotencyKeys.recoveryPoint} = 'started')`,
    ),
  );
}
