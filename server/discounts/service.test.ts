import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from "../../tests/support/databases.ts";
import { makeDiscount, usageOf } from "../../tests/support/discounts.ts";
import { makeBrand, makeProduct } from "../../tests/support/factories.ts";
import { type Db, openPostgres } from "../db/client.ts";
import { segments } from "../segments/schema.ts";
import { discountRedemptions, discounts, discountTargets } from "./schema.ts";
import {
  applyDiscountToBasket,
  GUEST,
  type RedemptionResult,
  redeemDiscount,
  type Shopper,
} from "./service.ts";

const HOUR = 3_600_000;

describe.each(databaseKinds)("discount service on %s", (kind) => {
  let database: TestDatabase;
  let db: Db;
  let lines: Array<{ id: number; quantity: number }>;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = database.db;
    const band = await makeBrand(db);
    const { variants } = await makeProduct(db, { brandId: band.id, variants: [{ price: 2000 }] });
    lines = [{ id: variants[0]?.id as number, quantity: 1 }];
  });
  afterAll(() => database.drop());

  const evaluate = (code: string, shopper: Shopper, at?: Date) =>
    applyDiscountToBasket(db, { code, lines, shopper, at });
  const member: Shopper = { email: "member@example.com", registered: true, segmentIds: [] };

  describe("who may use a code", () => {
    it("registered codes: customers yes, guests are asked to sign in", async () => {
      const { code } = await makeDiscount(db, { eligibleGroup: "registered" });
      expect(await evaluate(code, member)).toMatchObject({ ok: true });
      expect(await evaluate(code, GUEST)).toMatchObject({
        ok: false,
        reason: "sign-in-required",
        message: "Sign in to use this code",
      });
    });

    it("segment codes: only members of that segment", async () => {
      const [segment] = await db
        .insert(segments)
        .values({ title: "Fans", rules: [{ type: "marketing-consent", consent: true }] })
        .returning();
      const segmentId = segment?.id as number;
      const { code } = await makeDiscount(db, { eligibleGroup: "segment", segmentId });
      expect(await evaluate(code, { ...member, segmentIds: [segmentId] })).toMatchObject({
        ok: true,
      });
      expect(await evaluate(code, { ...member, segmentIds: [segmentId + 1] })).toMatchObject({
        ok: false,
        reason: "not-in-segment",
        message: "This code is not available on your account",
      });
      expect(await evaluate(code, { ...GUEST, email: "member@example.com" })).toMatchObject({
        ok: false,
        reason: "sign-in-required",
      });
    });

    it("guest codes: not for signed-in customers", async () => {
      const { code } = await makeDiscount(db, { eligibleGroup: "guests" });
      expect(await evaluate(code, GUEST)).toMatchObject({ ok: true });
      expect(await evaluate(code, member)).toMatchObject({
        ok: false,
        reason: "guests-only",
        message: "This code is only for guest checkout",
      });
    });
  });

  describe("per-customer limit", () => {
    it("counts uses by normalised email, guest or account alike", async () => {
      const discount = await makeDiscount(db, { perCustomerLimit: 1 });
      expect(
        await redeemDiscount(db, { discountId: discount.id, email: "  Fan@Example.COM " }),
      ).toMatchObject({ ok: true, timesUsed: 1 });
      const [row] = await db
        .select({ email: discountRedemptions.email })
        .from(discountRedemptions)
        .where(eq(discountRedemptions.discountId, discount.id));
      expect(row?.email).toBe("fan@example.com");

      const refusal = {
        ok: false,
        reason: "customer-limit",
        message: "You have already used this code as many times as allowed",
      };
      // A +tag is the same shopper (the mailbox is the same), so it does not earn another use.
      expect(
        await evaluate(discount.code, { ...GUEST, email: "fan+again@example.com" }),
      ).toMatchObject(refusal);
      // As a guest with the same email, and as a signed-in customer: both refused.
      expect(await evaluate(discount.code, { ...GUEST, email: "FAN@example.com" })).toMatchObject(
        refusal,
      );
      expect(await evaluate(discount.code, { ...member, email: "fan@example.com" })).toMatchObject(
        refusal,
      );
      expect(
        await redeemDiscount(db, {
          discountId: discount.id,
          email: "fan@EXAMPLE.com",
          customerId: 42,
        }),
      ).toEqual({ ...refusal, refused: "conflict" });
      // Someone else may; a shopper whose email is not known yet is checked at the order.
      expect(await evaluate(discount.code, { ...GUEST, email: "other@example.com" })).toMatchObject(
        { ok: true },
      );
      expect(await evaluate(discount.code, GUEST)).toMatchObject({ ok: true });
      // The refused redemption left the count as it was.
      expect(await usageOf(db, discount.id)).toEqual({ timesUsed: 1, redemptions: 1 });
    });

    it("allows up to the limit", async () => {
      const discount = await makeDiscount(db, { perCustomerLimit: 2 });
      for (let use = 1; use <= 2; use++) {
        expect(
          await redeemDiscount(db, { discountId: discount.id, email: "two@example.com" }),
        ).toMatchObject({ ok: true, timesUsed: use });
      }
      expect(
        await redeemDiscount(db, { discountId: discount.id, email: "two@example.com" }),
      ).toMatchObject({ ok: false, reason: "customer-limit" });
      expect(await usageOf(db, discount.id)).toEqual({ timesUsed: 2, redemptions: 2 });
    });
  });

  describe("redeemDiscount", () => {
    it("counts the last use and refuses the next", async () => {
      const discount = await makeDiscount(db, { usageLimit: 2, timesUsed: 1 });
      const result = await redeemDiscount(db, {
        discountId: discount.id,
        email: "a@example.com",
        orderId: 9,
      });
      expect(result).toMatchObject({ ok: true, timesUsed: 2 });
      expect(await redeemDiscount(db, { discountId: discount.id, email: "b@example.com" })).toEqual(
        {
          ok: false,
          refused: "conflict",
          reason: "used-up",
          message: "This code has been used up",
        },
      );
      expect(await usageOf(db, discount.id)).toEqual({ timesUsed: 2, redemptions: 1 });
      expect(await evaluate(discount.code, GUEST)).toMatchObject({ ok: false, reason: "used-up" });
    });

    it("refuses codes outside their window, at the exact instants", async () => {
      const startsAt = new Date(Date.now() + HOUR);
      const endsAt = new Date(Date.now() + 2 * HOUR);
      const discount = await makeDiscount(db, { startsAt, endsAt });
      const redeemAt = (at: Date) =>
        redeemDiscount(db, { discountId: discount.id, email: "w@example.com", at });
      expect(await redeemAt(new Date(startsAt.getTime() - 1))).toMatchObject({
        reason: "not-started",
      });
      expect(await redeemAt(endsAt)).toMatchObject({
        reason: "expired",
        message: "This code has expired",
      });
      expect(await redeemAt(startsAt)).toMatchObject({ ok: true });
      expect(await redeemAt(new Date(endsAt.getTime() - 1))).toMatchObject({ ok: true });
      expect(await evaluate(discount.code, GUEST, new Date(startsAt.getTime() - 1))).toMatchObject({
        reason: "not-started",
      });
      expect(await evaluate(discount.code, GUEST, startsAt)).toMatchObject({ ok: true });
      expect(await evaluate(discount.code, GUEST, endsAt)).toMatchObject({ reason: "expired" });
      expect(await usageOf(db, discount.id)).toEqual({ timesUsed: 2, redemptions: 2 });
    });

    it("refuses a discount that does not exist", async () => {
      expect(
        await redeemDiscount(db, { discountId: 2_000_000_000, email: "x@example.com" }),
      ).toMatchObject({
        ok: false,
        reason: "not-found",
      });
    });

    it("rolls back with the order's transaction", async () => {
      const discount = await makeDiscount(db, { usageLimit: 1 });
      await expect(
        db.transaction(async (tx) => {
          expect(
            await redeemDiscount(tx, { discountId: discount.id, email: "r@example.com" }),
          ).toMatchObject({
            ok: true,
          });
          throw new Error("payment failed");
        }),
      ).rejects.toThrow("payment failed");
      expect(await usageOf(db, discount.id)).toEqual({ timesUsed: 0, redemptions: 0 });
    });
  });

  describe("the database backs the rules (security.md #6)", () => {
    const base = {
      code: "CHECKME",
      unitType: "percentage" as const,
      value: 10,
      startsAt: new Date("2026-01-01T00:00:00Z"),
    };
    const bad: Array<[string, Partial<typeof discounts.$inferInsert>]> = [
      ["a zero value", { value: 0 }],
      ["a negative value", { unitType: "fixed", value: -500 }],
      ["more than 100%", { value: 101 }],
      ["a negative times_used", { timesUsed: -1 }],
      ["a zero usage limit", { usageLimit: 0 }],
      ["a zero per-customer limit", { perCustomerLimit: 0 }],
      ["an end before the start", { endsAt: new Date("2025-12-31T00:00:00Z") }],
      ["an end at the start", { endsAt: new Date("2026-01-01T00:00:00Z") }],
      ["a negative minimum", { minSubtotal: -1 }],
      ["a lower-case code", { code: "checkme" }],
      ["a code with spaces", { code: " CHECKME" }],
      ["a segment code without a segment", { eligibleGroup: "segment" }],
      ["a segment on an everyone code", { segmentId: 3 }],
    ];

    it.each(bad)("refuses %s", async (_name, values) => {
      await expect(db.insert(discounts).values({ ...base, ...values })).rejects.toThrow();
    });

    it("accepts a fixed amount over 100 and a 100% code", async () => {
      await db.insert(discounts).values([
        { ...base, code: "FIXEDBIG", unitType: "fixed", value: 10_000 },
        { ...base, code: "ALLOFF", value: 100 },
      ]);
    });

    it("keeps codes unique", async () => {
      await makeDiscount(db, { code: "ONLYONCE" });
      await expect(makeDiscount(db, { code: "ONLYONCE" })).rejects.toThrow();
    });

    it("keeps times_used from going below zero", async () => {
      const discount = await makeDiscount(db);
      await expect(
        db
          .update(discounts)
          .set({ timesUsed: sql`${discounts.timesUsed} - 1` })
          .where(eq(discounts.id, discount.id)),
      ).rejects.toThrow();
    });

    it("keeps a target to exactly one band, product or collection", async () => {
      const discount = await makeDiscount(db, { scope: "selected" });
      await expect(
        db.insert(discountTargets).values({ discountId: discount.id }),
      ).rejects.toThrow();
    });

    it("stores redemption emails normalised only", async () => {
      const discount = await makeDiscount(db);
      await expect(
        db
          .insert(discountRedemptions)
          .values({ discountId: discount.id, email: "Fan@example.com" }),
      ).rejects.toThrow();
    });
  });
});

