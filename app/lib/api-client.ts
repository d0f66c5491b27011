import { camelizeKeys } from "./case";
import { readCookie } from "./cookies";

/** behaviour.md §7: the three API areas and their prefixes. */
export const areaPrefixes = { default: "/api", user: "/api/user", staff: "/api/staff" } as const;
export type Area = keyof typeof areaPrefixes;

type Query = Record<string, string | number | boolean | Array<string | number> | null | undefined>;

/** Any answer with status 400–599. */
export class ApiRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly data: unknown,
  ) {
    super(message);
    this.name = "ApiRequestError";
  }
}

/**
 * behaviour.md §5: a 422, or any answer with an `errors` field, is 'Validation failed' with the
 * server's data.
 */
export class ValidationFailedError extends ApiRequestError {
  constructor(status: number, data: unknown) {
    super("Validation failed", status, data);
    this.name = "ValidationFailedError";
  }
  /** The server's messages for `field`, if any. */
  fieldErrors(field: string): string[] {
    const errors = (this.data as { errors?: Record<string, string[]> } | null)?.errors;
    return errors?.[field] ?? [];
  }
}

let apiBaseUrl = "";

/**
 * behaviour.md §7: calls go to the configured API base URL (same origin unless set) plus the area
 * prefix.
 */
export function setApiBaseUrl(url: string): void {
  apiBaseUrl = url.replace(/\/+$/, "");
}

let onUnauthorized: () => void = () => {};

/** behaviour.md §4: any 401 logs the shopper out; the auth store registers what that means. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

/** behaviour.md §7: GET payloads go in the query string, arrays joined by commas. */
export function toQueryString(query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.set(key, Array.isArray(value) ? value.join(",") : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

async function send<T>(area: Area, path: string, init: RequestInit): Promise<T> {
  const response = await fetch(`${apiBaseUrl}${areaPrefixes[area]}${path}`, {
    credentials: "same-origin",
    ...init,
    headers: { Accept: "application/json", ...init.headers },
  });
  const text = await response.text();
  let body: unknown = null;
  if (text) {
    try {
      body = camelizeKeys(JSON.parse(text));
    } catch {
      body = text;
    }
  }
  const hasErrors = body !== null && typeof body === "object" && "errors" in body;
  if (response.status === 401) onUnauthorized();
  if (response.status === 422 || hasErrors) throw new ValidationFailedError(response.status, body);
  if (response.status >= 400) {
    const message = (body as { message?: string } | null)?.message ?? response.statusText;
    throw new ApiRequestError(message, response.status, body);
  }
  return body as T;
}

/** GET `{area}{path}` with `query` in the query string. */
export function apiGet<T>(area: Area, path: string, query?: Query): Promise<T> {
  return send<T>(area, `${path}${toQueryString(query)}`, { method: "GET" });
}

const xsrfCookie = () =>
  typeof document === "undefined" ? undefined : readCookie(document.cookie, "XSRF-TOKEN");

/**
 * POST a JSON body, with the CSRF header from the XSRF-TOKEN cookie. A page that has not asked
 * for the cookie yet (the back office, the guest layout) gets it first, so the post is not a 419.
 * A money-moving call (architecture.md §4) sends its `idempotencyKey`, so a retry answers the first
 * outcome.
 */
export async function apiPost<T>(
  area: Area,
  path: string,
  body: unknown = {},
  options: { idempotencyKey?: string } = {},
): Promise<T> {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (options.idempotencyKey) headers["Idempotency-Key"] = options.idempotencyKey;
  if (!xsrfCookie() && typeof document !== "undefined") await fetchCsrfCookie();
  const xsrf = xsrfCookie();
  if (xsrf) headers["X-XSRF-TOKEN"] = xsrf;
  return send<T>(area, path, { method: "POST", headers, body: JSON.stringify(body) });
}

/** behaviour.md §7: GET /sanctum/csrf-cookie sets the XSRF-TOKEN cookie that POSTs echo. */
export async function fetchCsrfCookie(): Promise<void> {
  const response = await fetch(`${apiBaseUrl}/sanctum/csrf-cookie`, { credentials: "same-origin" });
  if (!response.ok)
    throw new ApiRequestError("The CSRF cookie could not be set", response.status, null);
}
