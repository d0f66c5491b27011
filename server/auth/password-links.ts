import { randomBytes } from "node:crypto";
import { and, eq, gt, isNull, ne } from "drizzle-orm";
import { isRefusal, type Refusal, refuse } from "../../common/refusal.ts";
import {
  accountView,
  findUserByEmail,
  isStaffRole,
  publicUser,
  setPasswordHash,
  type User,
} from "../customers/index.ts";
import type { Db } from "../db/client.ts";
import { inTransaction } from "../db/transaction.ts";
import { queueMail } from "../mail/index.ts";
import { takeRateLimit } from "../platform/index.ts";
import { answerNoSoonerThan } from "./answer-floor.ts";
import { passwordProblem } from "./password-policy.ts";
import { hashPassword } from "./passwords.ts";
import { accessTokens, passwordResets } from "./schema.ts";
import type { NewSession } from "./service.ts";
import { hashToken, issueToken } from "./tokens.ts";

/** How long a mailed link works. */
export const PASSWORD_LINK_LIFETIME_MS = 60 * 60 * 1000;
/** No more than this many links are mailed to one address an hour, whoever asks. */
const LINKS_PER_EMAIL = { bucket: "password-link-email", limit: 3, windowMs: 60 * 60 * 1000 };

/**
 * Why a link is sent: a forgotten password, or a guest finishing an account they asked for. A
 * guest who chose a password on an order's confirmation page (`chosen`) has only to prove the
 * address: the link carries that password's hash, and following it opens the account with it.
 */
export type PasswordLinkPurpose =
  | { purpose: "reset" }
  | { purpose: "claim"; chosen?: ChosenPassword }
  | { purpose: "invite"; invitedBy: string };

/** An invitation waits longer than a reset: the invited person may not read mail at once. */
const INVITE_LIFETIME_MS = 72 * 60 * 60 * 1000;

const lifetimeOf = (why: PasswordLinkPurpose) =>
  why.purpose === "invite" ? INVITE_LIFETIME_MS : PASSWORD_LINK_LIFETIME_MS;

/** "for 60 minutes", "for 72 hours". */
function howLong(ms: number) {
  const minutes = ms / 60_000;
  return minutes <= 60 ? `${minutes} minutes` : `${minutes / 60} hours`;
}

/** The page a staff invitation opens: the back office's own, never the shop's (behaviour.md §6). */
export const STAFF_INVITATION_PATH = "/admin/invitation";

/** Where a link opens: an invitation the back office's page, any other the shop's. */
const linkPath = (why: PasswordLinkPurpose) =>
  why.purpose === "invite" ? STAFF_INVITATION_PATH : "/reset-password";

/** A guest's password chosen with an order: only its hash, never the password, is kept. */
export type ChosenPassword = { passwordHash: string; orderNumber: string };

function linkEmail(why: PasswordLinkPurpose, user: User, link: string) {
  const chosen = why.purpose === "claim" ? why.chosen : undefined;
  const { kind, subject, intro } =
    why.purpose === "invite"
      ? {
          kind: "staff-invite",
          subject: "You are invited to run the Encore shop",
          intro: `${why.invitedBy} has given you a ${user.role === "admin" ? "back-office admin" : "back-office"} account at Encore. Choose your password with the link below, then sign in at the back office.`,
        }
      : chosen
        ? {
            kind: "account-confirm",
            subject: "Confirm your email address to open your Encore account",
            intro: `You chose a password for an Encore account when you ordered ${chosen.orderNumber}. Confirm that this is your email address with the link below to open the account; your orders will be in it.`,
          }
        : why.purpose === "claim"
          ? {
              kind: "account-claim",
              subject: "Finish setting up your Encore account",
              intro:
                "You asked to create an Encore account with this email address, which you have already used to order from us as a guest. Choose a password with the link below to finish setting it up, and your earlier orders will be in your account.",
            }
          : {
              kind: "password-reset",
              subject: "Reset your Encore password",
              intro:
                "Someone (we hope you) asked to reset the password of your Encore account. Choose a new password with the link below.",
            };
  const text = [
    `Hello ${user.name},`,
    "",
    intro,
    "",
    link,
    "",
    `The link works once, for ${howLong(lifetimeOf(why))}. If you did not ask for it, you can ignore this email: nothing changes until the link is used.`,
    "",
    "Encore, Unit 7, Canal Works, 21 Wharf Street, Manchester, M1 2AB",
  ].join("\n");
  return { kind, subject, text };
}

