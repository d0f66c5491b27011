import { randomBytes } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./env.ts";

/**
 * Security headers on every response, and a fresh CSP nonce per request that the SSR document
 * puts on its scripts (SECURITY §22: a script injected into shop text cannot run).
 */
export function securityHeaders(options: {
  secure: boolean;
  development: boolean;
}): MiddlewareHandler<AppEnv> {
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
          ? "script-src 'self' 'unsafe-inline'"
          : `script-src 'self' 'nonce-${nonce}'`,
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "font-src 'self'",
        options.development ? "connect-src 'self' ws:" : "connect-src 'self'",
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
