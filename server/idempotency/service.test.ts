import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KEY_IN_FLIGHT } from "../../common/idempotency.ts";
import { isRefusal } from "../../common/refusal.ts";
import {
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from "../../tests/support/databases.ts";
import { brands } from "../catalog/schema.ts";
import { idempotencyKeys } from "./schema.ts";
import { type HeldKey, KeyTakenOver, RequestAbandoned, runOnce } from "./service.ts";

// Decision 0036: the key's life, on the real database: claimed with a lease, bound to what its
// request wrote in that write's own transaction, taken over once its lease runs out, and never let
// go once bound. The "resource" written here is a band, as any table would do.
describe.each(databaseKinds)("idempotency keys on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.drop());
  const db = () => database.db;

  const claim = (key: string) => ({ scope: "post /test guest", key, input: { body: { a: 1 } } });
  const keyRow = async (key: string) =>
    (await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key)))[0];
  /** The request's one lasting write: a band, bound to the key. */
  const writeBand = (held: HeldKey, slug: string) =>
    held.write(db(), "order_written", async (tx) => {
      const [band] = await tx
        .insert(brands)
        .values({ title: slug, slug })
        .returning({ id: brands.id });
      return { resourceId: band?.id ?? 0, resume: { note: slug }, value: band?.id ?? 0 };
    });
  const bandsNamed = async (slug: string) =>
    (await db().select().from(brands).where(eq(brands.slug, slug))).length;
  const never = new Promise<never>(() => {});

  it("takes over a key whose holder's lease ran out before it wrote anything, and finishes it", async () => {
    const key = randomUUID();
    const slug = `band-${key.slice(0, 8)}`;
    let firstHeld: HeldKey | undefined;
    // The first holder claims the key, then hangs (a process that died would look the same).
    void runOnce(db(), claim(key), async (held) => {
      firstHeld = held;
      return never;
    });
    await expect.poll(() => keyRow(key)).toMatchObject({ state: "in_flight" });
    // Within its lease, a repeat is told it is in flight (after waiting a moment).
    expect(await runOnce(db(), claim(key), async () => 1)).toMatchObject({
      refused: "conflict",
      message: KEY_IN_FLIGHT,
    });
    await db()
      .update(idempotencyKeys)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(idempotencyKeys.key, key));

    const answered = await runOnce(db(), claim(key), async (held) => writeBand(held, slug));
    expect(isRefusal(answered)).toBe(false);
    expect(await keyRow(key)).toMatchObject({
      state: "done",
      recoveryPoint: "finished",
      resourceId: answered,
    });
    expect(await bandsNamed(slug)).toBe(1);
    // The first holder wakes up and tries to write: refused, and nothing of it is kept.
    await expect(writeBand(firstHeld as HeldKey, `${slug}-late`)).rejects.toBeInstanceOf(
      KeyTakenOver,
    );
    expect(await bandsNamed(`${slug}-late`)).toBe(0);
    // The same key now answers the finished outcome.
    expect(await runOnce(db(), claim(key), async () => -1)).toBe(answered);
  });

  it("lets go of a key that wrote nothing when its work fails, and keeps one that did, ready to resume", async () => {
    const nothing = randomUUID();
    await expect(
      runOnce(db(), claim(nothing), async () => {
        throw new Error("the database went away");
      }),
    ).rejects.toThrow("went away");
    expect(await keyRow(nothing)).toBeUndefined();

    const wrote = randomUUID();
    const slug = `band-${wrote.slice(0, 8)}`;
    await expect(
      runOnce(db(), claim(wrote), async (held) => {
        await writeBand(held, slug);
        throw new Error("the provider could not be asked");
      }),
    ).rejects.toThrow("provider");
    const kept = await keyRow(wrote);
    expect(kept).toMatchObject({
      state: "in_flight",
      recoveryPoint: "order_written",
      resume: { note: slug },
    });
    // Its lease was ended with the failure: the retry resumes at once from what was written.
    const resumed = await runOnce(db(), claim(wrote), async (held) => {
      expect(held).toMatchObject({ recoveryPoint: "order_written", resourceId: kept?.resourceId });
      return held.resourceId;
    });
    expect(resumed).toBe(kept?.resourceId);
    expect(await bandsNamed(slug)).toBe(1);
  });

  it("writes nothing once the request's time to answer has passed, and ends its lease", async () => {
    const key = randomUUID();
    const slug = `band-${key.slice(0, 8)}`;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const answered = runOnce(
      db(),
      claim(key),
      async (held) => {
        await gate;
        return writeBand(held, slug);
      },
      { early: { afterMs: 100 } },
    );
    // Past 100 ms with nothing written, its lease (15 s) is ended at once.
    await expect
      .poll(async () => {
        const row = await keyRow(key);
        return row?.lockedUntil ? row.lockedUntil.getTime() - Date.now() : Number.POSITIVE_INFINITY;
      })
      .toBeLessThan(1_000);
    release();
    await expect(answered).rejects.toBeInstanceOf(RequestAbandoned);
    expect(await bandsNamed(slug)).toBe(0);
    expect(await keyRow(key)).toBeUndefined();
  });
});
