// The shop's API client for tests and the bench (plain JavaScript, so the bench's .mjs scripts
// run it under node as they are; its types are in client.d.mts).
import createClient from "openapi-fetch";

/**
 * A client of the API at `baseUrl`, typed by the document's paths: signed in with a bearer
 * `token` when given one (bearer requests need no CSRF token, architecture.md §4).
 */
export function apiClient(baseUrl, { token } = {}) {
  return createClient({
    baseUrl,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
}
