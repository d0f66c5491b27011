import {
  findUserByEmail,
  isStaffRole,
  normaliseEmail,
  type PublicUser,
  publicUser,
} from "../customers/service.ts";
import type { Db } from "../db/client.ts";
import { dummyPasswordHash, verifyPassword } from "./passwords.ts";
import type { TokenAbility } from "./schema.ts";
import { markAttemptSucceeded, reserveAttempt } from "./throttle.ts";
import { issueToken } from "./tokens.ts";

export type SignInResult =
  | { ok: true; token: string; expiresAt: Date; user: PublicUser }
  | { ok: false; reason: "mismatch" }
  | { ok: false; reason: "throttled"; retryAfterSeconds: number };

/**
 * Checks an email and password for the shop (`customer`) or the staff area (`staff`, staff and
 * admin accounts only) and issues a token with that ability. Every refusal looks and takes the
 * same: an unknown email, a guest, a wrong password and a customer at the staff door are all
 * checked against a hash (SECURITY §19) and all counted for the brute-force limit (SECURITY §20).
 */
export async function signIn(
  db: Db,
  input: { email: string; password: string; clientKey: string; ability: TokenAbility },
  now = new Date(),
): Promise<SignInResult> {
  const email = normaliseEmail(input.email);
  const reservation = await reserveAttempt(db, email, input.clientKey, now);
  if (!reservation.allowed) {
    return { ok: false, reason: "throttled", retryAfterSeconds: reservation.retryAfterSeconds };
  }
  const user = await findUserByEmail(db, email);
  const stored = user && !user.isGuest && user.passwordHash;
  const matches = await verifyPassword(input.password, stored || (await dummyPasswordHash()));
  const allowed =
    matches && user && stored && (input.ability === "customer" || isStaffRole(user.role));
  if (!allowed) return { ok: false, reason: "mismatch" };

  await markAttemptSucceeded(db, reservation.attemptId, now);
  const { token, expiresAt } = await issueToken(db, user.id, input.ability, now);
  return { ok: true, token, expiresAt, user: publicUser(user) };
}
