import { and, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { PublicAddress, PublicUser } from "../../common/accounts.ts";
import { type Refusal, refuse } from "../../common/refusal.ts";
import type { Db } from "../db/client.ts";
import { type AddressKind, customerAddresses, type User, type UserRole, users } from "./schema.ts";

// app/lib/account-forms.server.ts still names it from here.

export { MAX_EMAIL_LENGTH } from "./schema.ts";
export type { User };

/**
 * Accounts as a join target, for the reads that must fetch a row of their own module and its
 * account in one query (the token lookup runs on every signed-in request). Read-only by
 * contract: accounts change only through the functions below (architecture.md §7.3).
 */
export const accountView = alias(users, "account");

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

/**
 * The account an order placed by `email` without signing in belongs to: a guest record of that
 * email, made on first use (decision 0006: a guest becomes a full account only by proving the
 * address). A full account is never attached to by email alone: undefined then, and the order
 * keeps only its email. Concurrent first orders make one record (the unique email decides).
 */
export async function guestCustomerFor(
  tx: Db,
  email: string,
  name: string,
): Promise<number | undefined> {
  const normalised = normaliseEmail(email);
  await tx
    .insert(users)
    .values({ email: normalised, name, isGuest: true })
    .onConflictDoNothing({ target: users.email });
  const [row] = await tx
    .select({ id: users.id, isGuest: users.isGuest })
    .from(users)
    .where(eq(users.email, normalised));
  return row?.isGuest ? row.id : undefined;
}

export const ACCOUNT_EXISTS =
  "An account with this email address already exists. Sign in, or reset your password.";

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string })?.code === "23505" ||
  (error as { cause?: { code?: string } })?.cause?.code === "23505";

/**
 * Opens a full customer account with an already normalised email and hashed password. An email
 * already in use, even by a registration that committed a moment ago, is refused on `email`: the
 * unique index decides, not an earlier read.
 */
export async function createCustomerAccount(
  db: Db,
  input: { email: string; name: string; passwordHash: string; marketingConsent: boolean },
  now = new Date(),
): Promise<User | Refusal> {
  try {
    const [user] = await db
      .insert(users)
      .values({ ...input, createdAt: now, updatedAt: now })
      .returning();
    if (!user) throw new Error("The account was not created");
    return user;
  } catch (error) {
    if (isUniqueViolation(error)) return refuse("invalid", ACCOUNT_EXISTS, "email");
    throw error;
  }
}

/**
 * Stores a new password hash for the account. With `claim`, a guest becomes a full account (a
 * mailed link proved the address is theirs). The updated account, or undefined if there is none.
 */
export async function setPasswordHash(
  db: Db,
  userId: number,
  passwordHash: string,
  now: Date,
  options: { claim?: boolean } = {},
): Promise<User | undefined> {
  const [user] = await db
    .update(users)
    .set({ passwordHash, updatedAt: now, ...(options.claim ? { isGuest: false } : {}) })
    .where(eq(users.id, userId))
    .returning();
  return user;
}

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

/**
 * Saves `address` as the customer's `kind` address for next time (checkout, when the customer
 * asks), replacing the one saved before: there is one of each kind.
 */
export async function saveAddress(
  db: Db,
  userId: number,
  kind: AddressKind,
  address: Pick<PublicAddress, "fullName" | "line1" | "city" | "postcode" | "country"> &
    Partial<Record<"line2" | "county" | "phone", string | null>>,
): Promise<void> {
  const row = {
    fullName: address.fullName,
    line1: address.line1,
    line2: address.line2 ?? null,
    city: address.city,
    county: address.county ?? null,
    postcode: address.postcode,
    country: address.country,
    phone: address.phone ?? null,
  };
  await db
    .insert(customerAddresses)
    .values({ ...row, userId, kind })
    .onConflictDoUpdate({
      target: [customerAddresses.userId, customerAddresses.kind],
      set: { ...row, updatedAt: new Date() },
    });
}

/** What a customer is told when there is no saved address of the kind to edit. */
export const NO_SAVED_ADDRESS = "You have no saved address of this kind to edit.";

/**
 * The customer's edit of their saved `kind` address (the account page): only an address already
 * saved can be edited (checkout saves the first), and the edited one is answered.
 */
export async function updateSavedAddress(
  db: Db,
  userId: number,
  kind: AddressKind,
  address: Parameters<typeof saveAddress>[3],
): Promise<PublicAddress | Refusal> {
  const [updated] = await db
    .update(customerAddresses)
    .set({
      fullName: address.fullName,
      line1: address.line1,
      line2: address.line2 ?? null,
      city: address.city,
      county: address.county ?? null,
      postcode: address.postcode,
      country: address.country,
      phone: address.phone ?? null,
      updatedAt: new Date(),
    })
    .where(and(eq(customerAddresses.userId, userId), eq(customerAddresses.kind, kind)))
    .returning({
      fullName: customerAddresses.fullName,
      line1: customerAddresses.line1,
      line2: customerAddresses.line2,
      city: customerAddresses.city,
      county: customerAddresses.county,
      postcode: customerAddresses.postcode,
      country: customerAddresses.country,
      phone: customerAddresses.phone,
    });
  return updated ?? refuse("not-found", NO_SAVED_ADDRESS);
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
