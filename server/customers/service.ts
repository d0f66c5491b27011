import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { type User, type UserRole, users } from "./schema.ts";

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
