import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** architecture.md §4: every success is `{ data }`. */
export function ok<T>(c: Context, data: T, status: ContentfulStatusCode = 200) {
  return c.json({ data }, status);
}
