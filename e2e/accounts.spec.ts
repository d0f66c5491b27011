import { describe, expect, it } from "vitest";
import { makeUser } from "../server/auth/test-helpers.ts";
import { DEMO_ACCOUNTS } from "../server/db/seed/accounts.ts";
import { rateLimitHits } from "../server/platform/schema.ts";
import { signedInCookie } from "../tests/support/accounts.ts";
import {
  firstBuildPoll,
  gotoHydrated,
  gotoLive,
  hydrated,
  openSession,
  type Session,
} from "./support/browser.ts";
import { shopUnderTest } from "./support/shop.ts";

const shop = shopUnderTest();

const GOOD_PASSWORD = "gull-pier-lantern-42";
// Chromium reports a failed call as a console error naming its status and address.
const failed = (status: string, path: string) =>
  new RegExp(`status of ${status}[^)]*\\) \\(http://[^)]+${path.replaceAll("/", "\\/")}\\)`);

async function signInCookieFor(session: Session, cookie: string) {
  const [name, value] = cookie.split("=") as [string, string];
  await session.context.addCookies([
    { name, value, domain: new URL(shop.app.url).hostname, path: "/", httpOnly: true },
  ]);
}

async function fillSignIn(session: Session, email: string, password: string) {
  await session.page.getByLabel("Email address").fill(email);
  await session.page.getByLabel("Password", { exact: true }).fill(password);
  await session.page.getByRole("button", { name: "Sign in" }).click();
}

describe("signing in and out in Chromium", () => {
  it("sends a guest from the customer area to Login, signs in through the API and comes back", async () => {
    const session = await openSession(shop.browser, shop.app.url);
    const { page } = session;
    await page.goto("/customer/dashboard");
    await page.waitForURL("**/login?redirect=%2Fcustomer%2Fdashboard");
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    await hydrated(page);

    const call = page.waitForRequest(
      (request) => request.method() === "POST" && request.url().endsWith("/api/login-user"),
    );
    await fillSignIn(session, DEMO_ACCOUNTS.customer.email, DEMO_ACCOUNTS.customer.password);
    expect(JSON.parse((await call).postData() ?? "{}")).toEqual({
      email: DEMO_ACCOUNTS.customer.email,
      password: DEMO_ACCOUNTS.customer.password,
    });
    await page.waitForURL("**/customer/dashboard");
    await page.getByRole("heading", { name: "Hello, Alex" }).waitFor();
    await page.getByText("Logged in successfully.").waitFor();
    await page.getByRole("link", { name: "My account" }).waitFor();
    const token = (await session.context.cookies()).find((cookie) => cookie.name === "token");
    expect(token?.httpOnly).toBe(true);
    // The alert goes on its own (behaviour.md §9: 3000 ms).
    await page.getByText("Logged in successfully.").waitFor({ state: "detached", timeout: 5000 });
    await session.expectNoErrors();
    await session.close();
  });

  it("says 'Please check your details and try again.' and stays on Login for wrong details", async () => {
    await shop.app.database.db.delete(rateLimitHits);
    const session = await openSession(shop.browser, shop.app.url);
    const { page } = session;
    await gotoLive(page, "/login");
    await fillSignIn(session, DEMO_ACCOUNTS.customer.email, "not-the-password");
    await page
      .getByRole("alert")
      .filter({ hasText: "Please check your details and try again." })
      .first()
      .waitFor();
    expect(new URL(page.url()).pathname).toBe("/login");
    expect(await page.getByLabel("Email address").getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByLabel("Password", { exact: true }).getAttribute("aria-invalid")).toBe(
      "true",
    );
    // One message, once: no toast on top of the form's alert, nothing repeated beside a field.
    await page.waitForTimeout(300);
    expect(await page.getByText("Please check your details and try again.").count()).toBe(1);
    expect(await page.getByText("These details do not match our records.").count()).toBe(0);
    await session.expectNoErrors([failed("422", "/api/login-user")]);
    await session.close();
  });

  it("signs out from the dashboard: the token is revoked and the guard sends them to Login", async () => {
    const session = await openSession(shop.browser, shop.app.url);
    const { page } = session;
    await signInCookieFor(session, await signedInCookie(shop.app));
    await gotoHydrated(page, "/customer/dashboard");
    const logoutCall = page.waitForRequest((request) => request.url().endsWith("/api/logout"));
    await page.getByRole("button", { name: "Sign out" }).click();
    await logoutCall;
    await page.waitForURL((url) => url.pathname === "/login");
    await page.getByRole("status").filter({ hasText: "You have signed out." }).waitFor();
    // Said once: the mark leaves the address, so a reload shows plain Login.
    await page.waitForURL((url) => url.pathname === "/login" && url.search === "");
    await page.getByText("You have signed out.").waitFor();
    const settled = firstBuildPoll(page);
    await page.reload();
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    await settled;
    expect(await page.getByText("You have signed out.").count()).toBe(0);
    expect((await session.context.cookies()).map((cookie) => cookie.name)).not.toContain("token");
    await page.goto("/customer/dashboard");
    await page.waitForURL("**/login?redirect=%2Fcustomer%2Fdashboard");
    await session.expectNoErrors();
    await session.close();
  });

  it("logs out on a 401 from any call: a token revoked after the page loaded (behaviour.md §4)", async () => {
    const session = await openSession(shop.browser, shop.app.url);
    const { page } = session;
    const cookie = await signedInCookie(shop.app);
    await signInCookieFor(session, cookie);
    // The page is rendered while the token is live; it is revoked (signed out elsewhere) just
    // before the start-up's user call reaches the real server, which answers 401.
    await page.route("**/api/user/user/show", async (route) => {
      await shop.app.fetch("/api/logout", {
        method: "POST",
        headers: { Authorization: `Bearer ${cookie.slice("token=".length)}` },
      });
      await route.continue();
    });
    await page.goto("/");
    await page.waitForURL("**/login");
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    expect((await session.context.cookies()).map((c) => c.name)).not.toContain("token");
    await session.expectNoErrors([failed("401", "/api/user/user/show")]);
    await session.close();
  });

  it("changes the password on the dashboard through the user API", async () => {
    const { user, password } = await makeUser(shop.app.database.db);
    const session = await openSession(shop.browser, shop.app.url);
    const { page } = session;
    await signInCookieFor(session, await signedInCookie(shop.app, { email: user.email, password }));
    await gotoHydrated(page, "/customer/dashboard");
    const call = page.waitForResponse((response) =>
      response.url().endsWith("/api/user/user/password/update"),
    );
    await page.getByLabel("Current password").fill(password);
    await page.getByLabel("New password").fill(GOOD_PASSWORD);
    await page.getByRole("button", { name: "Change password" }).click();
    expect((await call).status()).toBe(200);
    await page
      .getByRole("status")
      .filter({ hasText: "Your password has been changed." })
      .first()
      .waitFor();
    await signedInCookie(shop.app, { email: user.email, password: GOOD_PASSWORD });
    await session.expectNoErrors();
    await session.close();
  });
});

