import type { RateLimit } from "../platform/index.ts";

const MINUTE = 60_000;

/**
 * Per client address: how often each account call may be made, from the API or a page's form
 * alike (security.md #19, #20): enough for a person, too few to enumerate accounts or flood mail.
 */
export const ACCOUNT_LIMITS = {
  hasFullAccount: { bucket: "has-full-account", limit: 20, windowMs: 10 * MINUTE },
  register: { bucket: "register", limit: 10, windowMs: 60 * MINUTE },
  forgotPassword: { bucket: "password-forgot", limit: 10, windowMs: 15 * MINUTE },
  resetPassword: { bucket: "password-reset", limit: 10, windowMs: 15 * MINUTE },
  confirmAccount: { bucket: "account-confirm", limit: 10, windowMs: 15 * MINUTE },
  orderAccount: { bucket: "order-account", limit: 10, windowMs: 60 * MINUTE },
} satisfies Record<string, RateLimit>;

/**
 * Per email address, whoever asks and from wherever: the calls that say whether an email has an
 * account (docs/security.md #19). The per-client limits above stop one client walking a list of
 * addresses; these stop many clients (a botnet, a proxy's pool) asking about one address, and
 * cap what a shopper retyping their email at checkout could ever need.
 */
export const EMAIL_LIMITS = {
  hasFullAccount: { bucket: "has-full-account-email", limit: 10, windowMs: 10 * MINUTE },
  register: { bucket: "register-email", limit: 5, windowMs: 60 * MINUTE },
} satisfies Record<string, RateLimit>;

export const TOO_MANY_REQUESTS = "Too many requests. Please try again later.";
/** What a caller over an email's limit is told: it names no account, only the address asked. */
export const TOO_MANY_FOR_EMAIL =
  "This email address has been asked about too often. Please try again later.";
