import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { TOKEN_COOKIE } from "../../common/auth-cookies.ts";
import type { AppEnv } from "./env.ts";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/** An Origin header names the same host as the request; "null" or garbage never does. */
function sameHost(origin: string, requestUrl: string): boolean {
  try {
    return new URL(origin).host === new URL(requestUrl).host;
  } catch {
    return false;
  }
}

/**
 * security.md #16: whether the browser says an unsafe request comes from another site
 * (`Sec-Fetch-Site: cross-site`, or an `Origin` that is not ours). The one test for page forms and
 * cookie-authenticated API calls alike.
 */
export function isCrossSite(request: Request): boolean {
  const origin = request.headers.get("origin");
  return (
    request.headers.get("sec-fetch-site") === "cross-site" ||
    (origin !== null && !sameHost(origin, request.url))
  );
}

/**
 * security.md #16: a page form post (basket, sign-in, checkout steps) must come from our own pages.
 * Browsers say where a request comes from (Sec-Fetch-Site, Origin); a cross-site post is refused
 * before any action runs, and so is a post that rides on a session cookie without saying where it
 * comes from (every browser we serve sends one of the two with a form post; a forged request from
 * an old plug-in or a stripped proxy might not). GET never changes anything, so it is never checked.
 */
export function sameOriginForms(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (SAFE.has(c.req.method)) return next();
    const unsourced =
      c.req.header("origin") === undefined &&
      c.req.header("sec-fetch-site") === undefined &&
      getCookie(c, TOKEN_COOKIE) !== undefined;
    if (isCrossSite(c.req.raw) || unsourced) {
      return c.text("This form can only be sent from the shop's own pages.", 403);
    }
    return next();
  };
}
