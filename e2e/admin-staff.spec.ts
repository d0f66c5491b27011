import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { makeUser } from "../server/auth/test-helpers.ts";
import { users } from "../server/customers/schema.ts";
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

/** A browser session signed in through the staff door as `who`. */
async function staffSession(who: "staff" | "admin"): Promise<Session> {
  const session = await openSession(shop.browser, shop.app.url);
  const cookie = await signedInCookie(shop.app, DEMO_ACCOUNTS[who], "/api/login-admin");
  const [name, value] = cookie.split("=") as [string, string];
  await session.context.addCookies([
    { name, value, domain: new URL(shop.app.url).hostname, path: "/", httpOnly: true },
  ]);
  return session;
}

/** Opens a back-office page and waits until React has hydrated it (its handlers are live). */
async function gotoLive(page: Page, path: string) {
  await page.goto(path);
  await page.waitForFunction(() => {
    const main = document.getElementById("main");
    return Boolean(main && Object.keys(main).some((key) => key.startsWith("__reactFiber")));
  });
}

describe("the staff screens in Chromium", () => {
  it("an admin invites someone, then deactivates an account after confirming in the dialog", async () => {
    const session = await staffSession("admin");
    const { page } = session;
    await gotoLive(page, "/admin/staff");
    await page.getByRole("link", { name: "Invite staff" }).click();
    await page.getByRole("heading", { level: 1, name: "Invite staff" }).waitFor();
    await page.getByLabel("Name").fill("Robin Picker");
    await page.getByLabel("Email").fill("robin.picker@example.com");
    await page.getByLabel(/^Admin/).check();
    await page.getByRole("button", { name: "Send invitation" }).click();
    await page.waitForURL(/\/admin\/staff$/);
    await page
      .getByText("Invited Robin Picker. They have been emailed a link to choose their password.")
      .first()
      .waitFor();
    const row = page.getByRole("row").filter({ hasText: "robin.picker@example.com" });
    await row.getByText("Invited").waitFor();
    await row.getByText("Admin").waitFor();

    const { user } = await makeUser(shop.app.database.db, { role: "staff" });
    await gotoLive(page, `/admin/staff/${user.id}`);
    await page.getByRole("button", { name: "Deactivate account" }).click();
    const dialog = page.getByRole("alertdialog", { name: `Deactivate ${user.name}?` });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Deactivate account" }).click();
    await page.getByText(`Deactivated ${user.name}.`).first().waitFor();
    await page.getByRole("button", { name: "Reactivate account" }).waitFor();
    const [after] = await shop.app.database.db.select().from(users).where(eq(users.id, user.id));
    expect(after?.deactivatedAt).not.toBeNull();

    // Your own account offers neither a role nor a deactivation.
    const [me] = await shop.app.database.db
      .select()
      .from(users)
      .where(eq(users.email, DEMO_ACCOUNTS.admin.email));
    await gotoLive(page, `/admin/staff/${me?.id}`);
    await page
      .getByText("You cannot deactivate your own account or change your own role.")
      .waitFor();
    expect(await page.getByRole("button", { name: "Deactivate account" }).count()).toBe(0);
    expect(await page.getByRole("radio").count()).toBe(0);
    await session.expectNoErrors();
    await session.close();
  });

  it("the list, the invitation and the account pages have no axe violations", async () => {
    const { user } = await makeUser(shop.app.database.db, { role: "staff" });
    for (const [who, paths] of [
      [
        "admin",
        [
          "/admin/staff",
          "/admin/staff?role=admin&status=active",
          "/admin/staff/new",
          `/admin/staff/${user.id}`,
        ],
      ],
      ["staff", ["/admin/staff", `/admin/staff/${user.id}`]],
    ] as const) {
      const session = await staffSession(who);
      for (const path of paths) {
        await gotoLive(session.page, path);
        await session.page.waitForLoadState("networkidle");
        expect(await violations(session.page), `${who} ${path}`).toEqual([]);
      }
      await session.expectNoErrors();
      await session.close();
    }
  });
});
