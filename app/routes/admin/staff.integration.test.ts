import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEntries } from "../../../server/audit/schema.ts";
import { makeUser, setCookie } from "../../../server/auth/test-helpers.ts";
import { users } from "../../../server/customers/schema.ts";
import { DEMO_ACCOUNTS } from "../../../server/db/seed/accounts.ts";
import { mailOutbox } from "../../../server/mail/schema.ts";
import { signedInCookie } from "../../../tests/support/accounts.ts";
import { decode } from "../../../tests/support/admin-pages.ts";
import { startTestApp, type TestApp } from "../../../tests/support/app.ts";
import { databaseKinds } from "../../../tests/support/databases.ts";

/** The emails in the staff table's rows, in order. */
const rowEmails = (html: string) => {
  const table = html.slice(html.indexOf("<table"), html.indexOf("</table>"));
  return [...table.matchAll(/<td[^>]*><span class="break-all">([^<]+@[^<]+)<\/span>/g)].map(
    (match) => match[1] ?? "",
  );
};

const INVITE_SUBJECT = /You are invited to run the Encore shop/;

// Issue 14: the staff screens, by HTTP as a browser without JavaScript uses them. Staff see who
// has an account; only admins invite, change and deactivate (the API's `writeAccess: "admin"`).
describe.each(databaseKinds)("the staff screens on %s", (kind) => {
  let app: TestApp;
  let staff: string;
  let admin: string;
  let adminId: number;
  beforeAll(async () => {
    app = await startTestApp(kind);
    [staff, admin] = await Promise.all([
      signedInCookie(app, DEMO_ACCOUNTS.staff, "/api/login-admin"),
      signedInCookie(app, DEMO_ACCOUNTS.admin, "/api/login-admin"),
    ]);
    const [row] = await app.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, DEMO_ACCOUNTS.admin.email));
    adminId = row?.id ?? 0;
  });
  afterAll(() => app.close());

  const page = (path: string, cookie: string) => app.fetch(path, { headers: { Cookie: cookie } });
  const html = async (path: string, cookie = staff) => {
    const response = await page(path, cookie);
    expect(response.status, path).toBe(200);
    return decode(await response.text());
  };
  const post = (path: string, cookie: string, fields: Record<string, string>) =>
    app.fetch(path, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: app.url,
        Cookie: cookie,
      },
      body: new URLSearchParams(fields).toString(),
    });
  const flashOf = (response: Response) =>
    (JSON.parse(setCookie(response, "flash")?.value ?? "[]") as Array<{ body: string }>).map(
      (message) => message.body,
    );
  const newEmail = () => `crew-${randomBytes(4).toString("hex")}@example.com`;
  /** A staff member of the test's own, signed in through the staff door: their row and cookie. */
  const makeStaff = async (role: "staff" | "admin" = "staff") => {
    const { user, password } = await makeUser(app.database.db, { role });
    const cookie = await signedInCookie(app, { email: user.email, password }, "/api/login-admin");
    return { user, cookie };
  };

  it("shows staff who are not admins no staff accounts: no list, no account, no link in the navigation", async () => {
    // The navigation leaves the section out for staff, and shows it to admins.
    const overview = await html("/admin");
    expect(overview).toContain('aria-label="Back office"');
    expect(overview).toContain('href="/admin/bands"');
    expect(overview).not.toContain('href="/admin/staff"');
    expect(await html("/admin", admin)).toContain('href="/admin/staff"');

    // The list, an account's page and its data requests are refused (docs/security.md #3).
    for (const path of [
      "/admin/staff",
      "/admin/staff?role=admin",
      `/admin/staff/${adminId}`,
      "/admin/staff/new",
      "/admin/staff.data",
      `/admin/staff/${adminId}.data`,
    ]) {
      const refused = await page(path, staff);
      expect(refused.status, path).toBe(403);
      const body = decode(await refused.text());
      expect(body, path).not.toContain(DEMO_ACCOUNTS.admin.email);
      expect(body, path).not.toContain(DEMO_ACCOUNTS.admin.name);
    }

    // The invitation and every change are refused to staff, by form.
    const invite = await post("/admin/staff/new", staff, {
      name: "Sneaky",
      email: newEmail(),
      role: "admin",
    });
    expect(invite.status).toBe(403);
    const off = await post(`/admin/staff/${adminId}`, staff, { intent: "deactivate" });
    expect(off.status).toBe(403);
  });

  it("shows admins the list with the invitation and each account's page", async () => {
    const list = await html("/admin/staff", admin);
    expect(list).toContain('href="/admin/staff/new"');
    expect(list).toContain("Invite staff");
    expect(list).toContain(`href="/admin/staff/${adminId}"`);
    // Role and status filters, as the address holds them.
    const admins = rowEmails(await html("/admin/staff?role=admin", admin));
    expect(admins).toContain(DEMO_ACCOUNTS.admin.email);
    expect(admins).not.toContain(DEMO_ACCOUNTS.staff.email);
    const found = rowEmails(await html("/admin/staff?q=staff%40example", admin));
    expect(found).toEqual([DEMO_ACCOUNTS.staff.email]);
    const { user } = await makeStaff();
    await app.database.db
      .update(users)
      .set({ deactivatedAt: new Date() })
      .where(eq(users.id, user.id));
    const deactivated = await html("/admin/staff?status=deactivated&perPage=100", admin);
    expect(rowEmails(deactivated)).toContain(user.email);
    expect(rowEmails(deactivated)).not.toContain(DEMO_ACCOUNTS.admin.email);
    expect(deactivated).toContain("Deactivated");
    const active = rowEmails(await html("/admin/staff?status=active&perPage=100", admin));
    expect(active).not.toContain(user.email);
    const { user: invited } = await makeStaff();
    await app.database.db.update(users).set({ passwordHash: null }).where(eq(users.id, invited.id));
    const waiting = rowEmails(await html("/admin/staff?status=invited&perPage=100", admin));
    expect(waiting).toContain(invited.email);
    expect(waiting).not.toContain(user.email);
    const wrong = await html("/admin/staff?status=retired", admin);
    expect(wrong).toContain("Choose active, invited or deactivated.");
    // A NUL in the search is refused as the API refuses it, never handed to PostgreSQL.
    const controlled = await html("/admin/staff?q=a%00b", admin);
    expect(controlled).toContain("q: Remove the control characters from this text.");
  });

  it("invites by a form posted without JavaScript: 303 to their page with a message, and a mail", async () => {
    const email = newEmail();
    const response = await post("/admin/staff/new", admin, {
      name: "Robin Picker",
      email,
      role: "staff",
    });
    expect(response.status).toBe(303);
    expect(flashOf(response)).toEqual([
      "Invited Robin Picker. They have been emailed a link to choose their password.",
    ]);
    const [invited] = await app.database.db.select().from(users).where(eq(users.email, email));
    // Issue 30: on the new account's own page, not the list's first page.
    expect(response.headers.get("location")).toBe(`/admin/staff/${invited?.id}`);
    expect(invited).toMatchObject({ name: "Robin Picker", role: "staff", passwordHash: null });
    const outbox = await app.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, email));
    expect(outbox.map((mail) => mail.kind)).toEqual(["staff-invite"]);
    await app.server.flushMail();
    const mail = await app.mailbox.waitFor(email, INVITE_SUBJECT);
    expect(mail.text).toContain(`${DEMO_ACCOUNTS.admin.email} has given you a back-office account`);

    // The list shows them as invited.
    const list = await html(`/admin/staff?q=${encodeURIComponent(email)}`, admin);
    expect(rowEmails(list)).toEqual([email]);
    expect(list).toContain(">Invited<");

    // The same address again: the error beside the field, what was typed kept.
    const again = await post("/admin/staff/new", admin, { name: "Twice", email, role: "admin" });
    expect(again.status).toBe(422);
    const text = decode(await again.text());
    expect(text).toContain("This email address already has an account.");
    expect(text).toContain('value="Twice"');
    const blank = await post("/admin/staff/new", admin, { name: "", email: "nope", role: "" });
    expect(blank.status).toBe(422);
    const blankText = decode(await blank.text());
    expect(blankText).toContain("Enter their name.");
    expect(blankText).toContain("Choose staff or admin.");
  });

  it("an invitation opens the back office's page, and setting the password signs in as staff at /admin (issue 30)", async () => {
    const email = newEmail();
    const invited = await post("/admin/staff/new", admin, {
      name: "Ash Loader",
      email,
      role: "staff",
    });
    expect(invited.status).toBe(303);
    await app.server.flushMail();
    const mail = await app.mailbox.waitFor(email, INVITE_SUBJECT);
    const link = mail.text.match(/https?:\/\/\S+\/admin\/invitation\?token=[A-Za-z0-9_-]{43}/)?.[0];
    expect(link, mail.text).toBeTruthy();
    expect(mail.text).not.toContain("/reset-password");
    const path = new URL(link ?? "").pathname + new URL(link ?? "").search;

    // A staff page: the back office's heading, no customer navigation; opening it changes nothing.
    const opened = await app.fetch(path);
    expect(opened.status).toBe(200);
    expect(opened.headers.get("referrer-policy")).toBe("no-referrer");
    const openedHtml = decode(await opened.text());
    expect(openedHtml).toContain("Join the back office");
    expect(openedHtml).not.toContain("Choose a new password");
    expect(openedHtml).not.toContain('href="/customer/dashboard"');
    expect(openedHtml).toMatch(/<input[^>]*name="password"/);
    const [before] = await app.database.db.select().from(users).where(eq(users.email, email));
    expect(before?.passwordHash).toBeNull();

    // A password refused by the policy: the error beside the field, nothing changed.
    const weak = await post(path, "", {
      token: new URL(link ?? "").searchParams.get("token") ?? "",
      password: "short",
    });
    expect(weak.status).toBe(422);
    const [still] = await app.database.db.select().from(users).where(eq(users.email, email));
    expect(still?.passwordHash).toBeNull();

    const chosen = "pallet-lantern-harbour-77";
    const set = await post(path, "", {
      token: new URL(link ?? "").searchParams.get("token") ?? "",
      password: chosen,
    });
    expect(set.status).toBe(302);
    expect(set.headers.get("location")).toBe("/admin");
    const token = setCookie(set, "token")?.value;
    expect(token).toBeTruthy();
    expect(flashOf(set)).toEqual([
      "Your password is set and you are signed in to the back office. Welcome to Encore.",
    ]);
    // Signed in as staff: the back office opens with that cookie, the message shown there.
    const home = await app.fetch("/admin", {
      headers: {
        Cookie: `token=${token}; flash=${encodeURIComponent(setCookie(set, "flash")?.value ?? "")}`,
      },
    });
    expect(home.status).toBe(200);
    const homeHtml = decode(await home.text());
    expect(homeHtml).toContain('aria-label="Back office"');
    expect(homeHtml).toContain("Welcome to Encore.");
    const me = await app.fetch("/api/user", { headers: { Cookie: `token=${token}` } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { data: { email: string } }).data.email).toBe(email);

    // The link works once.
    const again = await app.fetch(path);
    expect(decode(await again.text())).toContain("This link has expired or has already been used.");
  });

  it("a customer's reset link still opens the shop's page, and the invitation page refuses it", async () => {
    const { user } = await makeUser(app.database.db);
    const asked = await app.fetch("/api/password/forgot", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: user.email }),
    });
    expect(asked.status).toBeLessThan(300);
    await app.server.flushMail();
    const mail = await app.mailbox.waitFor(user.email, /Reset your Encore password/);
    const token = mail.text.match(/\/reset-password\?token=([A-Za-z0-9_-]{43})/)?.[1];
    expect(token).toBeTruthy();
    expect(decode(await (await app.fetch(`/reset-password?token=${token}`)).text())).toContain(
      "Choose a new password",
    );
    const staffPage = decode(await (await app.fetch(`/admin/invitation?token=${token}`)).text());
    expect(staffPage).toContain("This link has expired or has already been used.");
    const refused = await post("/admin/invitation", "", {
      token: token ?? "",
      password: "pallet-lantern-harbour-78",
    });
    expect(refused.status).toBe(422);
    const [row] = await app.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.passwordHash).toBe(user.passwordHash);
  });

  it("renames and changes a role from the edit form, with an audit entry", async () => {
    const { user } = await makeStaff();
    const edit = await html(`/admin/staff/${user.id}`, admin);
    const updatedAt = edit.match(/name="updatedAt" value="([^"]+)"/)?.[1] ?? "";
    expect(updatedAt).not.toBe("");
    const saved = await post(`/admin/staff/${user.id}`, admin, {
      name: "Sam Stagehand",
      role: "admin",
      updatedAt,
    });
    expect(saved.status).toBe(303);
    expect(flashOf(saved)).toEqual(["Saved Sam Stagehand."]);
    const [row] = await app.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ name: "Sam Stagehand", role: "admin" });
    const audit = await app.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.resource, "staff"), eq(auditEntries.resourceId, String(user.id))));
    expect(audit.map((entry) => entry.action)).toContain("update");
    // The form opened before that save is stale now.
    const stale = await post(`/admin/staff/${user.id}`, admin, {
      name: "Late Save",
      role: "staff",
      updatedAt,
    });
    expect(stale.status).toBe(409);
    expect(decode(await stale.text())).toContain("Someone else saved");
  });

  it("deactivates after asking: that account's token stops, its next page is the staff sign-in", async () => {
    const { user, cookie } = await makeStaff();
    expect((await page("/admin", cookie)).status).toBe(200);

    // Without JavaScript the first post asks, and changes nothing.
    const ask = await post(`/admin/staff/${user.id}`, admin, { intent: "confirm-deactivate" });
    expect(ask.status).toBe(200);
    const question = decode(await ask.text());
    expect(question).toContain(`Deactivate ${user.name}?`);
    expect(question).toMatch(/role="alertdialog"/);
    expect((await page("/admin", cookie)).status).toBe(200);

    const off = await post(`/admin/staff/${user.id}`, admin, { intent: "deactivate" });
    expect(off.status).toBe(303);
    expect(off.headers.get("location")).toBe(`/admin/staff/${user.id}`);
    expect(flashOf(off)).toEqual([
      `Deactivated ${user.name}. They were signed out everywhere and cannot sign in.`,
    ]);
    const next = await page("/admin/bands", cookie);
    expect(next.status).toBe(302);
    expect(next.headers.get("location")).toBe("/admin/login?redirect=%2Fadmin%2Fbands");
    const shown = await html(`/admin/staff/${user.id}`, admin);
    expect(shown).toContain("Reactivate account");
    expect(shown).toContain(">Deactivated<");

    const on = await post(`/admin/staff/${user.id}`, admin, { intent: "reactivate" });
    expect(on.status).toBe(303);
    expect(flashOf(on)).toEqual([`Reactivated ${user.name}. They can sign in again.`]);
    const [row] = await app.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.deactivatedAt).toBeNull();
  });

  it("hides your own role and deactivation, and shows the server's 409 when they are forced", async () => {
    const self = await html(`/admin/staff/${adminId}`, admin);
    expect(self).toContain("You cannot deactivate your own account or change your own role.");
    expect(self).not.toContain("Deactivate account");
    expect(self).not.toContain('name="role"');

    const forced = await post(`/admin/staff/${adminId}`, admin, { intent: "deactivate" });
    expect(forced.status).toBe(409);
    expect(decode(await forced.text())).toContain(
      "You cannot deactivate your own account or change your own role. Ask another admin.",
    );
    const demoted = await post(`/admin/staff/${adminId}`, admin, {
      name: "Demo Admin",
      role: "staff",
    });
    expect(demoted.status).toBe(409);
    const [row] = await app.database.db.select().from(users).where(eq(users.id, adminId));
    expect(row).toMatchObject({ role: "admin", deactivatedAt: null });
    // Still signed in.
    expect((await page("/admin/staff", admin)).status).toBe(200);
  });
});
