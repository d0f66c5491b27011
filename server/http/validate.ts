import type { Context } from "hono";
import type { z } from "zod";
import type { FieldErrors } from "../../common/refusal.ts";
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
 * cross-site form can send text/plain without asking, security.md #16); malformed JSON, control
 * characters or a wrong shape are a 422, never a 500.
 */
export async function jsonBody<S extends z.ZodType>(
  c: Context,
  schema: S,
  /** The field errors of a body the schema refused, when the route has more to say (`check`). */
  invalid: (body: unknown, error: z.ZodError) => Promise<FieldErrors> = async (_body, error) =>
    fieldErrors(error),
): Promise<z.output<S>> {
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
  if (!parsed.success) throw validationFailed(await invalid(body, parsed.error));
  return parsed.data;
}

const MULTIPART_TYPE = /^multipart\/form-data\s*;/i;

/** The answer to a body past a route's limit; the connection closes, as the rest is not read. */
export const bodyTooLarge = (maxBytes: number) =>
  new ApiError(
    413,
    `The request body is larger than ${maxBytes >= 1024 * 1024 ? `${Math.round(maxBytes / (1024 * 1024))} MB` : `${Math.round(maxBytes / 1024)} KB`}.`,
    undefined,
    { Connection: "close" },
  );

/**
 * Reads and validates an upload's `multipart/form-data` body: anything else is a 415. A body
 * whose Content-Length is past `maxBytes` is refused (413) before a byte of it is read, and one
 * sent without a length is cut off at `maxBytes`. A body that is not valid multipart, a field
 * sent twice or text with control characters is a 422; files reach the schema as `File`s.
 */
export async function multipartBody<S extends z.ZodType>(
  c: Context,
  schema: S,
  maxBytes: number,
): Promise<z.output<S>> {
  const type = c.req.header("content-type") ?? "";
  if (!MULTIPART_TYPE.test(type)) {
    throw new ApiError(415, "Send the upload as multipart/form-data.");
  }
  const declared = Number(c.req.header("content-length") ?? Number.NaN);
  if (declared > maxBytes) throw bodyTooLarge(maxBytes);
  const bytes = await readAtMost(c.req.raw.body, maxBytes);
  if (!bytes) throw bodyTooLarge(maxBytes);
  let form: FormData;
  try {
    // Buffer.concat makes a plain ArrayBuffer; the type says it could be a shared one.
    const body = bytes as Uint8Array<ArrayBuffer>;
    form = await new Response(body, { headers: { "Content-Type": type } }).formData();
  } catch {
    throw validationFailed({ body: ["The request body is not valid multipart/form-data."] });
  }
  const fields: Record<string, string | File> = {};
  const errors: Record<string, string[]> = {};
  for (const [name, value] of form.entries()) {
    if (name in fields) errors[name] = ["Send this field once."];
    fields[name] = value;
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  // Every field's name, and every text field's value (a file's bytes are the service's to judge).
  assertSafeText(
    Object.fromEntries(
      Object.entries(fields).map(([name, value]) => [name, typeof value === "string" ? value : ""]),
    ),
  );
  const parsed = schema.safeParse(fields);
  if (!parsed.success) throw validationFailed(fieldErrors(parsed.error));
  return parsed.data;
}

/** The whole of `body`, or undefined once it passes `maxBytes` (the rest is not read). */
async function readAtMost(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
): Promise<Buffer | undefined> {
  if (!body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

/** Validates the query string; arrays arrive comma-joined (architecture.md §4). */
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
