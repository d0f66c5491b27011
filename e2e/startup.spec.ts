import type { Page, Request } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openSession, type Session } from "./support/browser.ts";
import { shopUnderTest } from "./support/shop.ts";

// behaviour.md §2: the start-up calls, in the order the default layout makes them.
const startupCalls = {
  csrf: "GET /sanctum/csrf-cookie",
  user: "GET /api/user/user/show",
  basket: "POST /api/basket/lines",
  discount: "POST /api/discounts/basket/apply",
} as const;
type Step = keyof typeof startupCalls;

// Chromium reports a failed call as a console error naming its status and address.
const failedWith = (status: string) => (path: string) =>
  new RegExp(`status of ${status} \\(http://[^)]+${path.replaceAll("/", "\\/")}\\)`);
const serverError = failedWith("503 \\(Service Unavailable\\)");
const busy = "The shop is busy right now. Please try again in a moment.";

/** A real token for the demo customer, from the sign-in endpoint. */
async function demoCustomerToken(): Promise<string> {
  const response = await shop.app.fetch("/api/login-user", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: "fan@example.com", password: "encore-fan-2026" }),
  });
  return ((await response.json()) as { data: { token: string } }).data.token;
}

const shop = shopUnderTest();

function stepOf(request: Request): Step | undefined {
  const { pathname } = new URL(request.url());
  const call = `${request.method()} ${pathname}`;
  return (Object.keys(startupCalls) as Step[]).find((step) => startupCalls[step] === call);
}

/**
 * Every start and finish of a start-up call, in the order the browser reports them. A call has
 * finished for the page when its response arrives: that is what the page's `fetch` awaits.
 */
function recordStartupCalls(page: Page) {
  const events: string[] = [];
  const requests = new Map<Step, Request>();
  page.on("request", (request) => {
    const step = stepOf(request);
    if (!step) return;
    requests.set(step, request);
    events.push(`start ${step}`);
  });
  page.on("response", (response) => {
    const step = stepOf(response.request());
    if (step) events.push(`finish ${step}`);
  });
  page.on("requestfailed", (request) => {
    const step = stepOf(request);
    if (step) events.push(`failed ${step}`);
  });
  return { events, requests };
}

function finished(page: Page, step: Step) {
  return page.waitForResponse((response) => stepOf(response.request()) === step);
}

/** The first new-build poll comes 1 s after load: by then the start-up has long run. */
function buildPoll(page: Page) {
  return page.waitForRequest((request) => request.url().includes("/builds/latest.json"));
}

async function setCookies(session: Session, cookies: Record<string, string>) {
  const domain = new URL(shop.app.url).hostname;
  await session.context.addCookies(
    Object.entries(cookies).map(([name, value]) => ({ name, value, domain, path: "/" })),
  );
}

const basketCookie = encodeURIComponent(JSON.stringify({ 12: 2 }));

