import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { StaffMember } from "../../common/staff.ts";
import { signedInCookie } from "../../tests/support/accounts.ts";
import { startTestApp, type TestApp } from "../../tests/support/app.ts";
import { databaseKinds } from "../../tests/support/databases.ts";
import { auditEntries } from "../audit/schema.ts";
import { DEMO_ACCOUNTS } from "../db/seed/accounts.ts";
import { rateLimitHits } from "../platform/schema.ts";
import { makeUser } from "./test-helpers.ts";

type Answer<T> = { data: T; message?: string; errors?: Record<string, string[]> };
const read = async <T>(response: Response) => (await response.json()) as Answer<T>;
const INVITE_SUBJECT = /You are invited to run the Encore shop/;

// Issue 14: only admins manage staff accounts: invite by mailed link, change roles, deactivate
// (every token stops at once), never delete.
describe.each(databaseKinds)("staff accounts on %s", (kind) => {
  let app: TestApp;
  let admin: Record<string, string>;
  let staff: Record<string, string>;
  const bearer = (cookie: string) => ({ Authorization: `Bearer ${cookie.slice("token=".length)}` });
  beforeAll(async () => {
    app = await startTestApp(kind);
    admin = bearer(await signedInCookie(app, DEMO_ACCOUNTS.admin, "/api/login-admin"));
    staff = bearer(await signedInCookie(app, DEMO_ACCOUNTS.staff, "/api/login-admin"));
  });
  afterAll(() => app.close());
  beforeEach(async () => {
    await app.database.db.delete(rateLimitHits);
  });

  const call = (path: string, who: Record<string, string>, body?: unknown) =>
    app.fetch(`/api/staff/staff${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { "Content-Type": "application/json", ...who },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const newEmail = () => `staff-${randomBytes(4).toString("hex")}@example.com`;
  const signIn = (email: string, password: string) =>
    app.fetch("/api/login-admin", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email, password }),
    });
  /** A staff member of the test's own, signed in: their id and bearer header. */
  const makeStaff = async (role: "staff" | "admin" = "staff") => {
    const { user, password } = await makeUser(app.database.db, { role });
    const who = bearer(
      await signedInCookie(app, { email: user.email, password }, "/api/login-admin"),
    );
    return { user, password, who };
  };

  it("lists and shows staff accounts to admins only; only admins invite and change them", async () => {
    const list = await read<StaffMember[]>(await call("?sort=name", admin));
    const emails = list.data.map((member) => member.email);
    expect(emails).toEqual(
      expect.arrayContaining([DEMO_ACCOUNTS.staff.email, DEMO_ACCOUNTS.admin.email]),
    );
    expect(emails).not.toContain(DEMO_ACCOUNTS.customer.email);
    const adminId = list.data.find((member) => member.email === DEMO_ACCOUNTS.admin.email)?.id;
    expect((await call(`/edit/${adminId}`, admin)).status).toBe(200);

    // Staff who are not admins see neither the list nor any account in it (docs/security.md #3).
    for (const path of ["", "?sort=name", "?role=admin", `/edit/${adminId}`]) {
      const refused = await call(path, staff);
      expect(refused.status, path).toBe(403);
      expect(JSON.stringify(await refused.json())).not.toContain(DEMO_ACCOUNTS.admin.email);
    }
    const invite = { name: "Nope", email: newEmail(), role: "staff" };
    expect((await call("/store", staff, invite)).status).toBe(403);
    const customer = bearer(await signedInCookie(app));
    expect((await call("", customer)).status).toBe(403);
    expect((await call("", {})).status).toBe(401);
  });

  it("invites by a mailed link; the invited person chooses a password and signs in", async () => {
    const email = newEmail();
    const response = await call("/store", admin, { name: "Robin Picker", email, role: "staff" });
    expect(response.status).toBe(201);
    const { data: member } = await read<StaffMember>(response);
    expect(member).toMatchObject({ email, role: "staff", active: true, invited: true });
    const emailsWith = async (status: string) =>
      (await read<StaffMember[]>(await call(`?status=${status}&perPage=100`, admin))).data.map(
        (each) => each.email,
      );
    expect(await emailsWith("invited")).toContain(email);
    expect(await emailsWith("active")).not.toContain(email);

    await app.server.flushMail();
    const mail = await app.mailbox.waitFor(email, INVITE_SUBJECT);
    expect(mail.text).toContain(`${DEMO_ACCOUNTS.admin.email} has given you a back-office account`);
    expect(mail.text).toContain("for 72 hours");
    const token = mail.text.match(/\/admin\/invitation\?token=([A-Za-z0-9_-]{43})/)?.[1];
    expect(token).toBeTruthy();
    const chosen = "pallet-lantern-harbour-31";
    const reset = await app.fetch("/api/password/reset", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token, password: chosen }),
    });
    expect(reset.status).toBeLessThan(300);
    expect((await signIn(email, chosen)).status).toBe(200);
    expect(await emailsWith("active")).toContain(email);
    expect(await emailsWith("invited")).not.toContain(email);
    expect((await read<StaffMember>(await call(`/edit/${member.id}`, admin))).data.invited).toBe(
      false,
    );

    const [entry] = await app.database.db
      .select()
      .from(auditEntries)
      .where(
        and(eq(auditEntries.resource, "staff"), eq(auditEntries.resourceId, String(member.id))),
      );
    expect(entry).toMatchObject({ action: "create", actorEmail: DEMO_ACCOUNTS.admin.email });

    const again = await call("/store", admin, { name: "Twice", email, role: "staff" });
    expect(again.status).toBe(422);
    expect(Object.keys((await read(again)).errors ?? {})).toEqual(["email"]);
    const bad = await call("/store", admin, { name: "", email: "nope", role: "owner", x: 1 });
    expect(bad.status).toBe(422);
  });

  it("stops a deactivated account's tokens at once and refuses its sign-in until reactivated", async () => {
    const { user, password, who } = await makeStaff();
    const me = () => app.fetch("/api/user", { headers: who });
    expect((await me()).status).toBe(200);
    const off = await call("/update", admin, { id: user.id, active: false });
    expect(off.status).toBe(200);
    expect((await read<StaffMember>(off)).data.active).toBe(false);
    expect((await me()).status).toBe(401);
    expect((await signIn(user.email, password)).status).toBe(422);

    expect((await call("/update", admin, { id: user.id, active: true })).status).toBe(200);
    expect((await signIn(user.email, password)).status).toBe(200);
    const entries = await app.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.resource, "staff"), eq(auditEntries.resourceId, String(user.id))));
    expect(entries.map((entry) => entry.after)).toEqual([{ active: false }, { active: true }]);
  });

  it("lets nobody demote or switch off themselves, so an active admin always remains", async () => {
    const second = await makeStaff("admin");
    for (const change of [{ role: "staff" }, { active: false }]) {
      const self = await call("/update", second.who, { id: second.user.id, ...change });
      expect(self.status).toBe(409);
      expect((await read(self)).message).toMatch(/your own/);
    }
    // Renaming yourself is fine; another admin may demote you.
    expect(
      (await call("/update", second.who, { id: second.user.id, name: "New Name" })).status,
    ).toBe(200);
    expect((await call("/update", admin, { id: second.user.id, role: "staff" })).status).toBe(200);
  });

  it("never deletes a staff account: deactivation keeps the audit log's names", async () => {
    const { user } = await makeStaff();
    const response = await call("/destroy", admin, { id: user.id });
    expect(response.status).toBe(409);
    expect((await read(response)).message).toMatch(/deactivated, not deleted/);
    expect((await call(`/edit/${user.id}`, admin)).status).toBe(200);
  });
});
