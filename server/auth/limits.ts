import type { Db } from "../db/client.ts";
import { type RateLimit, type RateLimitResult, takeRateLimit } from "../platform/rate-limit.ts";

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
} satisfies Record<string, RateLimit>;

export type AccountCall = keyof typeof ACCOUNT_LIMITS;

export const TOO_MANY_REQUESTS = "Too many requests. Please try again later.";

/** Counts one `call` from `clientKey` and says whether it is within its limit. */
export function takeAccountLimit(
  db: Db,
  call: AccountCall,
  clientKey: string,
): Promise<RateLimitResult> {
  return takeRateLimit(db, ACCOUNT_LIMITS[call], clientKey);
}
