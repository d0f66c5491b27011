import type { Page, Request } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openSession } from "./support/browser.ts";
import { shopUnderTest } from "./support/shop.ts";

const shop = shopUnderTest();

const isBuildPoll = (request: Request) => new URL(request.url()).pathname === "/builds/latest.json";

/** The id of the build the page runs, as React Router's manifest names it. */
function currentBuildId(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      (window as Window & { __reactRouterManifest?: { version?: string } }).__reactRouterManifest
        ?.version ?? "",
  );
}

/** Answers the new-build poll with the id `latestId` gives, as a server that published it would. */
async function publishBuild(page: Page, latestId: () => Promise<string>) {
  await page.route("**/builds/latest.json?*", async (route) =>
    route.fulfill({
      status: 200,
      contentType: "application/json",
      headers: { "Cache-Control": "no-store" },
      body: JSON.stringify({ id: await latestId(), timestamp: Date.now() }),
    }),
  );
}

/** Loads `/` and waits until the page has read the answer to its first new-build poll. */
async function openHomeAndAwaitPoll(page: Page) {
  const polled = page.waitForEvent("requestfinished", isBuildPoll);
  await page.goto("/");
  await polled;
  // One turn of the page's event loop, so the poll's JSON has been read.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

function shopAllLink(page: Page) {
  return page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Shop all" });
}

async function setMarker(page: Page) {
  await page.evaluate(() => {
    (window as Window & { __marker?: string }).__marker = "still the same document";
  });
}

function readMarker(page: Page): Promise<string | undefined> {
  return page.evaluate(() => (window as Window & { __marker?: string }).__marker);
}

describe("new-build check (behaviour.md §2, §9)", () => {
  it("polls /builds/latest.json with a timestamp, first no earlier than 1 s after the page came to life", async () => {
    const session = await openSession(shop.browser, shop.app.url);
    const { page } = session;
    const finished = page.waitForEvent("requestfinished", isBuildPoll);
    await page.goto("/");
    const poll = await finished;

    expect(new URL(poll.url()).searchParams.get("t")).toMatch(/^\d{13}$/);
    // The page comes to life when it hydrates, which is when the layout fetches the shop's
    // start-up chunk (issue 17: the start-up loads after hydration). (The window's load event is
    // no reference: a slow font or image can hold it back past hydration.)
    const timing = await page.evaluate(() => {
      const started = (pattern: RegExp) =>
        performance
          .getEntriesByType("resource")
          .filter((entry) => pattern.test(new URL(entry.name).pathname))
          .map((entry) => entry.startTime);
      return {
        hydrated: started(/^\/assets\/startup-[\w-]+\.js$/),
        chunk: started(/^\/assets\/build-check-[\w-]+\.js$/),
        polls: started(/^\/builds\/latest\.json$/),
      };
    });
    expect(timing.hydrated).toHaveLength(1);
    const hydrated = timing.hydrated[0] ?? Number.NaN;
    // The check is its own chunk, fetched lazily just before the first poll.
    expect(timing.chunk).toHaveLength(1);
    expect(timing.chunk[0]).toBeGreaterThanOrEqual(hydrated + 1000);
    expect(timing.polls).toHaveLength(1);
    expect(timing.polls[0]).toBeGreaterThanOrEqual(hydrated + 1000);

    // The server names the same build as the page, or every navigation would be a full load.
    expect((await (await poll.response())?.json())?.id).toBe(await currentBuildId(page));
    await session.expectNoErrors();
    await session.close();
  });

  it("makes the next navigation a full page load once a different build is published", async () => {
    const session = await openSession(shop.browser, shop.app.url);
    const { page } = session;
    await publishBuild(page, async () => "a-newer-build");
    await openHomeAndAwaitPoll(page);
    await setMarker(page);

    const documentLoad = page.waitForRequest(
      (request) =>
        request.resourceType() === "document" && new URL(request.url()).pathname === "/products",
    );
    await shopAllLink(page).click();
    await documentLoad;
    await page.getByRole("heading", { name: "Shop all", level: 1 }).waitFor();

    expect(new URL(page.url()).pathname).toBe("/products");
    expect(await readMarker(page)).toBeUndefined();
    await session.expectNoErrors();
    await session.close();
  });

  it("keeps navigating in the page while the published build is the one it runs", async () => {
    const session = await openSession(shop.browser, shop.app.url);
    const { page } = session;
    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents.push(request.url());
    });
    await publishBuild(page, () => currentBuildId(page));
    await openHomeAndAwaitPoll(page);
    await setMarker(page);

    await shopAllLink(page).click();
    await page.getByRole("heading", { name: "Shop all", level: 1 }).waitFor();

    expect(new URL(page.url()).pathname).toBe("/products");
    expect(await readMarker(page)).toBe("still the same document");
    expect(documents).toEqual([`${shop.app.url}/`]);
    await session.expectNoErrors();
    await session.close();
  });

  it("polls again when the tab becomes visible, not when it is hidden", async () => {
    const session = await openSession(shop.browser, shop.app.url);
    const { page } = session;
    // Counts the page's polls as it makes them, so a poll that did not happen is known at once.
    await page.addInitScript(() => {
      const scope = window as Window & { __buildPolls?: number };
      scope.__buildPolls = 0;
      const send = window.fetch.bind(window);
      window.fetch = (input, init) => {
        if (String(input instanceof Request ? input.url : input).includes("/builds/latest.json")) {
          scope.__buildPolls = (scope.__buildPolls ?? 0) + 1;
        }
        return send(input, init);
      };
    });
    const polls: Request[] = [];
    page.on("request", (request) => {
      if (isBuildPoll(request)) polls.push(request);
    });
    await openHomeAndAwaitPoll(page);

    const turnTab = (state: DocumentVisibilityState) =>
      page.evaluate((visibility) => {
        Object.defineProperty(document, "visibilityState", {
          configurable: true,
          get: () => visibility,
        });
        document.dispatchEvent(new Event("visibilitychange"));
        return (window as Window & { __buildPolls?: number }).__buildPolls;
      }, state);

    expect(await turnTab("hidden")).toBe(1);
    const secondPoll = page.waitForEvent("requestfinished", isBuildPoll);
    expect(await turnTab("visible")).toBe(2);
    await secondPoll;
    expect(polls).toHaveLength(2);

    await session.expectNoErrors();
    await session.close();
  });
});
