import { and, eq } from "drizzle-orm";
import type { PublicAddress, PublicUser } from "../../common/accounts.ts";
import type { Db } from "../db/client.ts";
import { type AddressKind, customerAddresses, type User, type UserRole, users } from "./schema.ts";

// app/lib/account-forms.server.ts still names it from here.

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

export function publicUser(user: Pick<User, "id" | "name" | "email" | "role">): PublicUser {
  return { id: user.id, name: user.name, email: user.email, role: user.role };
}

/** True for accounts that may sign in to the staff area. */
export function isStaffRole(role: UserRole): boolean {
  return role === "staff" || role === "admin";
}

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
