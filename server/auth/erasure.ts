import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { revokeTokensOf } from "./password-links.ts";
import { loginAttempts, passwordResets } from "./schema.ts";

/**
 * UK GDPR erasure, the sign-in's part: every token of the account stops working at once, its
 * password links are gone, and the sign-in attempts made with its email are forgotten.
 */
export async function revokeEverythingOf(
  tx: Db,
  user: { id: number; email: string },
  now = new Date(),
): Promise<void> {
  await revokeTokensOf(tx, user.id, now);
  await tx.delete(passwordResets).where(eq(passwordResets.userId, user.id));
  await tx.delete(loginAttempts).where(eq(loginAttempts.email, user.email));
}
