import { and, eq } from "drizzle-orm";
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

export type NewAccount = {
  email: string;
  name: string;
  /** From the auth module's `hashPassword`; the customers module never sees a password. */
  passwordHash: string;
  role: UserRole;
  /** Saved as if from an earlier checkout. */
  addresses?: Array<Omit<typeof customerAddresses.$inferInsert, "id" | "userId">>;
};

/**
 * Opens the accounts whose emails (normalised) are free, with their saved addresses; an account
 * already there is left as it is (never a reset password). Returns the accounts opened.
 */
export async function createAccounts(db: Db, accounts: NewAccount[]): Promise<PublicUser[]> {
  const opened: PublicUser[] = [];
  for (const { addresses = [], ...account } of accounts) {
    const [user] = await db
      .insert(users)
      .values({ ...account, email: normaliseEmail(account.email) })
      .onConflictDoNothing()
      .returning();
    if (!user) continue;
    if (addresses.length)
      await db
        .insert(customerAddresses)
        .values(addresses.map((address) => ({ ...address, userId: user.id })));
    opened.push(publicUser(user));
  }
  return opened;
}
