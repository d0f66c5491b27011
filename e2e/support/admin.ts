// Browser-test support for the back office and accessibility checks: axe on a page, a session
// signed in through the staff door, and a page opened once React has hydrated it.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { DEMO_ACCOUNTS } from "../../server/db/seed/accounts.ts";
import { signedInToken } from "../../tests/support/accounts.ts";
import { openSession, type Session } from "./browser.ts";
import type { Shop } from "./shop.ts";

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);

type Violation = { id: string; impact: string; help: string; nodes: Array<{ target: string[] }> };

/**
 * axe-core's WCAG 2.2 A and AA rules on the page as it stands, and any of its other rules named in
 * `alsoRules` (best practices such as `region`: all content inside landmarks): each violation,
 * briefly.
 */
export async function violations(page: Page, alsoRules: string[] = []): Promise<string[]> {
  // Evaluated through the DevTools protocol: the shop's CSP rightly refuses an injected script tag.
  await page.evaluate(axeSource);
  const found = await page.evaluate(async (extra) => {
    const axe = (
      window as unknown as {
        axe: { run(context: Document, options: object): Promise<{ violations: unknown[] }> };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
      rules: Object.fromEntries(extra.map((rule) => [rule, { enabled: true }])),
    });
    return result.violations;
  }, alsoRules);
  return (found as Violation[]).map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(" "))
        .join(", ")}`,
  );
}

/** Gives `session` the token cookie of `account`, signed in through `door`. */
export async function signInAs(
  shop: Shop,
  session: Session,
  account: { email: string; password: string },
  door: "/api/login-user" | "/api/login-admin",
): Promise<void> {
  const value = await signedInToken(shop.app, account, door);
  await session.context.addCookies([
    { name: "token", value, domain: new URL(shop.app.url).hostname, path: "/", httpOnly: true },
  ]);
}

/** A browser session signed in through the staff door as the demo `who`. */
export async function staffSession(shop: Shop, who: "staff" | "admin" = "staff"): Promise<Session> {
  const session = await openSession(shop.browser, shop.app.url);
  await signInAs(shop, session, DEMO_ACCOUNTS[who], "/api/login-admin");
  return session;
}

// Opening a back-office page once it is live: the same waits as any page without the start-up.
export { gotoLive, hydrated } from "./browser.ts";

/** Waits until every dashboard chart on the page is drawn (recharts comes in a chunk of its own). */
export const chartsDrawn = (page: Page) =>
  page.waitForFunction(() =>
    [...document.querySelectorAll("[data-chart]")].every((chart) => chart.querySelector("svg")),
  );
