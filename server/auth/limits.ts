import type { RateLimit } from "../platform/rate-limit.ts";

const MINUTE = 60_000;

/**
 * Per client address: how often each account call may be made, from the API or a page's form
 * alike (SECURITY §19, §20): enough for a person, too few to enumerate accounts or flood mail.
 */
export const ACCOUNT_LIMITS = {
  hasFullAccount: { bucket: "has-full-account", limit: 20, windowMs: 10 * MINUTE },
  register: { bucket: "register", limit: 10, windowMs: 60 * MINUTE },
  forgotPassword: { bucket: "password-forgot", limit: 10, windowMs: 15 * MINUTE },
  resetPassword: { bucket: "password-reset", limit: 10, windowMs: 15 * MINUTE },
  confirmAccount: { bucket: "account-confirm", limit: 10, windowMs: 15 * MINUTE },
  orderAccount: { bucket: "order-account", limit: 10, windowMs: 60 * MINUTE },
} satisfies Record<string, RateLimit>;

export const TOO_MANY_REQUESTS = "Too many requests. Please try again later.";
