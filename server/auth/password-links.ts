import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { and, eq, gt, isNull, ne } from "drizzle-orm";
import { type Refusal, refuse } from "../../common/refusal.ts";
import { accountView, findUserByEmail, setPasswordHash, type User } from "../customers/service.ts";
import type { Db } from "../db/client.ts";
import { inTransaction } from "../db/transaction.ts";
import { queueMail } from "../mail/service.ts";
import { takeRateLimit } from "../platform/rate-limit.ts";
import { passwordProblem } from "./password-policy.ts";
import { hashPassword } from "./passwords.ts";
import { accessTokens, passwordResets } from "./schema.ts";
import { hashToken } from "./tokens.ts";

/** How long a mailed link works. */
export const PASSWORD_LINK_LIFETIME_MS = 60 * 60 * 1000;
/** No more than this many links are mailed to one address an hour, whoever asks. */
const LINKS_PER_EMAIL = { bucket: "password-link-email", limit: 3, windowMs: 60 * 60 * 1000 };

/** Why a link is sent: a forgotten password, or a guest finishing an account they asked for. */
export type PasswordLinkPurpose = "reset" | "claim";

function linkEmail(purpose: PasswordLinkPurpose, user: User, link: string) {
  const minutes = PASSWORD_LINK_LIFETIME_MS / 60_000;
  const intro =
    purpose === "claim"
      ? "You asked to create an Encore account with this email address, which you have already used to order from us as a guest. Choose a password with the link below to finish setting it up, and your earlier orders will be in your account."
      : "Someone (we hope you) asked to reset the password of your Encore account. Choose a new password with the link below.";
  const subject =
    purpose === "claim" ? "Finish setting up your Encore account" : "Reset your Encore password";
  const text = [
    `Hello ${user.name},`,
    "",
    intro,
    "",
    link,
    "",
    `The link works once, for ${minutes} minutes. If you did not ask for it, you can ignore this email: nothing changes until the link is used.`,
    "",
    "Encore, Unit 7, Canal Works, 21 Wharf Street, Manchester, M1 2AB",
  ].join("\n");
  return { subject, text };
}

/**
 * Mails `user` a single-use link to choose a password (SECURITY §21): the token is random, kept
 * only as a hash, and replaces any link sent before; the link is built from `publicUrl`, never
 * from the request. At most three links an hour go to one address, so nobody can flood an inbox.
 */
export async function sendPasswordLink(
  db: Db,
  user: User,
  purpose: PasswordLinkPurpose,
  publicUrl: string,
  now = new Date(),
): Promise<void> {
  const allowed = await takeRateLimit(db, LINKS_PER_EMAIL, user.email, now);
  if (!allowed.allowed) return;
  const token = randomBytes(32).toString("base64url");
  const link = `${publicUrl}/reset-password?token=${token}`;
  await inTransaction(db, async (tx) => {
    await tx.delete(passwordResets).where(eq(passwordResets.userId, user.id));
    await tx.insert(passwordResets).values({
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + PASSWORD_LINK_LIFETIME_MS),
      createdAt: now,
    });
    await queueMail(tx, {
      to: user.email,
      kind: purpose === "claim" ? "account-claim" : "password-reset",
      secret: true,
      ...linkEmail(purpose, user, link),
    });
  });
}

/**
 * However fast or slow the work, a reset request is answered no sooner than this after it
 * arrives: queueing a link takes a few writes and an unknown email none, and the difference must
 * not tell anyone which emails have accounts (SECURITY §19).
 */
export const RESET_ANSWER_FLOOR_MS = 150;

/**
 * POST /api/password/forgot: a link for an account with this email, guest or full. Unknown
 * emails get nothing, and the caller answers the same either way, in the same time (SECURITY §19).
 */
export async function requestPasswordReset(
  db: Db,
  email: string,
  publicUrl: string,
  now = new Date(),
): Promise<void> {
  const answerAt = performance.now() + RESET_ANSWER_FLOOR_MS;
  const user = await findUserByEmail(db, email);
  if (user) await sendPasswordLink(db, user, user.isGuest ? "claim" : "reset", publicUrl, now);
  await sleep(Math.max(0, answerAt - performance.now()));
}

/** The answer to a reset request, whether or not the email has an account (SECURITY §19). */
export const RESET_REQUESTED =
  "If an account uses that email address, we have sent it a link to choose a new password.";

/** What the owner of a used link is told. */
export const PASSWORD_RESET = "Your password has been changed. You can sign in with it now.";

export const LINK_NOT_VALID = "This link has expired or has already been used. Ask for a new one.";

/**
 * Sets a new password through a mailed link. The link is used up by a guarded update, so two
 * submissions cannot both pass; a guest becomes a full account; every token is revoked, so a
 * thief signed in elsewhere is signed out.
 */
export async function resetPassword(
  db: Db,
  token: string,
  password: string,
  now = new Date(),
): Promise<{ user: User; message: string } | Refusal> {
  const [link] = await db
    .select({ id: passwordResets.id, user: accountView })
    .from(passwordResets)
    .innerJoin(accountView, eq(accountView.id, passwordResets.userId))
    .where(
      and(
        eq(passwordResets.tokenHash, hashToken(token)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    );
  if (!link) return refuse("invalid", LINK_NOT_VALID, "token");
  const problem = passwordProblem(password, link.user.email);
  if (problem) return refuse("invalid", problem, "password");

  const passwordHash = await hashPassword(password);
  return inTransaction(db, async (tx) => {
    const used = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.id, link.id), isNull(passwordResets.usedAt)))
      .returning({ id: passwordResets.id });
    if (used.length === 0) return refuse("invalid", LINK_NOT_VALID, "token");
    const user = await setPasswordHash(tx, link.user.id, passwordHash, now, { claim: true });
    await revokeTokensOf(tx, link.user.id, now);
    return { user: user ?? link.user, message: PASSWORD_RESET };
  });
}

/** Revokes every live token of `userId` except `keepTokenId`. */
export async function revokeTokensOf(db: Db, userId: number, now: Date, keepTokenId?: number) {
  await db
    .update(accessTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(accessTokens.userId, userId),
        isNull(accessTokens.revokedAt),
        keepTokenId === undefined ? undefined : ne(accessTokens.id, keepTokenId),
      ),
    );
}
