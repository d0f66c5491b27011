import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import {
  type AddressKind,
  type CustomerAddress,
  customerAddresses,
  type User,
  type UserRole,
  users,
} from "./schema.ts";

/** An email as accounts are keyed: trimmed and lower case. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The account with this email (as typed), or undefined. */
export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.email, normaliseEmail(email)));
  return row;
}

/** What the API shows of an account: an allow-list, so the hash never leaves the server. */
export type PublicUser = { id: number; name: string; email: string; role: UserRole };

export function publicUser(user: Pick<User, "id" | "name" | "email" | "role">): PublicUser {
  return { id: user.id, name: user.name, email: user.email, role: user.role };
}

/** True for accounts that may sign in to the staff area. */
export function isStaffRole(role: UserRole): boolean {
  return role === "staff" || role === "admin";
}

/** How many customer accounts and guest customers there are, in one query. */
export async function accountCounts(db: Db): Promise<{ customers: number; guests: number }> {
  const [row] = await db
    .select({
      customers: sql<number>`count(*) filter (where ${users.role} = 'customer' and not ${users.isGuest})::int`,
      guests: sql<number>`count(*) filter (where ${users.isGuest})::int`,
    })
    .from(users);
  if (!row) throw new Error("The account count query returned nothing");
  return row;
}

/** A saved address as the API shows it (an allow-list: no ids, no owner). */
export type PublicAddress = Pick<
  CustomerAddress,
  "fullName" | "line1" | "line2" | "city" | "county" | "postcode" | "country" | "phone"
>;

/** The customer's saved `kind` address, or null when none is saved yet. */
export async function savedAddress(
  db: Db,
  userId: number,
  kind: AddressKind,
): Promise<PublicAddress | null> {
  const [row] = await db
    .select({
      fullName: customerAddresses.fullName,
      line1: customerAddresses.line1,
      line2: customerAddresses.line2,
      city: customerAddresses.city,
      county: customerAddresses.county,
      postcode: customerAddresses.postcode,
      country: customerAddresses.country,
      phone: customerAddresses.phone,
    })
    .from(customerAddresses)
    .where(and(eq(customerAddresses.userId, userId), eq(customerAddresses.kind, kind)));
  return row ?? null;
}
