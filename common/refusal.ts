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
  /**
   * For `invalid`: every field's problems at once (issue 30: a form shows them all, not one per
   * submit); `field` and `message` are then the first of them.
   */
  readonly errors?: FieldErrors;
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

/**
 * The refusals of several checks as one (issue 30: every problem at once): a refusal other than
 * `invalid` (a 404, a 409) answers alone, as it is not about a field; the `invalid` ones are
 * joined, field by field. Undefined when every check passed.
 */
export function joinRefusals(refusals: readonly (Refusal | undefined)[]): Refusal | undefined {
  const found = refusals.filter((refusal): refusal is Refusal => refusal !== undefined);
  const other = found.find((refusal) => refusal.refused !== "invalid");
  if (other) return other;
  if (found.length <= 1) return found[0];
  const errors: FieldErrors = {};
  for (const refusal of found) {
    for (const [field, messages] of Object.entries(refusalErrors(refusal))) {
      errors[field] = [...(errors[field] ?? []), ...messages];
    }
  }
  const [first] = found as [Refusal];
  return { ...first, errors };
}

/** A refusal's messages by field (`body` for one about no field). */
export function refusalErrors(refusal: Refusal): FieldErrors {
  return refusal.errors ?? { [refusal.field ?? "body"]: [refusal.message] };
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
