import { and, desc, eq, notInArray } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { FINAL_STATES, type Payment, type PaymentProviderId } from "./provider.ts";
import { payments } from "./schema.ts";

export type PaymentRecord = typeof payments.$inferSelect;

/**
 * Writes what the provider reported into our record, forward only (security.md #13): a new payment
 * is inserted; a known one takes the new state unless it is already final (`succeeded`,
 * `cancelled`). Answers the record as it stands after the write.
 */
export async function recordPayment(db: Db, payment: Payment): Promise<PaymentRecord> {
  const declineMessage = payment.declineMessage ?? null;
  const [written] = await db
    .insert(payments)
    .values({
      orderId: payment.orderId,
      provider: payment.provider,
      reference: payment.reference,
      amount: payment.amount,
      currency: payment.currency,
      state: payment.state,
      declineMessage,
    })
    .onConflictDoUpdate({
      target: payments.reference,
      set: {
        amount: payment.amount,
        currency: payment.currency,
        state: payment.state,
        declineMessage,
        updatedAt: new Date(),
      },
      // One guarded statement, so two reports racing cannot move a final state back.
      setWhere: notInArray(payments.state, [...FINAL_STATES]),
    })
    .returning();
  if (written) return written;
  const final = await findPaymentByReference(db, payment.reference);
  if (!final) throw new Error(`Payment ${payment.reference} is neither new nor recorded.`);
  return final;
}

/** The payment we recorded under the provider's reference, if any. */
export async function findPaymentByReference(
  db: Db,
  reference: string,
): Promise<PaymentRecord | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.reference, reference));
  return row;
}

/** The latest payment we recorded for the order with this provider, if any. */
export async function findPaymentForOrder(
  db: Db,
  provider: PaymentProviderId,
  orderId: number,
): Promise<PaymentRecord | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.orderId, orderId)))
    .orderBy(desc(payments.id))
    .limit(1);
  return row;
}
