import type { Context } from "hono";
import type { z } from "zod";
import { ApiError, fieldErrors, notFound, validationFailed } from "./errors.ts";
import { unsafeTextErrors } from "./text-input.ts";

const JSON_TYPE = /^application\/([\w.+-]+\+)?json\s*(;|$)/i;

/** Refuses input with control characters anywhere (one check for every field of every route). */
function assertSafeText(value: unknown, status: "refuse" | "not-found" = "refuse") {
  const errors = unsafeTextErrors(value);
  if (Object.keys(errors).length === 0) return;
  throw status === "not-found" ? notFound() : validationFailed(errors);
}

/**
 * Reads and validates a JSON body: one sent as anything but `application/json` is a 415 (a
 * cross-site form can send text/plain without asking, SECURITY §16); malformed JSON, control
 * characters or a wrong shape are a 422, never a 500.
 */
export async function jsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const text = await c.req.text();
  if (text.trim() !== "" && !JSON_TYPE.test(c.req.header("content-type") ?? "")) {
    throw new ApiError(415, "Send the body as JSON, with Content-Type: application/json.");
  }
  let body: unknown;
  try {
    body = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    throw validationFailed({ body: ["The request body is not valid JSON."] });
  }
  assertSafeText(body);
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw validationFailed(fieldErrors(parsed.error));
  return parsed.data;
}

/** Validates the query string; arrays arrive comma-joined (DESIGN §4). */
export function queryParams<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  const query = c.req.query();
  assertSafeText(query);
  const parsed = schema.safeParse(query);
  // A query parameter is one field, even when it holds a list.
  if (!parsed.success) throw validationFailed(fieldErrors(parsed.error, undefined, 1));
  return parsed.data;
}

/** Validates the path parameters; a bad one is a 404, as the path names nothing. */
export function pathParams<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  const params = c.req.param();
  assertSafeText(params, "not-found");
  const parsed = schema.safeParse(params);
  if (!parsed.success) throw notFound();
  return parsed.data;
}