// PGlite has one connection and cannot race; this runs on PostgreSQL (TEST_DATABASE_URL).
describe.each(databaseKinds.filter((kind) => kind === "postgres"))(
  "discount races on %s (security.md #7)",
  (kind) => {
    let database: TestDatabase;
    let db: Db;

    beforeAll(async () => {
      database = await createTestDatabase(kind);
      db = database.db;
    });
    afterAll(() => database.drop());

    /**
     * `attempts` transactions, each on a pool connection of its own, all inside their transaction
     * before any is let go, then released together.
     */
    async function race(
      attempts: number,
      attempt: (tx: Db, index: number) => Promise<RedemptionResult>,
    ) {
      if (!database.url) throw new Error("no PostgreSQL URL");
      const pool = await openPostgres(database.url, attempts + 2);
      try {
        let arrived = 0;
        let allArrived!: () => void;
        const ready = new Promise<void>((resolve) => {
          allArrived = resolve;
        });
        let release!: () => void;
        const gate = new Promise<void>((resolve) => {
          release = resolve;
        });
        const runs = Array.from({ length: attempts }, (_, index) =>
          pool.db.transaction(async (tx) => {
            await tx.execute(sql`select 1`); // this transaction now holds its own connection
            arrived += 1;
            if (arrived === attempts) allArrived();
            await gate;
            return attempt(tx, index);
          }),
        );
        await ready;
        release();
        return await Promise.all(runs);
      } finally {
        await pool.close();
      }
    }

    it("ten orders racing for a code's last use: exactly one wins", async () => {
      const discount = await makeDiscount(db, { usageLimit: 1 });
      const results = await race(10, (tx, index) =>
        redeemDiscount(tx, { discountId: discount.id, email: `racer${index}@example.com` }),
      );
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect(
        results.filter((result) => !result.ok).map((result) => !result.ok && result.reason),
      ).toEqual(Array(9).fill("used-up"));
      const checked = await db.execute(sql`
        select d.times_used, (select count(*)::int from discount_redemptions r where r.discount_id = d.id) as redemptions
        from discounts d where d.id = ${discount.id}`);
      expect((checked as unknown as { rows: unknown[] }).rows).toEqual([
        { times_used: 1, redemptions: 1 },
      ]);
    });

    it("ten orders from one shopper racing for a once-per-customer code: exactly one wins", async () => {
      const discount = await makeDiscount(db, { perCustomerLimit: 1 });
      const results = await race(10, (tx, index) =>
        redeemDiscount(tx, {
          discountId: discount.id,
          // The same shopper, typed ten ways.
          email: index % 2 ? ` Same@Example.com ` : "same@example.COM",
        }),
      );
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      const checked = await db.execute(sql`
        select d.times_used, (select count(*)::int from discount_redemptions r where r.discount_id = d.id) as redemptions
        from discounts d where d.id = ${discount.id}`);
      expect((checked as unknown as { rows: unknown[] }).rows).toEqual([
        { times_used: 1, redemptions: 1 },
      ]);
    });
  },
);