/**
 * Mails `user` a single-use link to choose a password, or to confirm the address for one already
 * chosen (security.md #21): the token is random, kept only as a hash, and replaces any link sent
 * before; the link is built from `publicUrl`, never from the request. At most three links an hour
 * go to one address, so nobody can flood an inbox.
 */
export async function sendPasswordLink(
  db: Db,
  user: User,
  why: PasswordLinkPurpose,
  publicUrl: string,
  now = new Date(),
): Promise<void> {
  const allowed = await takeRateLimit(db, LINKS_PER_EMAIL, user.email, now);
  if (!allowed.allowed) return;
  const token = randomBytes(32).toString("base64url");
  const link = `${publicUrl}${linkPath(why)}?token=${token}`;
  await inTransaction(db, async (tx) => {
    await tx.delete(passwordResets).where(eq(passwordResets.userId, user.id));
    await tx.insert(passwordResets).values({
      userId: user.id,
      tokenHash: hashToken(token),
      chosenPasswordHash: why.purpose === "claim" ? why.chosen?.passwordHash : undefined,
      expiresAt: new Date(now.getTime() + lifetimeOf(why)),
      createdAt: now,
    });
    await queueMail(tx, {
      to: user.email,
      toName: user.name,
      secret: true,
      ...linkEmail(why, user, link),
    });
  });
}

/**
 * However fast or slow the work, a reset request is answered no sooner than this after it
 * arrives: queueing a link takes a few writes and an unknown email none, and the difference must
 * not tell anyone which emails have accounts (security.md #19).
 */
export const RESET_ANSWER_FLOOR_MS = 150;

/**
 * POST /api/password/forgot: a link for an account with this email, guest or full. Unknown
 * emails get nothing, and the caller answers the same either way, in the same time
 * (security.md #19).
 */
export async function requestPasswordReset(
  db: Db,
  email: string,
  publicUrl: string,
  now = new Date(),
): Promise<void> {
  await answerNoSoonerThan(RESET_ANSWER_FLOOR_MS, async () => {
    const user = await findUserByEmail(db, email);
    if (!user) return;
    await sendPasswordLink(db, user, { purpose: user.isGuest ? "claim" : "reset" }, publicUrl, now);
  });
}

/** The answer to a reset request, whether or not the email has an account (security.md #19). */
export const RESET_REQUESTED =
  "If an account uses that email address, we have sent it a link to choose a new password.";

/** What the owner of a used link is told. */
export const PASSWORD_RESET = "Your password has been changed. You can sign in with it now.";

export const LINK_NOT_VALID = "This link has expired or has already been used. Ask for a new one.";

/** What the guest who confirmed their address is told. */
export const ACCOUNT_CONFIRMED = "Your account is ready. Sign in with the password you chose.";

