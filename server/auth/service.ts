import { eq } from "drizzle-orm";
import type { PublicUser } from "../../common/accounts.ts";
import { isRefusal, type Refusal, rateLimited, refuse } from "../../common/refusal.ts";
import { DETAILS_DO_NOT_MATCH } from "../../common/sign-in.ts";
import {
  ACCOUNT_EXISTS,
  createCustomerAccount,
  findUserByEmail,
  isStaffRole,
  normaliseEmail,
  publicUser,
  setPasswordHash,
  type User,
} from "../customers/index.ts";
import type { Db } from "../db/client.ts";
import { inTransaction } from "../db/transaction.ts";
import { NO_SUCH_ORDER, type OrderRow, orderOpenedBy } from "../orders/index.ts";
import { type RateLimit, takeRateLimit } from "../platform/index.ts";
import { answerNoSoonerThan } from "./answer-floor.ts";
import { EMAIL_LIMITS, TOO_MANY_FOR_EMAIL } from "./limits.ts";
import { revokeTokensOf, sendPasswordLink } from "./password-links.ts";
import { passwordProblem } from "./password-policy.ts";
import { dummyPasswordHash, hashPassword, verifyPassword } from "./passwords.ts";
import { passwordResets, type TokenAbility } from "./schema.ts";
import { markAttemptSucceeded, reserveAttempt } from "./throttle.ts";
import { issueToken } from "./tokens.ts";

/** A new sign-in: the token to carry, until when, and who it is. */
export type NewSession = { token: string; expiresAt: Date; user: PublicUser };

export { DETAILS_DO_NOT_MATCH };
/** security.md #20: what the sixth guess in the window is told. */
export const TOO_MANY_SIGN_INS = "Too many attempts to sign in. Please try again later.";

/**
 * Checks an email and password for the shop (`customer`) or the staff area (`staff`, staff and
 * admin accounts only) and issues a token with that ability. Every refusal looks and takes the
 * same: an unknown email, a guest, a wrong password and a customer at the staff door are all
 * checked against a hash (security.md #19) and all counted for the brute-force limit
 * (security.md #20).
 */
export async function signIn(
  db: Db,
  input: { email: string; password: string; clientKey: string; ability: TokenAbility },
  now = new Date(),
): Promise<NewSession | Refusal> {
  const email = normaliseEmail(input.email);
  const reservation = await reserveAttempt(db, email, input.clientKey, now);
  if (!reservation.allowed) return rateLimited(TOO_MANY_SIGN_INS, reservation.retryAfterSeconds);
  const user = await findUserByEmail(db, email);
  const stored = user && !user.isGuest && !user.deactivatedAt && user.passwordHash;
  const matches = await verifyPassword(input.password, stored || (await dummyPasswordHash()));
  const allowed =
    matches && user && stored && (input.ability === "customer" || isStaffRole(user.role));
  if (!allowed) return refuse("invalid", DETAILS_DO_NOT_MATCH, "email");

  await markAttemptSucceeded(db, reservation.attemptId, now);
  const { token, expiresAt } = await issueToken(db, user.id, input.ability, now);
  return { token, expiresAt, user: publicUser(user) };
}

/** Registering with an email a guest has ordered with: the address must be proved first. */
export const GUEST_LINK_SENT =
  "You have ordered with us as a guest before. We have emailed you a link to choose a password and finish your account.";

export type Registered =
  | ({ kind: "created" } & NewSession)
  | { kind: "confirmation-sent"; message: string };

/**
 * However fast the work, a registration is answered no sooner than this after it begins (the
 * password's hash and what follows): a new account's two writes (the account, its sign-in) take
 * tens of milliseconds on the embedded database, which a known email's refusal would otherwise
 * be answered without.
 */
export const REGISTER_ANSWER_FLOOR_MS = 250;

/**
 * Opens a full customer account and signs it in. An email that a guest has ordered with is not
 * taken over here: whoever registers must first prove the address is theirs through a mailed link
 * (otherwise anyone could read a guest's orders by registering their email), so the guest is
 * sent that link instead. An email with a full account is refused, after the same hash and in
 * the same time; every email may be tried a few times an hour, from all clients together
 * (docs/security.md #19).
 */
export async function register(
  db: Db,
  input: { name: string; email: string; password: string; marketingConsent: boolean },
  publicUrl: string,
  now = new Date(),
): Promise<Registered | Refusal> {
  const email = normaliseEmail(input.email);
  const problem = passwordProblem(input.password, email);
  if (problem) return refuse("invalid", problem, "password");
  const limited = await takeEmailLimit(db, EMAIL_LIMITS.register, email, now);
  if (limited) return limited;
  return answerNoSoonerThan(REGISTER_ANSWER_FLOOR_MS, async (): Promise<Registered | Refusal> => {
    // Hashed whatever the email turns out to be: the hash is most of a new account's time, and
    // a known email answered without it would say so by its speed (docs/security.md #19).
    const passwordHash = await hashPassword(input.password);
    const existing = await findUserByEmail(db, email);
    if (existing && !existing.isGuest) return refuse("invalid", ACCOUNT_EXISTS, "email");
    if (existing) {
      await sendPasswordLink(db, existing, { purpose: "claim" }, publicUrl, now);
      return { kind: "confirmation-sent", message: GUEST_LINK_SENT };
    }
    const created = await createCustomerAccount(
      db,
      { email, name: input.name, passwordHash, marketingConsent: input.marketingConsent },
      now,
    );
    // Someone may have registered the same email a moment ago.
    if (isRefusal(created)) return created;
    const { token, expiresAt } = await issueToken(db, created.id, "customer", now);
    return { kind: "created", token, expiresAt, user: publicUser(created) };
  });
}

