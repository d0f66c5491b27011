import { and, eq, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { users } from "./schema.ts";

// The customers module's SQL pieces for the reads that span modules in one query (a segment's
// members, the staff customer list): each names the outer `users` row, read-only by contract.

/** The customer a row of the outer query is: its id, for the other modules' subqueries. */
export const customerIdSql: SQL = sql`${users.id}`;

/** An account that shops: not staff. Guests are customers too (known from their orders). */
export const isCustomer = eq(users.role, "customer");

/** A member of a segment can only be a registered customer (with a password) not erased. */
export const isRegisteredCustomer = and(
  isCustomer,
  eq(users.isGuest, false),
  isNotNull(users.passwordHash),
  isNull(users.erasedAt),
) as SQL;

/** Signed up after the London day `day` (YYYY-MM-DD): from the start of the next day there. */
export const signedUpAfter = (day: string) =>
  sql`${users.createdAt} >= ((${day}::date + 1)::timestamp at time zone 'Europe/London')`;

export const marketingConsentIs = (consent: boolean) => eq(users.marketingConsent, consent);

/** How many customers `where` holds. */
export async function countCustomersWhere(db: Db, where: SQL): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(where);
  return row?.n ?? 0;
}

/** A few of the customers `where` holds, newest first, for a segment's preview. */
export async function sampleCustomersWhere(db: Db, where: SQL, limit: number) {
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(where)
    .orderBy(sql`${users.createdAt} desc`, sql`${users.id} desc`)
    .limit(limit);
}

/** Which of `conditions` hold for the customer `id`, in one query: `[true, false, …]`. */
export async function conditionsHoldFor(db: Db, id: number, conditions: SQL[]): Promise<boolean[]> {
  if (conditions.length === 0) return [];
  const fields = Object.fromEntries(
    conditions.map((condition, index) => [
      `c${index}`,
      sql<boolean>`coalesce((${condition}), false)`,
    ]),
  );
  const [row] = await db.select(fields).from(users).where(eq(users.id, id));
  return conditions.map((_, index) => row?.[`c${index}`] === true);
}
