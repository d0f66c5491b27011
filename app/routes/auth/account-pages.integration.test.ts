import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { makeUser, setCookie } from "../../../server/auth/test-helpers.ts";
import { users } from "../../../server/customers/schema.ts";
import { saveAddress, savedAddress } from "../../../server/customers/service.ts";
import { DEMO_ACCOUNTS } from "../../../server/db/seed/accounts.ts";
import { rateLimitHits } from "../../../server/platform/schema.ts";
import { signedInCookie } from "../../../tests/support/accounts.ts";
import { startTestApp, type TestApp } from "../../../tests/support/app.ts";
import { databaseKinds } from "../../../tests/support/databases.ts";

const GOOD_PASSWORD = "gull-pier-lantern-42";
const decode = (html: string) =>
  html.replaceAll("&amp;", "&").replaceAll("&#x27;", "'").replaceAll("&quot;", '"');

// The forms as a browser without JavaScript sends them: urlencoded posts to the page itself.
describe.each(databaseKinds)("account pages without JavaScript on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind);
  });
  afterAll(() => app.close());
  beforeEach(async () => {
    await app.database.db.delete(rateLimitHits);
  });

  const postForm = (path: string, fields: Record<string, string>, cookie?: string) =>
    app.fetch(path, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: app.url,
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: new URLSearchParams(fields).toString(),
    });
  const flashOf = (response: Response) =>
    JSON.parse(setCookie(response, "flash")?.value ?? "[]") as Array<{
      body: string;
    }>;

  describe("/login", () => {
    it("signs in, sets the token cookie, says so and follows a same-site redirect target", async () => {
      const { email, password } = DEMO_ACCOUNTS.customer;
      const response = await postForm("/login?redirect=%2Fbasket", {
        email,
        password,
        redirect: "/basket",
      });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/basket");
      const token = setCookie(response, "token");
      expect(token?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(token?.attributes).toEqual(expect.arrayContaining(["httponly", "samesite=lax"]));
      expect(flashOf(response)).toEqual([{ type: "SUCCESS", body: "Logged in successfully." }]);
      const dashboard = await app.fetch("/customer/dashboard", {
        headers: { Cookie: `token=${token?.value}` },
      });
      expect(dashboard.status).toBe(200);
    });

    it.each([
      "https://evil.example/phish",
      "//evil.example",
      "/\\evil.example",
      "/\t/evil.example",
      "javascript:alert(1)",
      "evil.example",
      "/.//evil.example",
    ])("never follows the redirect target %j off the site", async (target) => {
      const { email, password } = DEMO_ACCOUNTS.customer;
      const page = await app.fetch(`/login?redirect=${encodeURIComponent(target)}`);
      expect(await page.text()).toContain('name="redirect" value="/customer/dashboard"');
      const response = await postForm("/login", {
        email,
        password,
        redirect: target,
      });
      expect(response.headers.get("location")).toBe("/customer/dashboard");
    });

    it("answers wrong details with 422 and 'Please check your details and try again.'", async () => {
      const response = await postForm("/login", {
        email: DEMO_ACCOUNTS.customer.email,
        password: "not-the-password",
        redirect: "/",
      });
      expect(response.status).toBe(422);
      expect(setCookie(response, "token")).toBeUndefined();
      const html = decode(await response.text());
      expect(html).toContain("Please check your details and try again.");
      expect(html).toMatch(/role="alert"/);
      // Said once: not again beside a field (the API's own words for the same refusal).
      const shown = html.replace(/<script\b[^>]*>.*?<\/script>/gs, "");
      expect(shown.split("Please check your details and try again.")).toHaveLength(2);
      expect(shown).not.toContain("These details do not match our records.");
      // Both fields are marked and point to the one message.
      expect(html.match(/aria-invalid="true" aria-describedby="sign-in-problem"/g)).toHaveLength(2);
      expect(html).toContain('id="sign-in-problem"');
    });

    it("shows field errors for an empty form, labelled for screen readers", async () => {
      const response = await postForm("/login", {
        email: "",
        password: "",
        redirect: "/",
      });
      expect(response.status).toBe(422);
      const html = decode(await response.text());
      expect(html).toContain("Enter your email address.");
      expect(html).toContain("Enter your password.");
      expect(html).toMatch(/aria-invalid="true"/);
    });

    it("keeps staff out of the shop's door and customers out of the staff door", async () => {
      const customer = DEMO_ACCOUNTS.customer;
      const refused = await postForm("/admin/login", {
        email: customer.email,
        password: customer.password,
        redirect: "/admin",
      });
      expect(refused.status).toBe(422);
      const staff = DEMO_ACCOUNTS.staff;
      const signedIn = await postForm("/admin/login", {
        email: staff.email,
        password: staff.password,
        redirect: "https://evil.example",
      });
      expect(signedIn.status).toBe(302);
      expect(signedIn.headers.get("location")).toBe("/admin");
    });

    it("refuses a sign-in form posted from another site", async () => {
      const response = await app.fetch("/login", {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: "https://evil.example",
        },
        body: new URLSearchParams(DEMO_ACCOUNTS.customer).toString(),
      });
      expect(response.status).toBe(403);
    });
  });

  describe("/register", () => {
    it("opens an account, signs it in and welcomes the customer on the dashboard", async () => {
      const email = `page-${Date.now()}@example.com`;
      const response = await postForm("/register", {
        name: "Robin Page",
        email,
        password: GOOD_PASSWORD,
        marketingConsent: "on",
        redirect: "/customer/dashboard",
      });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/customer/dashboard");
      expect(flashOf(response)[0]?.body).toBe(
        "Welcome to Encore, Robin Page. Your account is ready.",
      );
      const [row] = await app.database.db.select().from(users).where(eq(users.email, email));
      expect(row?.marketingConsent).toBe(true);
      const token = setCookie(response, "token")?.value;
      const dashboard = await app.fetch("/customer/dashboard", {
        headers: { Cookie: `token=${token}` },
      });
      const page = decode(await dashboard.text());
      expect(page).toContain("Hello, Robin");
      expect(page).toContain("You have not placed any orders yet.");
    });

    it("shows each problem beside its field and opens nothing", async () => {
      const response = await postForm("/register", {
        name: "",
        email: "fan@example.com",
        password: "password123",
        redirect: "/",
      });
      expect(response.status).toBe(422);
      const html = decode(await response.text());
      expect(html).toContain("Enter your name.");
      const existing = await postForm("/register", {
        name: "Someone",
        email: DEMO_ACCOUNTS.customer.email,
        password: GOOD_PASSWORD,
        redirect: "/",
      });
      expect(decode(await existing.text())).toContain(
        "An account with this email address already exists",
      );
      const weak = await postForm("/register", {
        name: "Someone",
        email: `weak-${Date.now()}@example.com`,
        password: "password123",
        redirect: "/",
      });
      expect(decode(await weak.text())).toContain("This password is too common");
    });
  });

  describe("password reset", () => {
    it("mails a link built from PUBLIC_URL, and the link's page sets a new password once", async () => {
      const { user } = await makeUser(app.database.db);
      const asked = await postForm("/forgot-password", { email: user.email });
      expect(asked.status).toBe(200);
      expect(decode(await asked.text())).toContain("If an account uses that email address");
      const unknown = await postForm("/forgot-password", {
        email: `nobody-${user.id}@example.com`,
      });
      expect(decode(await unknown.text())).toContain("If an account uses that email address");

      await app.server.flushMail();
      const mail = await app.mailbox.waitFor(user.email, /Reset your Encore password/);
      const link = mail.text.match(
        /http:\/\/localhost:3000(\/reset-password\?token=[\w-]{43})/,
      )?.[1];
      expect(link).toBeDefined();
      const page = await app.fetch(link ?? "");
      expect(page.status).toBe(200);
      expect(page.headers.get("referrer-policy")).toBe("no-referrer");
      const token = new URL(link ?? "", app.url).searchParams.get("token") ?? "";

      const done = await postForm("/reset-password", {
        token,
        password: GOOD_PASSWORD,
      });
      expect(done.status).toBe(302);
      expect(done.headers.get("location")).toBe("/login");
      expect(flashOf(done)[0]?.body).toBe("Your password has been changed. Sign in with it now.");
      const again = await postForm("/reset-password", {
        token,
        password: `${GOOD_PASSWORD}!`,
      });
      expect(again.status).toBe(422);
      expect(decode(await again.text())).toContain(
        "This link has expired or has already been used.",
      );
      await signedInCookie(app, {
        email: user.email,
        password: GOOD_PASSWORD,
      });
    });
  });

  describe("/customer/dashboard", () => {
    it("greets the customer and shows their saved addresses", async () => {
      const html = decode(
        await (
          await app.fetch("/customer/dashboard", {
            headers: { Cookie: await signedInCookie(app) },
          })
        ).text(),
      );
      expect(html).toContain("Hello, Alex");
      expect(html).toContain("fan@example.com");
      expect(html).toContain("Flat 3, 18 Tib Street");
      expect(html).toContain("M4 1SH");
      expect(html).toContain("United Kingdom");
      // The demo customer's past orders, newest first.
      expect(html.indexOf("EN-10016")).toBeGreaterThan(-1);
      expect(html).not.toContain("You have not placed any orders yet.");
    });

    it("changes the password from the form and keeps this session", async () => {
      const { user, password } = await makeUser(app.database.db);
      const cookie = await signedInCookie(app, {
        email: user.email,
        password,
      });
      const wrong = await postForm(
        "/customer/dashboard",
        { currentPassword: "not-it-at-all", password: GOOD_PASSWORD },
        cookie,
      );
      expect(wrong.status).toBe(422);
      expect(decode(await wrong.text())).toContain("Your current password is not right.");
      const changed = await postForm(
        "/customer/dashboard",
        { currentPassword: password, password: GOOD_PASSWORD },
        cookie,
      );
      expect(changed.status).toBe(200);
      expect(decode(await changed.text())).toContain("Your password has been changed.");
      expect(
        (
          await app.fetch("/customer/dashboard", {
            headers: { Cookie: cookie },
          })
        ).status,
      ).toBe(200);
    });

    it("signs staff out through /logout to their own sign-in, which says so once", async () => {
      const cookie = await signedInCookie(app, DEMO_ACCOUNTS.staff, "/api/login-admin");
      const response = await postForm("/logout", { area: "staff" }, cookie);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/admin/login?signed-out=1");
      expect(setCookie(response, "token")?.attributes).toContain("max-age=0");
      const landed = decode(await (await app.fetch("/admin/login?signed-out=1")).text());
      expect(landed).toMatch(/role="status"[^>]*>You have signed out\.</);
      expect(landed).toContain("Staff sign in");
      const plain = decode(await (await app.fetch("/admin/login")).text());
      expect(plain).not.toContain("You have signed out");
    });

    it("signs out through /logout: the token is revoked, the cookie cleared, and Login says so", async () => {
      const cookie = await signedInCookie(app);
      const response = await postForm("/logout", {}, cookie);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/login?signed-out=1");
      const landed = decode(await (await app.fetch("/login?signed-out=1")).text());
      expect(landed).toMatch(/role="status"[^>]*>You have signed out\.</);
      expect(decode(await (await app.fetch("/login")).text())).not.toContain("You have signed out");
      expect(setCookie(response, "token")?.attributes).toContain("max-age=0");
      const after = await app.fetch("/api/user/user/show", {
        headers: { Authorization: `Bearer ${cookie.slice("token=".length)}` },
      });
      expect(after.status).toBe(401);
    });
  });

  describe("saved addresses", () => {
    const SAVED = {
      fullName: "Casey Saved",
      line1: "3 Old Road",
      city: "York",
      postcode: "YO1 7HH",
      country: "GB",
    };
    const customerWithDeliveryAddress = async () => {
      const { user, password } = await makeUser(app.database.db);
      await saveAddress(app.database.db, user.id, "shipping", SAVED);
      return {
        user,
        cookie: await signedInCookie(app, { email: user.email, password }),
      };
    };

    it("offers to edit a saved address only, and 404s an address kind that is not one", async () => {
      const { cookie } = await customerWithDeliveryAddress();
      const get = (path: string) => app.fetch(path, { headers: { Cookie: cookie } });
      const dashboard = decode(await (await get("/customer/dashboard")).text());
      expect(dashboard).toContain('href="/customer/addresses/shipping"');
      expect(dashboard).not.toContain('href="/customer/addresses/billing"');
      const form = await get("/customer/addresses/shipping");
      expect(form.status).toBe(200);
      const html = decode(await form.text());
      expect(html).toContain("Edit your delivery address");
      expect(html).toContain('value="3 Old Road"');
      expect(html).toMatch(/<form[^>]*novalidate/i);
      expect((await get("/customer/addresses/billing")).status).toBe(404);
      expect((await get("/customer/addresses/home")).status).toBe(404);
      expect((await app.fetch("/customer/addresses/shipping")).status).toBe(302);
    });

    it("saves an edit judged as checkout judges an address, and refuses a bad one", async () => {
      const { user, cookie } = await customerWithDeliveryAddress();
      const edit = {
        ...SAVED,
        line1: "9 New Street",
        line2: "",
        county: "",
        phone: "",
      };
      const unnamed = await postForm(
        "/customer/addresses/shipping",
        { ...edit, fullName: "" },
        cookie,
      );
      expect(unnamed.status).toBe(422);
      const page = decode(await unnamed.text());
      expect(page).toContain("There is a problem");
      expect(page).toContain('href="#field-fullName"');
      expect(page).toContain('value="9 New Street"');
      const misplaced = await postForm(
        "/customer/addresses/shipping",
        { ...edit, postcode: "NOT A CODE" },
        cookie,
      );
      expect(misplaced.status).toBe(422);
      expect(decode(await misplaced.text())).toContain("Enter a UK postcode, like SW1A 1AA.");
      expect((await savedAddress(app.database.db, user.id, "shipping"))?.line1).toBe("3 Old Road");

      const saved = await postForm(
        "/customer/addresses/shipping",
        { ...edit, postcode: "yo17hh" },
        cookie,
      );
      expect(saved.status).toBe(303);
      expect(saved.headers.get("location")).toBe("/customer/dashboard");
      expect(flashOf(saved)[0]?.body).toBe("Your delivery address has been saved.");
      expect(await savedAddress(app.database.db, user.id, "shipping")).toMatchObject({
        line1: "9 New Street",
        postcode: "YO1 7HH",
      });
    });

    it("edits through the user API, which 404s a kind with nothing saved", async () => {
      const { cookie } = await customerWithDeliveryAddress();
      const call = (kind: string, body: object) =>
        app.fetch(`/api/user/${kind}-details/update`, {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            Authorization: `Bearer ${cookie.slice("token=".length)}`,
          },
          body: JSON.stringify(body),
        });
      const updated = await call("shipping", {
        ...SAVED,
        city: "Leeds",
        postcode: "LS1 4AP",
      });
      expect(updated.status).toBe(200);
      expect(((await updated.json()) as { data: { city: string } }).data.city).toBe("Leeds");
      expect((await call("billing", SAVED)).status).toBe(404);
      expect((await call("shipping", { ...SAVED, country: "XX" })).status).toBe(422);
    });
  });

  describe("back office", () => {
    it("sends a visitor to the staff sign-in, refuses a customer (403) and lets staff in", async () => {
      const guest = await app.fetch("/admin");
      expect(guest.status).toBe(302);
      expect(guest.headers.get("location")).toBe("/admin/login?redirect=%2Fadmin");
      const customer = await app.fetch("/admin/outbox", {
        headers: { Cookie: await signedInCookie(app) },
      });
      expect(customer.status).toBe(403);

      const staffCookie = await signedInCookie(app, DEMO_ACCOUNTS.staff, "/api/login-admin");
      const overview = await app.fetch("/admin", {
        headers: { Cookie: staffCookie },
      });
      expect(overview.status).toBe(200);
      const html = decode(await overview.text());
      expect(html).toContain("Sam Staff");
      expect(html).toContain("Products on sale");
      expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
      const login = await app.fetch("/admin/login", {
        headers: { Cookie: staffCookie },
      });
      expect(login.headers.get("location")).toBe("/admin");
      const missing = await app.fetch("/admin/nothing-here", {
        headers: { Cookie: staffCookie },
      });
      expect(missing.status).toBe(404);
    });

    it("lists the outbox without the messages' contents", async () => {
      const { user } = await makeUser(app.database.db);
      await postForm("/forgot-password", { email: user.email });
      await app.server.flushMail();
      const staffCookie = await signedInCookie(app, DEMO_ACCOUNTS.staff, "/api/login-admin");
      const html = decode(
        await (
          await app.fetch("/admin/outbox", {
            headers: { Cookie: staffCookie },
          })
        ).text(),
      );
      expect(html).toContain(user.email);
      expect(html).toContain("Reset your Encore password");
      expect(html).not.toContain("reset-password?token=");
    });
  });
});
