import type { Context } from "hono";
import type { z } from "zod";
import { fieldErrors, notFound, validationFailed } from "./errors.ts";

/** Reads and validates a JSON body; malformed JSON or a wrong shape is a 422, never a 500. */
export async function jsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const text = await c.req.text();
  let body: unknown;
  try {
    body = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    throw validationFailed({ body: ["The request body is not valid JSON."] });
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw validationFailed(fieldErrors(parsed.error));
  return parsed.data;
}

/** Validates the query string; arrays arrive comma-joined (DESIGN §4). */
export function queryParams<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  const parsed = schema.safeParse(c.req.query());
  // A query parameter is one field, even when it holds a list.
  if (!parsed.success) throw validationFailed(fieldErrors(parsed.error, undefined, 1));
  return parsed.data;
}

/** Validates the path parameters; a bad one is a 404, as the path names nothing. */
export function pathParams<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  const parsed = schema.safeParse(c.req.param());
  if (!parsed.success) throw notFound();
  return parsed.data;
}