/** The link with this token while it works (unused, within its hour), with its account. */
async function liveLink(db: Db, token: string, now: Date) {
  const [link] = await db
    .select({
      id: passwordResets.id,
      chosenPasswordHash: passwordResets.chosenPasswordHash,
      user: accountView,
    })
    .from(passwordResets)
    .innerJoin(accountView, eq(accountView.id, passwordResets.userId))
    .where(
      and(
        eq(passwordResets.tokenHash, hashToken(token)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    );
  return link;
}

/**
 * Uses up `link` and gives its account `passwordHash`. The link is used by a guarded update, so
 * two submissions cannot both pass; a guest becomes a full account; every token is revoked, so a
 * thief signed in elsewhere is signed out.
 */
async function setPasswordByLink(
  db: Db,
  link: { id: number; user: User },
  passwordHash: string,
  now: Date,
): Promise<User | Refusal> {
  return inTransaction(db, async (tx) => {
    const used = await tx
      .update(passwordResets)
      // A used link keeps no password hash: the account holds the one that counts.
      .set({ usedAt: now, chosenPasswordHash: null })
      .where(and(eq(passwordResets.id, link.id), isNull(passwordResets.usedAt)))
      .returning({ id: passwordResets.id });
    if (used.length === 0) return refuse("invalid", LINK_NOT_VALID, "token");
    const user = await setPasswordHash(tx, link.user.id, passwordHash, now, { claim: true });
    await revokeTokensOf(tx, link.user.id, now);
    return user ?? link.user;
  });
}

/** Sets a new password through a mailed link. */
export async function resetPassword(
  db: Db,
  token: string,
  password: string,
  now = new Date(),
): Promise<{ user: User; message: string } | Refusal> {
  const link = await liveLink(db, token, now);
  if (!link) return refuse("invalid", LINK_NOT_VALID, "token");
  const problem = passwordProblem(password, link.user.email);
  if (problem) return refuse("invalid", problem, "password");
  const user = await setPasswordByLink(db, link, await hashPassword(password), now);
  return isRefusal(user) ? user : { user, message: PASSWORD_RESET };
}

/**
 * Opens a guest's account with the password they chose on an order's confirmation page: following
 * the mailed link proves the address (decision 0006), and the link carries the password's hash.
 * Only such a link confirms; a plain reset or claim link asks for a password instead.
 */
export async function confirmAccountByLink(
  db: Db,
  token: string,
  now = new Date(),
): Promise<{ user: User; message: string } | Refusal> {
  const link = await liveLink(db, token, now);
  if (!link?.chosenPasswordHash) return refuse("invalid", LINK_NOT_VALID, "token");
  const user = await setPasswordByLink(db, link, link.chosenPasswordHash, now);
  return isRefusal(user) ? user : { user, message: ACCOUNT_CONFIRMED };
}

/**
 * What a mailed link's page asks for: a new password, only a confirmation (the guest chose a
 * password with an order), or nothing, as the link has expired or been used. Only reads: mail
 * scanners open links, so nothing changes before the shopper posts.
 */
export async function passwordLinkAsks(
  db: Db,
  token: string,
  now = new Date(),
): Promise<"password" | "confirmation" | "nothing"> {
  const link = await liveLink(db, token, now);
  if (!link) return "nothing";
  return link.chosenPasswordHash ? "confirmation" : "password";
}

/** What the invited staff member is told on the back office's first page. */
export const INVITATION_ACCEPTED =
  "Your password is set and you are signed in to the back office. Welcome to Encore.";

/**
 * The live link with this token when it is a staff invitation still waiting: an active staff
 * account with no password yet (an invited account, server/customers/staff-accounts.ts). A reset link of
 * a staff account that has a password, or any customer's link, is not one: it opens the shop's
 * page as before.
 */
async function liveInvitation(db: Db, token: string, now: Date) {
  const link = await liveLink(db, token, now);
  const waiting =
    link &&
    isStaffRole(link.user.role) &&
    !link.user.deactivatedAt &&
    link.user.passwordHash === null &&
    !link.chosenPasswordHash;
  return waiting ? link : undefined;
}

/** What an invitation's page asks for: a password, or nothing (expired, used, not one). */
export async function invitationAsks(
  db: Db,
  token: string,
  now = new Date(),
): Promise<"password" | "nothing"> {
  return (await liveInvitation(db, token, now)) ? "password" : "nothing";
}

/**
 * Accepts a staff invitation (issue 30): the invited person chooses their password through the
 * mailed link, which proves the address as a reset does (security.md #21), and is signed in to
 * the back office with a staff token, as the staff sign-in would after it.
 */
export async function acceptStaffInvitation(
  db: Db,
  token: string,
  password: string,
  now = new Date(),
): Promise<(NewSession & { message: string }) | Refusal> {
  const link = await liveInvitation(db, token, now);
  if (!link) return refuse("invalid", LINK_NOT_VALID, "token");
  const problem = passwordProblem(password, link.user.email);
  if (problem) return refuse("invalid", problem, "password");
  const user = await setPasswordByLink(db, link, await hashPassword(password), now);
  if (isRefusal(user)) return user;
  const session = await issueToken(db, user.id, "staff", now);
  return { ...session, user: publicUser(user), message: INVITATION_ACCEPTED };
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
