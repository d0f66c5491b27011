// Test support for discounts (tests only): codes of a test's own, so counts are exact.
import { randomBytes } from "node:crypto";
import { count, eq } from "drizzle-orm";
import type { Db } from "../../server/db/client.ts";
import { discountRedemptions, discounts, discountTargets } from "../../server/discounts/schema.ts";

type DiscountValues = Partial<Omit<typeof discounts.$inferInsert, "id">>;
type Targets = { brandIds?: number[]; productIds?: number[]; collectionIds?: number[] };

/** A live code (10% off the basket, started a day ago) with `values` and `targets` on top. */
export async function makeDiscount(db: Db, values: DiscountValues = {}, targets: Targets = {}) {
  const [discount] = await db
    .insert(discounts)
    .values({
      code: `TEST${randomBytes(5).toString("hex").toUpperCase()}`,
      description: "Test code",
      unitType: "percentage",
      value: 10,
      startsAt: new Date(Date.now() - 86_400_000),
      ...values,
    })
    .returning();
  if (!discount) throw new Error("discount not created");
  const rows = [
    ...(targets.brandIds ?? []).map((brandId) => ({ discountId: discount.id, brandId })),
    ...(targets.productIds ?? []).map((productId) => ({ discountId: discount.id, productId })),
    ...(targets.collectionIds ?? []).map((collectionId) => ({
      discountId: discount.id,
      collectionId,
    })),
  ];
  if (rows.length) await db.insert(discountTargets).values(rows);
  return discount;
}

/** `times_used` and the number of redemption rows of one discount, read in SQL. */
export async function usageOf(db: Db, discountId: number) {
  const [row] = await db
    .select({ timesUsed: discounts.timesUsed })
    .from(discounts)
    .where(eq(discounts.id, discountId));
  if (!row) throw new Error("no such discount");
  const [used] = await db
    .select({ redemptions: count() })
    .from(discountRedemptions)
    .where(eq(discountRedemptions.discountId, discountId));
  return { timesUsed: row.timesUsed, redemptions: used?.redemptions ?? 0 };
}
