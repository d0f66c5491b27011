import { describe, expect, it } from "vitest";
import { openSession } from "./support/browser.ts";
import { shopUnderTest } from "./support/shop.ts";

const shop = shopUnderTest();

// Scalar's bundled zod asks once whether `new Function` runs (to compile its validators), takes
// the CSP's refusal and validates without it: the one report, and no 'unsafe-eval' needed.
const ZOD_EVAL_PROBE = "script-src eval";

describe("the API reference page at /api/docs", () => {
  it("answers HTML under the shop's CSP, its inline script allowed by a nonce alone", async () => {
    const response = await shop.app.fetch("/api/docs");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/html/);
    const policy = response.headers.get("Content-Security-Policy") ?? "";
    const scripts = policy.split("; ").find((directive) => directive.startsWith("script-src"));
    expect(scripts).toMatch(/^script-src 'self' 'nonce-[\w+/=]{24}'$/);
    const nonce = scripts?.match(/'nonce-([^']+)'/)?.[1];
    const html = await response.text();
    expect(html).toContain("<title>Encore API</title>");
    expect(html).toContain(`<script nonce="${nonce}">`);
    // The bundle is the shop's own asset, kept for good: no CDN.
    const script = html.match(/<script src="(\/assets\/scalar-[0-9a-f]+\.js)">/)?.[1];
    expect(script).toBeDefined();
    const bundle = await shop.app.fetch(`${script}`, { method: "HEAD" });
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get("Cache-Control")).toContain("immutable");
  });

  it("shows the routes by tag in Chromium, breaking no CSP rule and logging no error", async () => {
    const session = await openSession(shop.browser, shop.app.url);
    const { page } = session;
    const violations: string[] = [];
    await page.exposeFunction("reportViolation", (violation: string) => violations.push(violation));
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        const report = (window as unknown as { reportViolation(text: string): void })
          .reportViolation;
        report(`${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    const external: string[] = [];
    page.on("request", (request) => {
      if (!request.url().startsWith(shop.app.url)) external.push(request.url());
    });
    await page.goto("/api/docs");
    await expect.poll(() => page.title()).toBe("Encore API");
    for (const tag of ["catalogue", "basket", "checkout", "accounts", "orders"]) {
      await page.getByText(tag, { exact: true }).first().waitFor();
    }
    // A tag's group opens on a click, naming its routes by summary.
    // The reference renders the whole document in the browser: on two busy cores a click waits
    // on its navigation for well over the default 30 s (two CI runs), on an idle one 13 s in all.
    await page.getByText("catalogue", { exact: true }).first().click({ timeout: 90_000 });
    await page.getByText("Products, filtered, searched, sorted and paginated").first().waitFor();
    expect(violations.filter((violation) => violation !== ZOD_EVAL_PROBE)).toEqual([]);
    expect(external).toEqual([]);
    await session.expectNoErrors();
    await session.close();
  }, 180_000);
});
