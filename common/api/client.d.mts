import type { Client } from "openapi-fetch";
import type { paths } from "./schema.d.ts";

export type ApiPaths = paths;
export type ApiClient = Client<paths>;

/**
 * A client of the API at `baseUrl`, typed by the document's paths: signed in with a bearer
 * `token` when given one (bearer requests need no CSRF token, architecture.md §4).
 */
export function apiClient(baseUrl: string, options?: { token?: string }): ApiClient;
