import type { ContentfulStatusCode } from "hono/utils/http-status";
import {
  type FieldErrors,
  type Refusal,
  type RefusalCode,
  refusalErrors,
} from "../../common/refusal.ts";
import { ApiError } from "./errors.ts";

/** architecture.md §4: the one status of each refusal. */
export const REFUSAL_STATUS = {
  invalid: 422,
  "not-found": 404,
  conflict: 409,
  "rate-limited": 429,
  forbidden: 403,
  "provider-failed": 502,
} as const satisfies Record<RefusalCode, ContentfulStatusCode>;

export type RefusalStatus = (typeof REFUSAL_STATUS)[RefusalCode];

const retryAfter = (refusal: Refusal) =>
  refusal.retryAfterSeconds === undefined
    ? undefined
    : { "Retry-After": String(refusal.retryAfterSeconds) };

/**
 * The JSON API's answer to a refusal: `invalid` is the 422 envelope with the message beside its
 * field (`body` when it names none); the others say `{ message }` with their status.
 */
export function refusalAsApiError(refusal: Refusal): ApiError {
  if (refusal.refused === "invalid") {
    return new ApiError(422, "Validation failed", refusalErrors(refusal));
  }
  const errors = refusal.field ? { [refusal.field]: [refusal.message] } : undefined;
  return new ApiError(
    REFUSAL_STATUS[refusal.refused],
    refusal.message,
    errors,
    retryAfter(refusal),
  );
}

/** What a page's form shows for a refusal: the message beside its field, or above the form. */
export type FormRefusal = {
  status: RefusalStatus;
  message?: string;
  errors?: FieldErrors;
  headers?: Record<string, string>;
};

/** A form's view of a refusal, with the status the page answers with (the API's, so both agree). */
export function refusalAsFormErrors(refusal: Refusal): FormRefusal {
  const shown = refusal.errors
    ? { errors: refusal.errors }
    : refusal.field
      ? { errors: { [refusal.field]: [refusal.message] } }
      : { message: refusal.message };
  const headers = retryAfter(refusal);
  return { status: REFUSAL_STATUS[refusal.refused], ...shown, ...(headers ? { headers } : {}) };
}
