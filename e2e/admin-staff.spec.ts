import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { makeUser } from "../server/auth/test-helpers.ts";
import { users } from "../server/customers/schema.ts";
import { DEMO_ACCOUNTS } from "../server/db/seed/accounts.ts";
import { gotoLive, staffSession, violations } from "./support/admin.ts";
import { shopUnderTest } from "./support/shop.ts";

const shop = shopUnderTest();

describe("the staff screens in Chromium", () => {
  it("an admin invites someone, then deactivates an account after confirming in the dialog", async () => {
    const session = await staffSession(shop, "admin");
    const { page } = session;
    await gotoLive(page, "/admin/staff");
    await page.getByRole("link", { name: "Invite staff" }).click();
    await page.getByRole("heading", { level: 1, name: "Invite staff" }).waitFor();
    await page.getByLabel("Name").fill("Robin Picker");
    await page.getByLabel("Email").fill("robin.picker@example.com");
    await page.getByLabel(/^Admin/).check();
    await page.getByRole("button", { name: "Send invitation" }).click();
    // Issue 30: the invitation lands on the new account's page.
    await page.waitForURL(/\/admin\/staff\/\d+$/);
    await page
      .getByText("Invited Robin Picker. They have been emailed a link to choose their password.")
      .first()
      .waitFor();
    await gotoLive(page, "/admin/staff");
    const row = page.getByRole("row").filter({ hasText: "robin.picker@example.com" });
    await row.getByText("Invited").waitFor();
    await row.getByText("Admin").waitFor();

    const { user } = await makeUser(shop.app.database.db, { role: "staff" });
    await gotoLive(page, `/admin/staff/${user.id}`);
    await page.getByRole("button", { name: "Deactivate account" }).click();
    const dialog = page.getByRole("alertdialog", {
      name: `Deactivate ${user.name}?`,
    });
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
    const session = await staffSession(shop, "admin");
    for (const path of [
      "/admin/staff",
      "/admin/staff?role=admin&status=active",
      "/admin/staff/new",
      `/admin/staff/${user.id}`,
    ]) {
      await gotoLive(session.page, path);
      expect(await violations(session.page), `admin ${path}`).toEqual([]);
    }
    await session.expectNoErrors();
    await session.close();
  });

  it("signs staff out to their sign-in page, which says so once", async () => {
    const session = await staffSession(shop, "staff");
    const { page } = session;
    await gotoLive(page, "/admin");
    const logoutCall = page.waitForRequest((request) => request.url().endsWith("/api/logout"));
    await page.getByRole("button", { name: "Sign out" }).click();
    await logoutCall;
    await page.getByRole("status").filter({ hasText: "You have signed out." }).waitFor();
    await page.getByRole("heading", { name: "Staff sign in" }).waitFor();
    // Said once: the mark leaves the address, so a reload shows the plain sign-in.
    await page.waitForURL((url) => url.pathname === "/admin/login" && url.search === "");
    await page.reload();
    await page.getByRole("heading", { name: "Staff sign in" }).waitFor();
    expect(await page.getByText("You have signed out.").count()).toBe(0);
    expect(await violations(page)).toEqual([]);
    await session.expectNoErrors();
    await session.close();
  });

  it("shows staff who are not admins no Staff section, and a refusal they can read at its address", async () => {
    const { user } = await makeUser(shop.app.database.db, { role: "staff" });
    const session = await staffSession(shop, "staff");
    const { page } = session;
    await gotoLive(page, "/admin");
    const nav = page.getByRole("navigation", { name: "Back office" });
    await nav.getByRole("link", { name: "Bands" }).waitFor();
    expect(await nav.getByRole("link", { name: "Staff" }).count()).toBe(0);
    for (const path of ["/admin/staff", `/admin/staff/${user.id}`]) {
      const answer = await page.goto(path);
      expect(answer?.status(), path).toBe(403);
      await page.getByText("Your account is not allowed to see this.").first().waitFor();
      expect(await page.getByText(user.email).count(), path).toBe(0);
      expect(await violations(page), `staff ${path}`).toEqual([]);
    }
    await session.expectNoErrors([/status of 403/]);
    await session.close();
  });
});
