import { randomBytes } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { Config } from "../config.ts";
import type { AppEnv } from "./env.ts";

// What gtag.js needs: its script, and the hosts it sends hits to (as beacons, fetches or pixels).
const GOOGLE_TAG_SCRIPT = "https://www.googletagmanager.com";
const GOOGLE_ANALYTICS_HITS =
  "https://*.google-analytics.com https://*.analytics.google.com https://www.googletagmanager.com";
// What Stripe.js needs (Stripe's security guide): its script, its frames (the Payment Element,
// 3-D Secure) and its API, which it calls with the publishable key.
const STRIPE_SCRIPT = "https://js.stripe.com https://*.js.stripe.com";
const STRIPE_FRAMES = "https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com";
const STRIPE_API = "https://api.stripe.com";
// Marks where each response's nonce goes in the policy built once (no policy text contains it).
const NONCE_SLOT = "{nonce}";

export type SecurityHeaderOptions = {
  secure: boolean;
  development: boolean;
  /** A GA4 id is configured: the page may load gtag.js once the visitor consents. */
  googleAnalytics: boolean;
  /** Stripe is configured: the checkout's payment step loads Stripe.js and its frames. */
  stripe: boolean;
  /** Plausible's address, when configured: the page posts events there (no script to load). */
  plausibleUrl?: string;
};

/** The options the shop's configuration gives the security headers. */
export const securityHeaderOptions = (
  config: Pick<Config, "secure" | "gaMeasurementId" | "stripe" | "plausible">,
  development: boolean,
): SecurityHeaderOptions => ({
  secure: config.secure,
  development,
  googleAnalytics: config.gaMeasurementId !== undefined,
  stripe: config.stripe !== undefined,
  plausibleUrl: config.plausible?.url,
});

/** The security headers of an answer whose scripts carry `nonce`, lower-case names. */
export type SecurityHeaderList = (nonce: string) => Array<[name: string, value: string]>;

/**
 * The security headers, built once but for the nonce. The answers kept in memory are sent with
 * these too, worked out once per entry (`memory-answers.ts`).
 */
export function securityHeaderList(options: SecurityHeaderOptions): SecurityHeaderList {
  const analyticsScript = options.googleAnalytics ? ` ${GOOGLE_TAG_SCRIPT}` : "";
  const analyticsHits = options.googleAnalytics ? ` ${GOOGLE_ANALYTICS_HITS}` : "";
  const scripts = `${analyticsScript}${options.stripe ? ` ${STRIPE_SCRIPT}` : ""}`;
  const plausibleHits = options.plausibleUrl ? ` ${new URL(options.plausibleUrl).origin}` : "";
  const connections = `${analyticsHits}${options.stripe ? ` ${STRIPE_API}` : ""}${plausibleHits}`;
  // The policy is the same for every response but for its nonce: built once, around that slot.
  const policy = (scriptSource: string) =>
    [
      "default-src 'self'",
      scriptSource,
      "style-src 'self' 'unsafe-inline'",
      `img-src 'self' data: blob:${analyticsHits}`,
      "font-src 'self'",
      `connect-src 'self'${options.development ? " ws:" : ""}${connections}`,
      ...(options.stripe ? [`frame-src 'self' ${STRIPE_FRAMES}`] : []),
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
      ...(options.secure ? ["upgrade-insecure-requests"] : []),
    ].join("; ");
  // Vite's hot reload injects inline scripts without our nonce: development only.
  const developmentPolicy = policy(`script-src 'self' 'unsafe-inline'${scripts}`);
  const [beforeNonce, afterNonce] = policy(
    `script-src 'self' 'nonce-${NONCE_SLOT}'${scripts}`,
  ).split(NONCE_SLOT);
  const fixed: Array<[string, string]> = [
    ["x-content-type-options", "nosniff"],
    ["referrer-policy", "strict-origin-when-cross-origin"],
    ["x-frame-options", "DENY"],
    ["cross-origin-opener-policy", "same-origin"],
    ["permissions-policy", "camera=(), microphone=(), geolocation=(), payment=(self)"],
    ...(options.secure
      ? [["strict-transport-security", "max-age=63072000; includeSubDomains"] as [string, string]]
      : []),
  ];
  return (nonce) => [
    [
      "content-security-policy",
      options.development ? developmentPolicy : `${beforeNonce}${nonce}${afterNonce}`,
    ],
    ...fixed,
  ];
}

/**
 * Security headers on every response, and a fresh CSP nonce per request that the SSR document
 * puts on its scripts (SECURITY §22: a script injected into shop text cannot run). A page served
 * from the response cache carries the nonce it was rendered with, which the cache puts back in
 * the context: the header names that one (docs/decisions/0023).
 */
export function securityHeaders(options: SecurityHeaderOptions): MiddlewareHandler<AppEnv> {
  const list = securityHeaderList(options);
  return async (c, next) => {
    c.set("nonce", randomBytes(16).toString("base64"));
    await next();
    const headers = c.res.headers;
    for (const [name, value] of list(c.get("nonce"))) {
      // A page may ask for less (the reset page sends no Referer at all, its address holds a key).
      if (name === "referrer-policy" && headers.has(name)) continue;
      headers.set(name, value);
    }
  };
}
