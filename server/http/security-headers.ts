import { randomBytes } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./env.ts";

// What gtag.js needs: its script, and the hosts it sends hits to (as beacons, fetches or pixels).
const GOOGLE_TAG_SCRIPT = "https://www.googletagmanager.com";
const GOOGLE_ANALYTICS_HITS =
  "https://*.google-analytics.com https://*.analytics.google.com https://www.googletagmanager.com";

/**
 * Security headers on every response, and a fresh CSP nonce per request that the SSR document
 * puts on its scripts (SECURITY §22: a script injected into shop text cannot run).
 */
export function securityHeaders(options: {
  secure: boolean;
  development: boolean;
  /** A GA4 id is configured: the page may load gtag.js once the visitor consents. */
  googleAnalytics: boolean;
}): MiddlewareHandler<AppEnv> {
  const analyticsScript = options.googleAnalytics ? ` ${GOOGLE_TAG_SCRIPT}` : "";
  const analyticsHits = options.googleAnalytics ? ` ${GOOGLE_ANALYTICS_HITS}` : "";
  return async (c, next) => {
    const nonce = randomBytes(16).toString("base64");
    c.set("nonce", nonce);
    await next();
    const headers = c.res.headers;
    headers.set(
      "Content-Security-Policy",
      [
        "default-src 'self'",
        // Vite's hot reload injects inline scripts without our nonce: development only.
        options.development
          ? `script-src 'self' 'unsafe-inline'${analyticsScript}`
          : `script-src 'self' 'nonce-${nonce}'${analyticsScript}`,
        "style-src 'self' 'unsafe-inline'",
        `img-src 'self' data: blob:${analyticsHits}`,
        "font-src 'self'",
        `connect-src 'self'${options.development ? " ws:" : ""}${analyticsHits}`,
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
        ...(options.secure ? ["upgrade-insecure-requests"] : []),
      ].join("; "),
    );
    headers.set("X-Content-Type-Options", "nosniff");
    // A page may ask for less (the reset page sends no Referer at all, its address holds a key).
    if (!headers.has("Referrer-Policy")) {
      headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
    }
    headers.set("X-Frame-Options", "DENY");
    headers.set("Cross-Origin-Opener-Policy", "same-origin");
    headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(self)");
    if (options.secure) {
      headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
    }
  };
}
