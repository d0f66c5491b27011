import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";
import { isConnectFailure, isConnectionLost } from "../db/faults.ts";
import { type InputFault, inputFaultOf } from "./database-input-errors.ts";
import { DeadlinePassed } from "./deadline.ts";
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

const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
  // Connection exceptions, a missing database, a shutdown, too many connections.
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
  "3D000",
  "57P01",
  "57P02",
  "57P03",
  "53300",
  "53400",
  // A statement past its timeout, and a transaction still colliding after its retries.
  "57014",
  "40001",
  "40P01",
  // A keyed money call that ran out of time before writing anything, or whose key another
  // attempt took over (decision 0036): nothing was done by this one; the same key again finds it.
  "REQUEST_ABANDONED",
  "KEY_TAKEN_OVER",
]);

/** What a shopper is told when the database falters, on a page or from the API. */
export const SHOP_BUSY = "The shop is busy right now. Please try again in a moment.";
/** When to try again after `SHOP_BUSY`, in seconds. */
export const BUSY_RETRY_AFTER_SECONDS = 5;

// A page that could not be rendered in time gets a document, not JSON: the shopper's browser
// shows it as it is (no styles or scripts, which are what may be slow).
const BUSY_PAGE = `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Busy | Encore</title></head>
<body><main><h1>Sorry, we are busy</h1><p>${SHOP_BUSY}</p><p><a href="/">Go Back Home</a></p></main></body></html>`;

const wantsJson = (c: Context<AppEnv>) =>
  /^\/(api|sanctum)(\/|$)/.test(c.req.path) || !c.req.header("accept")?.includes("text/html");

/**
 * True when the database could not be reached, lost the connection, or had no connection free in
 * time: the request was fine, the shop is overloaded or restarting, so the answer is 503
 * (docs/security.md #15), not 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (isConnectionLost(error) || isConnectFailure(error)) return true;
  for (let current = error; current instanceof Error; current = current.cause) {
    const code = (current as { code?: string }).code;
    if (code && UNAVAILABLE_CODES.has(code)) return true;
    if (
      /timeout exceeded when trying to connect|Connection terminated|Query read timeout|Cannot use a pool after calling end|PGlite is closed/i.test(
        current.message,
      )
    ) {
      return true;
    }
  }
  return false;
}

/** The API's body for an input fault: the 422 envelope naming the field, or a 404's message. */
export const inputFaultBody = (fault: InputFault) =>
  fault.field
    ? { message: "Validation failed", errors: { [fault.field]: [fault.message] } }
    : { message: fault.message };

/** The one place an error becomes a response: expected ones say why, bugs say only the id. */
export function handleError(error: Error, c: Context<AppEnv>) {
  const deadline = error instanceof DeadlinePassed;
  if (deadline || isDatabaseUnavailable(error)) {
    c.get("logger").warn(
      { err: error, requestId: c.get("requestId") },
      deadline ? "request deadline passed" : "database unavailable",
    );
    c.header("Retry-After", String(BUSY_RETRY_AFTER_SECONDS));
    c.header("Cache-Control", "no-store");
    return wantsJson(c) ? c.json({ message: SHOP_BUSY }, 503) : c.html(BUSY_PAGE, 503);
  }
  if (error instanceof ApiError) {
    for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
    return c.json(
      error.errors ? { message: error.message, errors: error.errors } : { message: error.message },
      error.status,
    );
  }
  const requestId = c.get("requestId");
  const fault = inputFaultOf(error, { query: c.req.query(), path: c.req.path });
  if (fault) {
    // A gap in a declaration or a service, worth closing: the shopper is told what to change.
    c.get("logger").warn({ err: error, requestId, fault }, "input refused by the database");
    c.header("Cache-Control", "no-store");
    return c.json(inputFaultBody(fault), fault.status);
  }
  c.get("logger").error({ err: error, requestId }, "unexpected error");
  return c.json({ message: "Something went wrong on our side. Please try again.", requestId }, 500);
}
