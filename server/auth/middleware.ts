import type { Context, MiddlewareHandler } from "hono";
import { generateCookie, getCookie } from "hono/cookie";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { TOKEN_COOKIE } from "../../common/auth-cookies.ts";
import { isStaffRole } from "../customers/index.ts";
import { csrfTokenIsValid } from "../http/csrf.ts";
import type { AppEnv } from "../http/env.ts";
import { ApiError } from "../http/errors.ts";
import { isCrossSite } from "../http/same-origin.ts";
import type { TokenAbility } from "./schema.ts";
import { findLiveToken, type LiveToken, TOKEN_LIFETIME_MS, touchToken } from "./tokens.ts";

export const XSRF_COOKIE = "XSRF-TOKEN";
export const XSRF_HEADER = "X-XSRF-TOKEN";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const unauthenticated = () => new ApiError(401, "Unauthenticated.");
export const forbidden = () => new ApiError(403, "This action is unauthorized.");
// 419 is Laravel's "page expired", which the client already knows; Hono's status list lacks it.
export const pageExpired = () =>
  new ApiError(419 as ContentfulStatusCode, "The page expired. Please reload it and try again.");

/** The token a request carries: `Authorization: Bearer` first, else the `token` cookie. */
export function requestToken(
  c: Context,
): { token: string; source: "bearer" | "cookie" } | undefined {
  const header = c.req.header("authorization");
  const bearer = header?.match(/^Bearer[ \t]+(\S+)[ \t]*$/i)?.[1];
  if (bearer) return { token: bearer, source: "bearer" };
  const cookie = getCookie(c, TOKEN_COOKIE);
  return cookie ? { token: cookie, source: "cookie" } : undefined;
}

/**
 * security.md #16: a request that rides on the `token` cookie and may change something must echo
 * the signed `XSRF-TOKEN` cookie in `X-XSRF-TOKEN` and must not come from another site. Bearer
 * requests and GET/HEAD/OPTIONS pass.
 */
export function assertCsrf(c: Context, source: "bearer" | "cookie", secret: string): void {
  if (source === "bearer" || SAFE_METHODS.has(c.req.method)) return;
  if (isCrossSite(c.req.raw)) throw pageExpired();
  if (!csrfTokenIsValid(c.req.header(XSRF_HEADER), getCookie(c, XSRF_COOKIE), secret)) {
    throw pageExpired();
  }
}

/** The Set-Cookie line for the HttpOnly `token` cookie, for `maxAgeSeconds` (0 deletes it). */
export function tokenCookie(token: string, maxAgeSeconds: number, secure: boolean): string {
  return generateCookie(TOKEN_COOKIE, token, {
    path: "/",
    httpOnly: true,
    sameSite: "Lax",
    secure,
    maxAge: maxAgeSeconds,
  });
}

/** Sets the `token` cookie on an API answer (see `tokenCookie`). */
export function setTokenCookie(c: Context, token: string, maxAgeSeconds: number): void {
  const { secure } = (c as Context<AppEnv>).get("config");
  c.header("Set-Cookie", tokenCookie(token, maxAgeSeconds, secure), { append: true });
}

/**
 * Lets through only requests with a live token of `ability` (`staff` also needs a staff or admin
 * account): none, expired or revoked → 401; the wrong kind → 403; a cookie request without the
 * CSRF header → 419. Each use slides the expiry on, and refreshes the cookie with it.
 */
/** Who a route lets in: a customer, any staff, or admins only (deleting, managing staff). */
export type RequiredAccess = TokenAbility | "admin";

/**
 * Whether a live token may use a route that needs `access`: the one rule for the API's edge and
 * for pages' forms, which run the same routes (decision 0007).
 */
export function accessAllows(access: RequiredAccess, live: LiveToken): boolean {
  if (access === "customer") return live.ability === "customer";
  if (live.ability !== "staff") return false;
  return access === "admin" ? live.user.role === "admin" : isStaffRole(live.user.role);
}

export function requireAuth(ability: RequiredAccess, secret: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const carried = requestToken(c);
    const now = new Date();
    const live = carried && (await findLiveToken(c.get("db"), carried.token, now));
    if (!carried || !live) throw unauthenticated();
    assertCsrf(c, carried.source, secret);
    if (!accessAllows(ability, live)) throw forbidden();

    const moved = await touchToken(c.get("db"), live, now);
    if (moved && carried.source === "cookie") {
      setTokenCookie(c, carried.token, Math.floor(TOKEN_LIFETIME_MS / 1000));
    }
    c.set("auth", { ...live, expiresAt: moved ?? live.expiresAt, source: carried.source });
    c.header("Cache-Control", "private, no-store");
    await next();
  };
}

/**
 * The signed-in customer behind a request that works for anyone (applying a discount code), or
 * undefined. It only reads who is asking, so it needs no CSRF header, and a dead token is simply
 * a guest, never a 401.
 */
export async function optionalCustomer(c: Context<AppEnv>): Promise<LiveToken | undefined> {
  const carried = requestToken(c);
  if (!carried) return undefined;
  const live = await findLiveToken(c.get("db"), carried.token);
  return live?.ability === "customer" ? live : undefined;
}
