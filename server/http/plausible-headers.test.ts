import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../tests/support/app.ts";

/** The sources of one directive of a response's Content-Security-Policy. */
function sources(response: Response, directive: string): string[] {
  const policy = response.headers.get("content-security-policy") ?? "";
  const found = policy.split("; ").find((entry) => entry.startsWith(`${directive} `));
  return found?.split(" ").slice(1) ?? [];
}

// Issue 18: the browser posts Plausible's events itself, so the policy must let it, only then.
describe("Plausible in the page's policy and settings", () => {
  describe("configured", () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp("pglite", {
        env: {
          PLAUSIBLE_DOMAIN: "shop.example.co.uk",
          PLAUSIBLE_URL: "https://stats.example.co.uk/plausible/",
        },
      });
    });
    afterAll(() => app.close());

    it("lets pages and answers connect to the instance's origin, and loads no script of it", async () => {
      for (const path of ["/", "/products", "/api/health"]) {
        const response = await app.fetch(path);
        expect(sources(response, "connect-src"), path).toEqual([
          "'self'",
          "https://stats.example.co.uk",
        ]);
        expect(sources(response, "script-src").join(" "), path).not.toContain("stats.example");
      }
    });

    it("tells the browser the site and where to send, in the page itself (no extra request)", async () => {
      const html = await (await app.fetch("/")).text();
      expect(html).toContain("shop.example.co.uk");
      expect(html).toContain("https://stats.example.co.uk/plausible");
    });
  });

  describe("not configured", () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp("pglite");
    });
    afterAll(() => app.close());

    it("connects to nothing but the shop itself, and names no instance", async () => {
      const response = await app.fetch("/");
      expect(sources(response, "connect-src")).toEqual(["'self'"]);
      expect(await response.text()).not.toContain("plausible.io");
    });
  });
});
