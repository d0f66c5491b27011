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
// Marks where each response's inline-script sources go in the policy built once (no policy text
// contains it).
const SCRIPTS_SLOT = "{scripts}";

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

/**
 * The inline scripts an answer may run: those carrying its `nonce` (a render for one request), or
 * those whose text has one of `hashes` (`sha256-…`: a page kept for many visitors, which carries
 * no nonce; docs/decisions/0035).
 */
export type InlineScripts = { nonce: string } | { hashes: readonly string[] };

/** The CSP sources that allow `scripts`, each with a leading space; none for no hash. */
export function inlineScriptSources(scripts: InlineScripts): string {
  if ("nonce" in scripts) return ` 'nonce-${scripts.nonce}'`;
  return scripts.hashes.map((hash) => ` '${hash}'`).join("");
}

/** The security headers of an answer whose inline scripts are `scripts`, lower-case names. */
export type SecurityHeaderList = (scripts: InlineScripts) => Array<[name: string, value: string]>;

/**
 * The security headers, built once but for the inline scripts' sources. The answers kept in
 * memory are sent with these too, worked out once per entry (`memory-answers.ts`).
 */
export function securityHeaderList(options: SecurityHeaderOptions): SecurityHeaderList {
  const analyticsScript = options.googleAnalytics ? ` ${GOOGLE_TAG_SCRIPT}` : "";
  const analyticsHits = options.googleAnalytics ? ` ${GOOGLE_ANALYTICS_HITS}` : "";
  const scripts = `${analyticsScript}${options.stripe ? ` ${STRIPE_SCRIPT}` : ""}`;
  const plausibleHits = options.plausibleUrl ? ` ${new URL(options.plausibleUrl).origin}` : "";
  const connections = `${analyticsHits}${options.stripe ? ` ${STRIPE_API}` : ""}${plausibleHits}`;
  // The policy is the same for every response but for its inline scripts: built once, around
  // that slot.
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
  const [beforeScripts, afterScripts] = policy(`script-src 'self'${SCRIPTS_SLOT}${scripts}`).split(
    SCRIPTS_SLOT,
  );
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
  return (inline) => [
    [
      "content-security-policy",
      options.development
        ? developmentPolicy
        : `${beforeScripts}${inlineScriptSources(inline)}${afterScripts}`,
    ],
    ...fixed,
  ];
}

/**
 * Security headers on every response, and a fresh CSP nonce per request that the SSR document
 * puts on its scripts (docs/security.md #22: a script injected into shop text cannot run). An
 * answer from the response cache carries no nonce: the cache names the hashes of its inline scripts in the
 * context, and the policy allows those instead (docs/decisions/0035).
 */
export function securityHeaders(options: SecurityHeaderOptions): MiddlewareHandler<AppEnv> {
  const list = securityHeaderList(options);
  return async (c, next) => {
    c.set("nonce", randomBytes(16).toString("base64"));
    await next();
    const headers = c.res.headers;
    const hashes = c.get("scriptHashes");
    for (const [name, value] of list(hashes ? { hashes } : { nonce: c.get("nonce") })) {
      // A page may ask for less (the reset page sends no Referer at all, its address holds a key).
      if (name === "referrer-policy" && headers.has(name)) continue;
      headers.set(name, value);
    }
  };
}
