import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";
import type { AppEnv } from "./env.ts";

export type FieldErrors = Record<string, string[]>;

/** An expected refusal with its HTTP status; mapped to a JSON body by `handleError`. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const validationFailed = (errors: FieldErrors) =>
  new ApiError(422, "Validation failed", errors);

export const notFound = (message = "Not found.") => new ApiError(404, message);

/** Turns zod issues into `{ field: [messages] }`, the field being the dotted path (to `depth`). */
export function fieldErrors(
  error: z.ZodError,
  prefix?: string,
  depth = Number.POSITIVE_INFINITY,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const path =
      [prefix, ...issue.path.slice(0, depth).map(String)].filter(Boolean).join(".") || "body";
    errors[path] ??= [];
    errors[path].push(issue.message);
  }
  return errors;
}

/** The one place an error becomes a response: expected ones say why, bugs say only the id. */
export function handleError(error: Error, c: Context<AppEnv>) {
  if (error instanceof ApiError) {
    for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
    return c.json(
      error.errors ? { message: error.message, errors: error.errors } : { message: error.message },
      error.status,
    );
  }
  const requestId = c.get("requestId");
  c.get("logger").error({ err: error, requestId }, "unexpected error");
  return c.json({ message: "Something went wrong on our side. Please try again.", requestId }, 500);
}