/**
 * POST /api/has-full-account: whether `email` has an account to sign in to (a guest record is
 * not one). Checkout needs the answer, so it cannot be hidden; it is bounded instead
 * (docs/security.md #19): one indexed read whether or not the email is known, and a limit per
 * email on top of the route's per client, so no crowd of clients can ask about one address
 * without end.
 */
export async function fullAccountCheck(
  db: Db,
  email: string,
  now = new Date(),
): Promise<{ hasFullAccount: boolean } | Refusal> {
  const normalised = normaliseEmail(email);
  const limited = await takeEmailLimit(db, EMAIL_LIMITS.hasFullAccount, normalised, now);
  if (limited) return limited;
  const user = await findUserByEmail(db, normalised);
  return { hasFullAccount: Boolean(user && !user.isGuest) };
}

/** One use of an email's limit (keyed by the normalised address, which erasure removes). */
async function takeEmailLimit(
  db: Db,
  rule: RateLimit,
  email: string,
  now: Date,
): Promise<Refusal | undefined> {
  const taken = await takeRateLimit(db, rule, email, now);
  return taken.allowed ? undefined : rateLimited(TOO_MANY_FOR_EMAIL, taken.retryAfterSeconds);
}

/** The email of an order a guest would open an account from has one: its owner signs in. */
export const ORDER_EMAIL_HAS_ACCOUNT =
  "This email address already has an account. Sign in to see your orders.";
/** An order still waiting for its payment proves nothing yet. */
export const ORDER_NOT_PAID_YET =
  "This order is waiting for its payment. Once it is paid, you can create an account from it.";

/**
 * The guest record whose account an order's shopper may open, or why not: the order must be past
 * its payment, and its email must not have a full account already.
 */
export async function guestOfOrder(
  db: Db,
  order: Pick<OrderRow, "email" | "status">,
): Promise<User | Refusal> {
  if (order.status === "pending_payment") return refuse("conflict", ORDER_NOT_PAID_YET);
  const user = await findUserByEmail(db, order.email);
  // Every guest order keeps a guest record of its email, unless a full account had the email.
  if (!user?.isGuest) return refuse("conflict", ORDER_EMAIL_HAS_ACCOUNT);
  return user;
}

/**
 * POST /api/orders/create-account: a guest chose a password on their order's confirmation page.
 * The order's token proves only that they placed the order, not that the email typed is theirs
 * (decision 0006), so no account opens here: the address is mailed a link that carries the
 * password's hash, and following it opens the account (`confirmAccountByLink`).
 */
export async function createAccountFromOrder(
  db: Db,
  input: { orderId: number; accessToken: string; password: string },
  publicUrl: string,
  now = new Date(),
): Promise<{ status: "confirmation-sent"; message: string } | Refusal> {
  const order = await orderOpenedBy(db, input.orderId, input.accessToken);
  if (!order) return refuse("not-found", NO_SUCH_ORDER);
  const guest = await guestOfOrder(db, order);
  if (isRefusal(guest)) return guest;
  const problem = passwordProblem(input.password, order.email);
  if (problem) return refuse("invalid", problem, "password");
  const chosen = { passwordHash: await hashPassword(input.password), orderNumber: order.number };
  await sendPasswordLink(db, guest, { purpose: "claim", chosen }, publicUrl, now);
  return {
    status: "confirmation-sent",
    message: `We have emailed ${order.email} a link. Your account opens when you follow it.`,
  };
}

export const PASSWORD_CHANGED = "Your password has been changed. You stay signed in here.";
/** security.md #20: a stolen session may not guess the current password without end. */
const PASSWORD_CHANGE_LIMIT = { bucket: "password-change", limit: 5, windowMs: 15 * 60 * 1000 };
export const TOO_MANY_PASSWORD_CHANGES =
  "Too many attempts to change your password. Please try again later.";
export const CURRENT_PASSWORD_WRONG = "Your current password is not right.";

/**
 * A signed-in customer's new password: the current one must be given (five tries an account in
 * 15 minutes), the new one must pass the rules, and every other sign-in of the account is revoked
 * (the one in use stays).
 */
export async function changePassword(
  db: Db,
  input: { user: User; tokenId: number; currentPassword: string; password: string },
  now = new Date(),
): Promise<{ message: string } | Refusal> {
  const { user } = input;
  const limit = await takeRateLimit(db, PASSWORD_CHANGE_LIMIT, String(user.id), now);
  if (!limit.allowed) return rateLimited(TOO_MANY_PASSWORD_CHANGES, limit.retryAfterSeconds);
  const stored = user.passwordHash ?? (await dummyPasswordHash());
  if (!(await verifyPassword(input.currentPassword, stored))) {
    return refuse("invalid", CURRENT_PASSWORD_WRONG, "currentPassword");
  }
  const problem = passwordProblem(input.password, user.email);
  if (problem) return refuse("invalid", problem, "password");
  if (input.password === input.currentPassword) {
    return refuse("invalid", "Choose a password you have not used here.", "password");
  }
  const passwordHash = await hashPassword(input.password);
  await inTransaction(db, async (tx) => {
    await setPasswordHash(tx, user.id, passwordHash, now);
    await revokeTokensOf(tx, user.id, now, input.tokenId);
    // A reset link mailed earlier must not undo the change.
    await tx.delete(passwordResets).where(eq(passwordResets.userId, user.id));
  });
  return { message: PASSWORD_CHANGED };
}
