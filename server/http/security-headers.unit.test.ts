import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "./env.ts";
import { securityHeaderList, securityHeaders } from "./security-headers.ts";

/** The page's Content-Security-Policy as a map of directive → its sources. */
async function policy(options: Parameters<typeof securityHeaders>[0]) {
  const app = new Hono<AppEnv>();
  app.use(securityHeaders(options));
  app.get("/", (c) => c.text("page"));
  const header = (await app.request("/")).headers.get("Content-Security-Policy") ?? "";
  return new Map(
    header.split("; ").map((directive) => {
      const [name = "", ...sources] = directive.split(" ");
      return [name, sources];
    }),
  );
}

const production = { secure: false, development: false, stripe: false };
const analyticsHosts = [
  "https://*.google-analytics.com",
  "https://*.analytics.google.com",
  "https://www.googletagmanager.com",
];

describe("Content-Security-Policy", () => {
  it("allows a kept answer's inline scripts by their hashes, with no nonce", () => {
    const list = securityHeaderList({ ...production, googleAnalytics: false });
    const policyOf = (hashes: string[]) =>
      new Map(list({ hashes })).get("content-security-policy") ?? "";
    expect(policyOf(["sha256-AAA=", "sha256-BBB="])).toContain(
      "script-src 'self' 'sha256-AAA=' 'sha256-BBB='; ",
    );
    expect(policyOf([])).toContain("script-src 'self'; ");
    expect(policyOf(["sha256-AAA="])).not.toContain("nonce");
  });

  it("allows only the shop's own scripts and connections when GA4 is not configured", async () => {
    const csp = await policy({ ...production, googleAnalytics: false });
    expect(csp.get("script-src")).toEqual(["'self'", expect.stringMatching(/^'nonce-.+'$/)]);
    expect(csp.get("connect-src")).toEqual(["'self'"]);
    expect(csp.get("img-src")).toEqual(["'self'", "data:", "blob:"]);
  });

  it("leaves out Stripe's hosts unless Stripe is configured", async () => {
    const csp = await policy({ ...production, googleAnalytics: false });
    expect(csp.has("frame-src")).toBe(false);
    expect([...csp.values()].flat().join(" ")).not.toContain("stripe.com");
  });

  it("allows Stripe.js, its frames and its API when Stripe is configured", async () => {
    const csp = await policy({ ...production, googleAnalytics: false, stripe: true });
    expect(csp.get("script-src")).toEqual([
      "'self'",
      expect.stringMatching(/^'nonce-.+'$/),
      "https://js.stripe.com",
      "https://*.js.stripe.com",
    ]);
    expect(csp.get("frame-src")).toEqual([
      "'self'",
      "https://js.stripe.com",
      "https://*.js.stripe.com",
      "https://hooks.stripe.com",
    ]);
    expect(csp.get("connect-src")).toEqual(["'self'", "https://api.stripe.com"]);
    expect(csp.get("default-src")).toEqual(["'self'"]);
  });

  it("allows gtag.js and GA4's hit hosts when a GA4 id is configured (loaded after consent)", async () => {
    const csp = await policy({ ...production, googleAnalytics: true });
    expect(csp.get("script-src")).toEqual([
      "'self'",
      expect.stringMatching(/^'nonce-.+'$/),
      "https://www.googletagmanager.com",
    ]);
    expect(csp.get("connect-src")).toEqual(["'self'", ...analyticsHosts]);
    expect(csp.get("img-src")).toEqual(["'self'", "data:", "blob:", ...analyticsHosts]);
    expect(csp.get("default-src")).toEqual(["'self'"]);
  });

  it("keeps the development allowances beside GA4's hosts", async () => {
    const csp = await policy({
      secure: false,
      development: true,
      googleAnalytics: true,
      stripe: false,
    });
    expect(csp.get("script-src")).toEqual([
      "'self'",
      "'unsafe-inline'",
      "https://www.googletagmanager.com",
    ]);
    expect(csp.get("connect-src")).toEqual(["'self'", "ws:", ...analyticsHosts]);
  });

  it("lets the page post to Plausible's origin when it is configured, and loads no script of it", async () => {
    const csp = await policy({
      ...production,
      googleAnalytics: false,
      plausibleUrl: "https://stats.example.co.uk/plausible",
    });
    expect(csp.get("connect-src")).toEqual(["'self'", "https://stats.example.co.uk"]);
    expect(csp.get("script-src")).toEqual(["'self'", expect.stringMatching(/^'nonce-.+'$/)]);
    expect(csp.get("img-src")).toEqual(["'self'", "data:", "blob:"]);
  });
});
