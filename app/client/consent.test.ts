import { describe, expect, it } from "vitest";
import {
  CONSENT_MAX_AGE_SECONDS,
  consentCookie,
  cookieDomains,
  cookieRemovals,
  gaCookieNames,
  parseConsent,
  serialiseConsent,
} from "./consent";

describe("the cookie_consent value", () => {
  it("reads a stored acceptance or rejection", () => {
    expect(parseConsent("v1.analytics-granted")).toBe("granted");
    expect(parseConsent("v1.analytics-denied")).toBe("denied");
  });

  it.each([
    undefined,
    "",
    "granted",
    "v2.analytics-granted",
    "v1.analytics-granted ",
    "V1.ANALYTICS-GRANTED",
    "v1.analytics-maybe",
  ])("treats %j as no choice yet, so the banner asks", (value) => {
    expect(parseConsent(value)).toBe("unset");
  });

  it("writes what it reads", () => {
    expect(parseConsent(serialiseConsent(true))).toBe("granted");
    expect(parseConsent(serialiseConsent(false))).toBe("denied");
  });

  it("is kept site-wide for 12 months, Lax, and Secure only over HTTPS", () => {
    expect(CONSENT_MAX_AGE_SECONDS).toBe(31_536_000);
    expect(consentCookie(true, false)).toBe(
      "cookie_consent=v1.analytics-granted; Path=/; Max-Age=31536000; SameSite=Lax",
    );
    expect(consentCookie(false, true)).toBe(
      "cookie_consent=v1.analytics-denied; Path=/; Max-Age=31536000; SameSite=Lax; Secure",
    );
  });
});

describe("removing GA4's cookies on withdrawal", () => {
  it("finds _ga and _ga_<id>, and nothing else", () => {
    const cookies =
      "basket=%7B%7D; _ga=GA1.1.123.456; _ga_TEST1234=GS1.1.789; _gat=1; my_ga=x; cookie_consent=v1.analytics-denied";
    expect(gaCookieNames(cookies)).toEqual(["_ga", "_ga_TEST1234"]);
    expect(gaCookieNames("")).toEqual([]);
  });

  it("tries host-only, the host and each parent domain below the top level", () => {
    expect(cookieDomains("shop.encore.example")).toEqual([
      undefined,
      "shop.encore.example",
      "encore.example",
    ]);
    expect(cookieDomains("www.encore.co.uk")).toEqual([
      undefined,
      "www.encore.co.uk",
      "encore.co.uk",
      "co.uk",
    ]);
    expect(cookieDomains("localhost")).toEqual([undefined, "localhost"]);
  });

  it("has no parent domains for an IP address", () => {
    expect(cookieDomains("127.0.0.1")).toEqual([undefined, "127.0.0.1"]);
    expect(cookieDomains("[::1]")).toEqual([undefined, "[::1]"]);
  });

  it("expires the cookie at once on each of those domains", () => {
    expect(cookieRemovals("_ga", "encore.example")).toEqual([
      "_ga=; Path=/; Max-Age=0",
      "_ga=; Path=/; Max-Age=0; Domain=encore.example",
    ]);
  });
});
