import { describe, expect, it } from "vitest";
import { gotoHydrated, openSession } from "./support/browser.ts";
import { shopUnderTest } from "./support/shop.ts";

const shop = shopUnderTest();

type Violation = { directive: string; blocked: string; sample: string };
type Watched = Window & { cspViolations?: Violation[] };

const pages = ["/", "/products", "/products/mothwing-cathedral-logo-longsleeve", "/bands"];

/**
 * A visitor's page, hydrated, with every Content-Security-Policy violation it reported (the
 * `securitypolicyviolation` events, listened to before the page's own scripts run) and the policy
 * it was served with.
 */
async function visit(path: string) {
  const session = await openSession(shop.browser, shop.app.url);
  await session.page.addInitScript(() => {
    const watched = window as Watched;
    watched.cspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) => {
      watched.cspViolations?.push({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        sample: event.sample,
      });
    });
  });
  const served = session.page.waitForResponse(
    (response) => new URL(response.url()).pathname === path.split("?")[0],
  );
  await gotoHydrated(session.page, path);
  const policy = (await (await served).allHeaders())["content-security-policy"] ?? "";
  const violations = await session.page.evaluate(() => (window as Watched).cspViolations ?? []);
  const nonces = await session.page.evaluate(() => document.querySelectorAll("[nonce]").length);
  return { session, policy, violations, nonces };
}

// docs/security.md #27, docs/decisions/0035: a page kept for many visitors carries no nonce; its
// policy allows its inline scripts by their hashes. The page must still run them all: the
// loader, the module it runs from the text the page keeps, React Router's context and data.
describe("the policy of kept pages in the browser", () => {
  it.each(pages)(
    "hydrates %s for a second visitor with the policy enforced and nothing refused",
    async (path) => {
      // The first visitor's render is kept; the second is answered from memory.
      const first = await visit(path);
      await first.session.close();
      const answered = shop.app.server.answeredFromMemory();
      const second = await visit(path);
      expect(shop.app.server.answeredFromMemory()).toBeGreaterThan(answered);
      for (const { policy, violations, nonces } of [first, second]) {
        expect(policy).toMatch(/script-src 'self'( 'sha256-[^']+')+;/);
        expect(policy).not.toContain("'nonce-");
        expect(nonces).toBe(0);
        expect(violations).toEqual([]);
      }
      // Hydrated: a link opens its page in the client, and that page reports nothing either.
      const { page } = second.session;
      await page
        .getByRole("navigation", { name: "Main" })
        .getByRole("link", { name: "Bands" })
        .click();
      await page.waitForURL("**/bands");
      await page.getByRole("heading", { level: 1 }).waitFor();
      expect(await page.evaluate(() => (window as Watched).cspViolations ?? [])).toEqual([]);
      // Chromium also reports a refused script on the console: none here.
      await second.session.expectNoErrors();
      await second.session.close();
    },
  );
});
