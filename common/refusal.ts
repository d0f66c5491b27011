/**
 * An expected "no" from a service (architecture.md §7.4): a wrong password, a code that has
 * expired, a limit reached. Services return it as a value; bugs stay exceptions.
 * `server/http/refusals.ts` turns it into the JSON answer, and into a form's field errors, in one
 * place each.
 */
export type Refusal = {
  readonly refused: RefusalCode;
  /** The shopper-facing words, written once, in the service that refuses. */
  readonly message: string;
  /** The input field it is about, when there is one: the error shows beside that field. */
  readonly field?: string;
  /** For `rate-limited`: when to try again. */
  readonly retryAfterSeconds?: number;
};

/** The closed list of refusals; each has one HTTP status (see `server/http/refusals.ts`). */
export const REFUSAL_CODES = [
  /** The input breaks a rule the schema cannot see (an account exists, a code expired): 422. */
  "invalid",
  /** The thing asked for does not exist, or is not the asker's to see: 404. */
  "not-found",
  /** The request clashes with the current state (out of stock, an illegal status change): 409. */
  "conflict",
  /** Too many attempts: 429 with Retry-After. */
  "rate-limited",
  /** Signed in, but not allowed: 403. */
  "forbidden",
  /** A service the shop relies on (a payment provider) did not answer; nothing changed: 502. */
  "provider-failed",
] as const;
export type RefusalCode = (typeof REFUSAL_CODES)[number];

/** Field errors as both edges show them: `{ field: [messages] }`. */
export type FieldErrors = Record<string, string[]>;

/** A refusal with `code`, for `field` when it is about one. */
export function refuse(code: RefusalCode, message: string, field?: string): Refusal {
  return field === undefined ? { refused: code, message } : { refused: code, message, field };
}

/** A `rate-limited` refusal that says when to try again. */
export function rateLimited(message: string, retryAfterSeconds: number): Refusal {
  return { refused: "rate-limited", message, retryAfterSeconds };
}

/** Tells a refusal from a service's ordinary answer. */
export function isRefusal(value: unknown): value is Refusal {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { refused?: unknown }).refused === "string"
  );
}