describe("start-up in the default layout (behaviour.md §2)", () => {
  it("runs token → CSRF cookie → user → basket → discount, each call after the previous one finished", async () => {
    const session = await openSession(shop.browser, shop.app.url);
    const { page } = session;
    await setCookies(session, {
      token: await demoCustomerToken(),
      basket: basketCookie,
      discount_code: "WELCOME10",
    });
    const { events, requests } = recordStartupCalls(page);
    const discountDone = finished(page, "discount");

    await page.goto("/");
    await discountDone;

    expect(events).toEqual([
      "start csrf",
      "finish csrf",
      "start user",
      "finish user",
      "start basket",
      "finish basket",
      "start discount",
      "finish discount",
    ]);

    const xsrf = (await session.context.cookies()).find((cookie) => cookie.name === "XSRF-TOKEN");
    expect(xsrf?.value).toMatch(/^[\w-]+\.[\w-]+$/);
    // behaviour.md §4, §7: the stored map is restored through the server, with the CSRF header
    // echoed.
    const lines = [{ id: 12, quantity: 2 }];
    expect(requests.get("basket")?.postDataJSON()).toEqual({ lines });
    expect(requests.get("basket")?.headers()["x-xsrf-token"]).toBe(xsrf?.value);
    expect(requests.get("discount")?.postDataJSON()).toEqual({ discount: "WELCOME10", lines });
    expect(requests.get("discount")?.headers()["x-xsrf-token"]).toBe(xsrf?.value);

    await session.expectNoErrors();
    await session.close();
  });

  it("only logs a failure loading the user: the page stays, no alert, no trip to Login", async () => {
    const session = await openSession(shop.browser, shop.app.url);
    const { page } = session;
    await setCookies(session, { token: await demoCustomerToken() });
    // The server fails (overloaded, restarting): not a 401, so nobody is logged out.
    await page.route("**/api/user/user/show", (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ message: busy }),
      }),
    );
    const warnings: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "warning") warnings.push(message.text());
    });
    const userDone = finished(page, "user");
    const polled = buildPoll(page);

    await page.goto("/");
    expect((await userDone).status()).toBe(503);
    await polled;

    expect(new URL(page.url()).pathname).toBe("/");
    await expect.poll(() => warnings).toContain(`[encore] startup: ${busy}`);
    // The browser reports it to the server log too.
    await expect
      .poll(() => shop.app.logs.map((line) => line.clientError))
      .toContainEqual({
        kind: "startup",
        message: busy,
        path: "/",
      });
    await page.getByRole("main").getByRole("heading", { level: 1 }).waitFor();
    await page.getByRole("navigation", { name: "Main" }).waitFor();
    const notifications = page.getByRole("region", { name: "Notifications" });
    expect(await notifications.getByRole("alert").count()).toBe(0);
    expect(await notifications.getByRole("status").count()).toBe(0);
    await page.getByRole("link", { name: "My account" }).waitFor();
    expect((await session.context.cookies()).map((cookie) => cookie.name)).toContain("XSRF-TOKEN");

    await session.expectNoErrors([serverError("/api/user/user/show")]);
    await session.close();
  });

  it("makes no user call for a dead token cookie: the server clears it and the shop is signed out", async () => {
    const session = await openSession(shop.browser, shop.app.url);
    const { page } = session;
    await setCookies(session, { token: "a-token-the-server-never-issued" });
    const { events } = recordStartupCalls(page);
    // On a busy machine the network can fall quiet before the start-up's first call, so the test
    // waits for that call and then for the first build poll, which comes after the start-up ran.
    const csrfDone = finished(page, "csrf");
    const polled = buildPoll(page);
    await page.goto("/");
    await csrfDone;
    await polled;
    expect(events).toEqual(["start csrf", "finish csrf"]);
    expect((await session.context.cookies()).map((cookie) => cookie.name)).not.toContain("token");
    await page.getByRole("link", { name: "Sign in" }).waitFor();
    await session.expectNoErrors();
    await session.close();
  });

  it("makes no user call without a token cookie, and still restores basket then discount", async () => {
    const session = await openSession(shop.browser, shop.app.url);
    const { page } = session;
    await setCookies(session, { basket: basketCookie, discount_code: "WELCOME10" });
    const { events } = recordStartupCalls(page);
    const discountDone = finished(page, "discount");

    await page.goto("/");
    await discountDone;

    expect(events).toEqual([
      "start csrf",
      "finish csrf",
      "start basket",
      "finish basket",
      "start discount",
      "finish discount",
    ]);
    await session.expectNoErrors();
    await session.close();
  });

  it("skips the basket and discount calls when the stored basket is not a JSON map", async () => {
    const session = await openSession(shop.browser, shop.app.url);
    const { page } = session;
    await setCookies(session, { basket: "not-json", discount_code: "WELCOME10" });
    const { events } = recordStartupCalls(page);
    const polled = buildPoll(page);

    await page.goto("/");
    await polled;

    expect(events).toEqual(["start csrf", "finish csrf"]);
    expect((await session.context.cookies()).map((cookie) => cookie.name)).toContain("XSRF-TOKEN");
    await session.expectNoErrors();
    await session.close();
  });

  it("skips the discount call when the basket is empty", async () => {
    const session = await openSession(shop.browser, shop.app.url);
    const { page } = session;
    await setCookies(session, { discount_code: "WELCOME10" });
    const { events } = recordStartupCalls(page);
    const polled = buildPoll(page);

    await page.goto("/");
    await polled;

    expect(events).toEqual(["start csrf", "finish csrf"]);
    await session.expectNoErrors();
    await session.close();
  });
});

describe("the guest layout (behaviour.md §2)", () => {
  it("does not run the start-up on the Login page", async () => {
    const session = await openSession(shop.browser, shop.app.url);
    const { page } = session;
    await setCookies(session, { basket: basketCookie, discount_code: "WELCOME10" });
    const { events } = recordStartupCalls(page);
    const polled = buildPoll(page);

    await page.goto("/login");
    await polled;

    await page.getByRole("heading", { name: "Sign in", level: 1 }).waitFor();
    expect(events).toEqual([]);
    expect((await session.context.cookies()).map((cookie) => cookie.name)).not.toContain(
      "XSRF-TOKEN",
    );
    await session.expectNoErrors();
    await session.close();
  });
});