describe("new accounts and forgotten passwords in Chromium", () => {
  it("registers, lands on the dashboard signed in, and is welcomed", async () => {
    await shop.app.database.db.delete(rateLimitHits);
    const session = await openSession(shop.browser, shop.app.url);
    const { page } = session;
    await page.goto("/login");
    await page.getByRole("link", { name: "Create an account" }).click();
    await page.waitForURL("**/register?redirect=%2Fcustomer%2Fdashboard");
    await page.getByRole("heading", { name: "Create an account" }).waitFor();
    await hydrated(page);
    await page.getByLabel("Full name").fill("Jordan Browser");
    await page.getByLabel("Email address").fill(`jordan-${Date.now()}@example.com`);
    await page.getByLabel("Password").fill(GOOD_PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL("**/customer/dashboard");
    await page.getByRole("heading", { name: "Hello, Jordan" }).waitFor();
    await page.getByText("Welcome to Encore, Jordan Browser.").waitFor();
    await session.expectNoErrors();
    await session.close();
  });

  it("resets a forgotten password with the emailed link and signs in with the new one", async () => {
    await shop.app.database.db.delete(rateLimitHits);
    const { user } = await makeUser(shop.app.database.db);
    const session = await openSession(shop.browser, shop.app.url);
    const { page } = session;
    await page.goto("/login");
    await page.getByRole("link", { name: "Forgotten your password?" }).click();
    await page.waitForURL("**/forgot-password");
    await hydrated(page);
    await page.getByLabel("Email address").fill(user.email);
    await page.getByRole("button", { name: "Email me a link" }).click();
    await page.getByText("If an account uses that email address").waitFor();

    await shop.app.server.flushMail();
    const mail = await shop.app.mailbox.waitFor(user.email, /Reset your Encore password/);
    const link = mail.text.match(/http:\/\/localhost:3000(\/reset-password\?token=[\w-]{43})/)?.[1];
    await gotoLive(page, link ?? "/");
    await page.getByLabel("New password").fill(GOOD_PASSWORD);
    await page.getByRole("button", { name: "Save new password" }).click();
    await page.waitForURL("**/login");
    await page.getByText("Your password has been changed. Sign in with it now.").waitFor();
    await fillSignIn(session, user.email, GOOD_PASSWORD);
    await page.waitForURL("**/customer/dashboard");
    await session.expectNoErrors();
    await session.close();
  });
});

describe("the staff door in Chromium", () => {
  it("signs staff in at /admin/login through login-admin and out again", async () => {
    await shop.app.database.db.delete(rateLimitHits);
    const session = await openSession(shop.browser, shop.app.url);
    const { page } = session;
    await page.goto("/admin");
    await page.waitForURL("**/admin/login?redirect=%2Fadmin");
    await page.getByRole("heading", { name: "Staff sign in" }).waitFor();
    await hydrated(page);
    const call = page.waitForRequest((request) => request.url().endsWith("/api/login-admin"));
    await fillSignIn(session, DEMO_ACCOUNTS.staff.email, DEMO_ACCOUNTS.staff.password);
    await call;
    await page.waitForURL(/\/admin$/);
    await page.getByRole("heading", { name: "Overview" }).waitFor();
    await page.getByText("Sam Staff").waitFor();
    await page.getByRole("link", { name: "Outbox", exact: true }).click();
    await page.getByRole("heading", { name: "Outbox" }).waitFor();
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL("**/admin/login");
    await page.getByRole("heading", { name: "Staff sign in" }).waitFor();
    expect((await session.context.cookies()).map((cookie) => cookie.name)).not.toContain("token");
    await session.expectNoErrors();
    await session.close();
  });
});
