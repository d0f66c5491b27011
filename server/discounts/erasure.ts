import { asc, eq, or } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { discountRedemptions, discounts } from "./schema.ts";

const ofCustomer = (customer: { id: number; email: string }) =>
  or(
    eq(discountRedemptions.customerId, customer.id),
    eq(discountRedemptions.email, customer.email),
  );

/**
 * UK GDPR erasure, the discounts' part: the customer's uses of codes keep counting (a code's
 * usage and its limits stay right) under the erased address instead of theirs.
 */
export async function anonymiseRedemptionsOf(
  tx: Db,
  customer: { id: number; email: string; erasedEmail: string },
): Promise<void> {
  await tx
    .update(discountRedemptions)
    .set({ email: customer.erasedEmail })
    .where(ofCustomer(customer));
}

/** The codes a customer used and when, for their right-of-access export. */
export async function redemptionsOf(db: Db, customer: { id: number; email: string }) {
  const rows = await db
    .select({ code: discounts.code, usedAt: discountRedemptions.createdAt })
    .from(discountRedemptions)
    .innerJoin(discounts, eq(discounts.id, discountRedemptions.discountId))
    .where(ofCustomer(customer))
    .orderBy(asc(discountRedemptions.createdAt));
  return rows.map((row) => ({ code: row.code, usedAt: row.usedAt.toISOString() }));
}
