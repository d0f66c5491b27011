import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../server/db/seed/accounts.ts";
import { signedInCookie } from "../tests/support/accounts.ts";
import { openSession, type Session } from "./support/browser.ts";
import { shopUnderTest } from "./support/shop.ts";

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);

const shop = shopUnderTest();

type Violation = { id: string; impact: string; help: string; nodes: Array<{ target: string[] }> };

/** axe-core's WCAG 2.2 A and AA rules on the page as it stands: each violation, briefly. */
async function violations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol: the shop's CSP rightly refuses an injected script tag.
  await page.evaluate(axeSource);
  const found = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run(context: Document, options: object): Promise<{ violations: unknown[] }> };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
    });
    return result.violations;
  });
  return (found as Violation[]).map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(" "))
        .join(", ")}`,
  );
}

async function signIn(session: Session, door: "/api/login-user" | "/api/login-admin") {
  const account = door === "/api/login-user" ? DEMO_ACCOUNTS.customer : DEMO_ACCOUNTS.staff;
  const [name, value] = (await signedInCookie(shop.app, account, door)).split("=") as [
    string,
    string,
  ];
  await session.context.addCookies([
    { name, value, domain: new URL(shop.app.url).hostname, path: "/", httpOnly: true },
  ]);
}

describe("accessibility (WCAG 2.2 AA, axe-core) in Chromium", () => {
  it.each([
    "/",
    "/products",
    "/bands",
    "/blogs",
    "/blogs/news/pylon-hymns-announce-the-northern-grid-tour-2026",
    "/legal/cookie-policy",
    "/help/contact",
    "/help/sizing-guide",
    "/company/careers",
    "/login",
    "/register",
    "/forgot-password",
    "/admin/login",
  ])("%s has no violations", async (path) => {
    const session = await openSession(shop.browser, shop.app.url);
    await session.page.goto(path);
    await session.page.waitForLoadState("networkidle");
    expect(await violations(session.page)).toEqual([]);
    await session.close();
  });

  it("the product page, the customer dashboard and the back office have no violations", async () => {
    const shopper = await openSession(shop.browser, shop.app.url);
    await shopper.page.goto("/products");
    const product = await shopper.page
      .locator('a[href^="/products/"]')
      .first()
      .getAttribute("href");
    await shopper.page.goto(product ?? "/");
    await shopper.page.waitForLoadState("networkidle");
    expect(await violations(shopper.page)).toEqual([]);
    await signIn(shopper, "/api/login-user");
    await shopper.page.goto("/customer/dashboard");
    await shopper.page.waitForLoadState("networkidle");
    expect(await violations(shopper.page)).toEqual([]);
    await shopper.close();

    const staff = await openSession(shop.browser, shop.app.url);
    await signIn(staff, "/api/login-admin");
    for (const path of ["/admin", "/admin/outbox"]) {
      await staff.page.goto(path);
      await staff.page.waitForLoadState("networkidle");
      expect(await violations(staff.page)).toEqual([]);
    }
    await staff.close();
  });
});
