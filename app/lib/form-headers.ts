import type { HeadersFunction } from "react-router";

/**
 * A form page's headers: its own, plus the `Retry-After` of a post refused for its limit, which
 * React Router would otherwise drop with the rest of the action's headers (security.md #20).
 */
export function formPageHeaders(own: Record<string, string> = {}): HeadersFunction {
  return ({ actionHeaders }) => {
    const headers = new Headers(own);
    const retryAfter = actionHeaders.get("Retry-After");
    if (retryAfter) headers.set("Retry-After", retryAfter);
    return headers;
  };
}
