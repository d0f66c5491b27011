import { request as httpRequest } from "node:http";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInCookie } from "../../tests/support/accounts.ts";
import { changesHeard, startTestApp, type TestApp } from "../../tests/support/app.ts";
import { charge, UK_ADDRESS, ukDeliveryOptions } from "../../tests/support/checkout.ts";
import { makeArticle, makeBlog } from "../../tests/support/content.ts";
import { databaseKinds } from "../../tests/support/databases.ts";
import { eventually } from "../../tests/support/eventually.ts";
import { makeBrand, makeProduct } from "../../tests/support/factories.ts";
import { read, signInEveryone, staffCaller } from "../../tests/support/staff-api.ts";
import { brands, productMedia, products } from "../catalog/schema.ts";
import { loadConfig } from "../config.ts";
import { openPostgres } from "../db/client.ts";
import { createLogger } from "../logger.ts";
import { clientBuildFolder } from "../paths.ts";
import { type RunningServer, startServer } from "../server.ts";
import { loadProductionSsr } from "../ssr-build.ts";
import { notifyShopChanged } from "./response-cache.ts";

const PUBLIC = "public, max-age=60, stale-while-revalidate=300";
const titleAt = async (url: string, slug: string) => {
  const response = await fetch(`${url}/api/brands/${slug}`);
  return ((await response.json()) as { data: { title: string } }).data.title;
};

describe.each(databaseKinds)("API answers in the response cache on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind);
  });
  afterAll(() => app.close());

  it("answers repeated requests from memory with public caching and an ETag", async () => {
    const brand = await makeBrand(app.database.db, { title: "Cache Test Band" });
    await changesHeard(app);
    const first = await app.fetch(`/api/brands/${brand.slug}`);
    expect(first.headers.get("cache-control")).toBe(
      "public, max-age=60, stale-while-revalidate=300",
    );
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^(W\/)?"[\w-]+"$/);
    const revalidated = await app.fetch(`/api/brands/${brand.slug}`, {
      headers: { "If-None-Match": etag ?? "" },
    });
    expect(revalidated.status).toBe(304);
    // Changed without telling anyone: the cached answer still stands…
    await app.database.db
      .update(brands)
      .set({ title: "Renamed Quietly" })
      .where(eq(brands.id, brand.id));
    expect(await titleAt(app.url, brand.slug)).toBe("Cache Test Band");
    // …until the change is announced.
    await notifyShopChanged(app.database.db);
    await eventually(() => titleAt(app.url, brand.slug), "Renamed Quietly");
  });

  it("does not cache errors", async () => {
    expect((await app.fetch("/api/brands/not-yet-a-band")).status).toBe(404);
    const brand = await makeBrand(app.database.db, {
      slug: "not-yet-a-band",
      title: "Arrived Late",
    });
    expect(await titleAt(app.url, brand.slug)).toBe("Arrived Late");
  });
});

const basketCookie = (lines: Record<number, number>) =>
  `basket=${encodeURIComponent(JSON.stringify(lines))}`;
/** The count in the header's basket link, as the server rendered it. */
const headerCount = (html: string) => /href="\/basket"[\s\S]*?>(\d+)<\/span>/.exec(html)?.[1];

describe.each(databaseKinds)("content API answers in the response cache on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind);
  });
  afterAll(() => app.close());

  it("answers a blog's articles from memory until a new article is announced", async () => {
    const blog = await makeBlog(app.database.db);
    await changesHeard(app);
    const path = `/api/blogs/${blog.slug}/articles`;
    const titles = async () =>
      ((await (await app.fetch(path)).json()) as { data: Array<{ title: string }> }).data.map(
        ({ title }) => title,
      );
    const before = app.server.responseCache.renders();
    expect(await titles()).toEqual([]);
    const second = await app.fetch(path);
    expect(second.headers.get("cache-control")).toBe(PUBLIC);
    expect(app.server.responseCache.renders() - before).toBe(1);
    // The content module's writes announce themselves.
    const article = await makeArticle(app.database.db, blog.id);
    await eventually(async () => (await titles()).join(), article.title);
  });
});

// docs/decisions/0023: pages for anonymous shoppers come from memory until what they show changes.
describe.each(databaseKinds)("pages in the response cache on %s", (kind) => {
  let app: TestApp;
  // Pages asked for with `?gated` wait for the test to open the gate before they render.
  let gate: Promise<void> = Promise.resolve();
  let failNextGated = false;
  // Every page the app renders passes here: what a hit must not do.
  let rendered = 0;
  const renders = () => rendered;
  const makePage = async (stock = 10) => {
    const brand = await makeBrand(app.database.db);
    const { product, variants } = await makeProduct(app.database.db, {
      brandId: brand.id,
      variants: [{ price: 2500, stock }],
    });
    await changesHeard(app);
    return { path: `/products/${product.slug}`, product, variants };
  };

  beforeAll(async () => {
    const production = await loadProductionSsr();
    app = await startTestApp(kind, {
      ssr: async (request, context) => {
        rendered++;
        const url = new URL(request.url);
        if (url.searchParams.has("gated")) {
          await gate;
          if (failNextGated) {
            failNextGated = false;
            throw new Error("this render fails on purpose");
          }
        }
        const response = await production.ssr(request, context);
        if (url.searchParams.has("sets-cookie")) response.headers.append("Set-Cookie", "seen=1");
        return response;
      },
    });
  });
  afterAll(() => app.close());

  it("serves an anonymous page from memory, publicly cacheable, until a change is announced", async () => {
    const { path, product } = await makePage();
    const before = renders();
    const first = await app.fetch(path);
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe(PUBLIC);
    expect(first.headers.get("vary")).toBe("Cookie, Accept-Encoding");
    const html = await first.text();
    const second = await app.fetch(path);
    expect(await second.text()).toBe(html);
    expect(renders() - before).toBe(1);
    // A change nobody announced is not seen; an announced one is.
    await app.database.db
      .update(products)
      .set({ title: "Quietly Renamed Tee" })
      .where(eq(products.id, product.id));
    expect(await (await app.fetch(path)).text()).not.toContain("Quietly Renamed Tee");
    await notifyShopChanged(app.database.db);
    await eventually(
      async () => (await (await app.fetch(path)).text()).includes("Quietly Renamed Tee"),
      true,
    );
  });

  it("keeps compressed copies made once, and answers React Router's data requests too", async () => {
    const { path } = await makePage();
    const before = renders();
    const brotli = await app.fetch(path, { headers: { "Accept-Encoding": "br, gzip" } });
    expect(brotli.headers.get("content-encoding")).toBe("br");
    const gzip = await app.fetch(path, { headers: { "Accept-Encoding": "gzip" } });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(await gzip.text()).toBe(await brotli.text());
    const data = await app.fetch(`${path}.data`);
    expect(data.headers.get("content-type")).toBe("text/x-script");
    await app.fetch(`${path}.data`);
    expect(renders() - before).toBe(2);
  });

  it("answers If-None-Match with a 304, weak or strong, while the page is the same", async () => {
    const { path } = await makePage();
    const etag = (await app.fetch(path)).headers.get("etag") ?? "";
    expect(etag).toMatch(/^"[\w-]+"$/);
    for (const tag of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const revalidated = await app.fetch(path, { headers: { "If-None-Match": tag } });
      expect(revalidated.status, tag).toBe(304);
      expect(await revalidated.text()).toBe("");
    }
    expect((await app.fetch(path, { headers: { "If-None-Match": '"other"' } })).status).toBe(200);
  });

  it("renders a signed-in shopper's page every time, and never makes it public", async () => {
    const { path } = await makePage();
    await app.fetch(path);
    const cookie = await signedInCookie(app);
    const before = renders();
    for (let i = 0; i < 2; i++) {
      const page = await app.fetch(path, { headers: { Cookie: cookie } });
      expect(page.headers.get("cache-control")).toBe("private, no-store");
      expect(await page.text()).toContain("My account");
    }
    expect(renders() - before).toBe(2);
  });

  it("keeps no answer that sets a cookie, and never makes one public", async () => {
    const before = renders();
    for (let i = 0; i < 2; i++) {
      const page = await app.fetch("/?sets-cookie");
      expect(page.headers.get("set-cookie")).toBe("seen=1");
      expect(page.headers.get("cache-control")).toBe("private, no-store");
    }
    expect(renders() - before).toBe(2);
  });

  it("never keeps personal pages or a page with a message, nor makes them public", async () => {
    const flash = `flash=${encodeURIComponent(JSON.stringify([{ type: "SUCCESS", body: "Hi" }]))}`;
    for (const [path, cookie] of [
      ["/login", ""],
      ["/register", ""],
      ["/basket", ""],
      ["/help/contact", flash],
    ] as const) {
      const before = renders();
      for (let i = 0; i < 2; i++) {
        const page = await app.fetch(path, { headers: { Cookie: cookie } });
        expect(page.status, path).toBe(200);
        expect(page.headers.get("cache-control"), path).not.toContain("public");
      }
      expect(renders() - before, path).toBe(2);
    }
  });

  it("keeps one copy per basket count, so the header shows the shopper's count", async () => {
    const { path, variants } = await makePage();
    const variant = variants[0]?.id ?? 0;
    const anonymous = await app.fetch(path);
    expect(headerCount(await anonymous.text())).toBe("0");
    const before = renders();
    const two = await app.fetch(path, { headers: { Cookie: basketCookie({ [variant]: 2 }) } });
    expect(headerCount(await two.text())).toBe("2");
    // Shared caches would key on the whole cookie: a page showing a basket stays private.
    expect(two.headers.get("cache-control")).toBe("private, no-cache");
    // Another basket of two items is the same page.
    const alsoTwo = await app.fetch(path, {
      headers: { Cookie: basketCookie({ [variant]: 1, [variant + 1]: 1 }) },
    });
    expect(headerCount(await alsoTwo.text())).toBe("2");
    expect(renders() - before).toBe(1);
  });

  it("is emptied by an order that leaves a variant few or none, not by one that leaves plenty", async () => {
    const { path, variants } = await makePage(10);
    const [delivery] = await ukDeliveryOptions(app);
    const buy = async (quantity: number) => {
      const response = await charge(app, {
        lines: [{ id: variants[0]?.id, quantity }],
        email: "drop.day@example.com",
        shippingAddress: UK_ADDRESS,
        deliveryOptionId: delivery?.id,
        payment: { provider: "test", outcome: "success" },
      });
      expect(response.status).toBe(200);
    };
    const page = async () => (await app.fetch(path)).text();
    expect(await page()).not.toContain("left</p>");
    await buy(2);
    // Eight left: the page shows nothing else, so it stays in memory.
    const before = renders();
    expect(await page()).not.toContain("left</p>");
    expect(renders() - before).toBe(0);
    await buy(3);
    await eventually(async () => (await page()).includes("Only 5 left"), true);
  });

  it("renders once for concurrent misses of one page, and each waiter gets that page", async () => {
    let open = () => {};
    gate = new Promise((resolve) => {
      open = resolve;
    });
    const before = renders();
    const answers = Array.from({ length: 8 }, () =>
      app.fetch("/?gated=together").then(async (response) => ({
        status: response.status,
        policy: response.headers.get("content-security-policy") ?? "",
        body: await response.text(),
      })),
    );
    await eventually(async () => app.server.responseCache.waiters(), 7);
    open();
    const pages = await Promise.all(answers);
    expect(renders() - before).toBe(1);
    expect(new Set(pages.map(({ status }) => status))).toEqual(new Set([200]));
    expect(new Set(pages.map(({ body }) => body)).size).toBe(1);
    // The shared page carries no nonce; each waiter's policy allows its scripts by their hashes.
    expect(new Set(pages.map(({ policy }) => policy)).size).toBe(1);
    for (const page of pages) {
      expect(page.body).not.toContain("nonce=");
      expect(page.policy).not.toContain("'nonce-");
      expect(page.policy).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    }
    // Kept after that one render (on probation, decision 0032): the next request is a hit.
    expect(await (await app.fetch("/?gated=together")).text()).toBe(pages[0]?.body);
    expect(renders() - before).toBe(1);
  });

  it("lets each waiter render its own page when the render they waited for fails", async () => {
    let open = () => {};
    gate = new Promise((resolve) => {
      open = resolve;
    });
    failNextGated = true;
    const before = renders();
    const answers = Array.from({ length: 4 }, () =>
      app.fetch("/?gated=failing").then((response) => response.status),
    );
    await eventually(async () => app.server.responseCache.waiters(), 3);
    open();
    expect((await Promise.all(answers)).sort()).toEqual([200, 200, 200, 500]);
    expect(renders() - before).toBe(4);
  });
});

type RawAnswer = { status: number; headers: Record<string, string>; body: Buffer };
// Per response, not per entry: node's own, and the id every request gets.
const PER_RESPONSE = new Set(["date", "connection", "keep-alive", "x-request-id"]);
/** One request over node:http: the bytes and headers as sent, no decoding (fetch would decode). */
const raw = (url: string, path: string, headers: Record<string, string> = {}, method = "GET") =>
  new Promise<RawAnswer & { requestId: string }>((resolve, reject) => {
    const sent = httpRequest(`${url}${path}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const kept = Object.entries(response.headers).filter(([name]) => !PER_RESPONSE.has(name));
        resolve({
          status: response.statusCode ?? 0,
          headers: Object.fromEntries(kept.map(([name, value]) => [name, String(value)])),
          body: Buffer.concat(chunks),
          requestId: String(response.headers["x-request-id"]),
        });
      });
    });
    sent.on("error", reject);
    sent.end();
  });
const withoutId = ({ status, headers, body }: RawAnswer) => ({ status, headers, body });

// docs/decisions/0029: a fresh entry is answered in the node listener, before the app.
describe.each(databaseKinds)("answers from memory before the app on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind);
  });
  afterAll(() => app.close());
  const early = () => app.server.answeredFromMemory();
  const renders = () => app.server.responseCache.renders();
  let bands = 0;
  const brandPath = async () => {
    // A band's name is its own (issue 30): each test makes one of another name.
    bands += 1;
    const brand = await makeBrand(app.database.db, { title: `Early Answer Band ${bands}` });
    // The brand's own announcement, heard: it cannot empty the cache in the middle of a test.
    await changesHeard(app);
    return { brand, path: `/api/brands/${brand.slug}` };
  };

  it("answers an API hit as the app answered the miss, byte for byte, in each encoding", async () => {
    const { path } = await brandPath();
    for (const encoding of [undefined, "gzip", "br", "gzip, deflate, br"]) {
      const headers: Record<string, string> = encoding ? { "Accept-Encoding": encoding } : {};
      await changesHeard(app);
      const [before, rendered] = [early(), renders()];
      const miss = await raw(app.url, path, headers);
      const hit = await raw(app.url, path, headers);
      expect(renders() - rendered, encoding).toBe(1);
      expect(early() - before, encoding).toBe(1);
      expect(withoutId(hit), encoding).toEqual(withoutId(miss));
      expect(hit.headers["content-encoding"], encoding).toBe(
        encoding?.includes("br") ? "br" : encoding,
      );
      // A kept answer carries no nonce to share; JSON has no script to allow.
      expect(hit.headers["content-security-policy"]).toContain("script-src 'self'; ");
      expect(hit.headers["x-frame-options"]).toBe("DENY");
    }
  });

  it("leaves the first request for an encoding not yet made to the app, which makes it once", async () => {
    const { path } = await brandPath();
    const gzip = { "Accept-Encoding": "gzip" };
    const [before, rendered] = [early(), renders()];
    const made = await raw(app.url, path);
    const firstGzip = await raw(app.url, path, gzip);
    expect(early() - before).toBe(0);
    const secondGzip = await raw(app.url, path, gzip);
    expect(early() - before).toBe(1);
    expect(renders() - rendered).toBe(1);
    expect(made.headers["content-encoding"]).toBeUndefined();
    expect(withoutId(secondGzip)).toEqual(withoutId(firstGzip));
    expect(secondGzip.headers["content-encoding"]).toBe("gzip");
  });

  it("answers If-None-Match and HEAD as the app's own hit does", async () => {
    const { path } = await brandPath();
    const etag = (await raw(app.url, path, { "Accept-Encoding": "gzip" })).headers.etag ?? "";
    // Its brotli copy made too (the first request for an encoding is the app's, as above).
    await raw(app.url, path, { "Accept-Encoding": "br" });
    // A `token` cookie sends the request through the app, which answers from the same entry.
    const viaApp = { Cookie: "token=not-a-live-token" };
    for (const [headers, method] of [
      [{ "If-None-Match": etag, "Accept-Encoding": "gzip" }, "GET"],
      [{ "If-None-Match": `W/${etag}`, "Accept-Encoding": "gzip" }, "GET"],
      [{ "Accept-Encoding": "br" }, "HEAD"],
      [{}, "HEAD"],
    ] as const) {
      const before = early();
      const fromMemory = await raw(app.url, path, headers, method);
      expect(early() - before).toBe(1);
      const fromApp = await raw(app.url, path, { ...headers, ...viaApp }, method);
      expect(early() - before).toBe(1);
      expect(withoutId(fromMemory)).toEqual(withoutId(fromApp));
      expect(fromMemory.body.length).toBe(0);
      expect(fromMemory.status).toBe(method === "HEAD" ? 200 : 304);
    }
  });

  it("never answers a signed-in caller, a message, Authorization or an unsafe method", async () => {
    const { path } = await brandPath();
    const expected = await (await app.fetch(path)).text();
    const flash = `flash=${encodeURIComponent(JSON.stringify([{ type: "SUCCESS", body: "Hi" }]))}`;
    const before = early();
    for (const headers of [
      { Cookie: "token=not-a-live-token" },
      { Cookie: `basket=%7B%7D; ${flash}` },
      { Authorization: "Bearer not-a-live-token" },
    ] as Array<Record<string, string>>) {
      const answer = await app.fetch(path, { headers });
      expect(await answer.text()).toBe(expected);
    }
    for (const method of ["POST", "PUT", "DELETE"]) {
      expect((await app.fetch(path, { method })).status, method).toBeLessThan(500);
    }
    expect(early() - before).toBe(0);
  });

  it("never answers an invalid query, which no entry is kept under", async () => {
    const before = early();
    for (let i = 0; i < 2; i++) {
      const answer = await app.fetch("/api/products?page=first");
      expect(answer.status).toBe(422);
    }
    expect(early() - before).toBe(0);
  });

  it("answers what a change to the shop shows once it is announced", async () => {
    const { brand, path } = await brandPath();
    await titleAt(app.url, brand.slug);
    await app.database.db
      .update(brands)
      .set({ title: "Renamed Before Early" })
      .where(eq(brands.id, brand.id));
    const before = early();
    expect(await titleAt(app.url, brand.slug)).toBe(brand.title);
    expect(early() - before).toBe(1);
    await notifyShopChanged(app.database.db);
    await eventually(() => titleAt(app.url, brand.slug), "Renamed Before Early");
    expect((await raw(app.url, path)).status).toBe(200);
  });

  it("gives each answer its request id and log line, as the app does", async () => {
    const { path } = await brandPath();
    await app.fetch(path);
    const before = early();
    const kept = await raw(app.url, path, { "X-Request-Id": "drop-day-trace-1" });
    const fresh = await raw(app.url, path, { "X-Request-Id": "not sane!" });
    const other = await raw(app.url, path);
    expect(early() - before).toBe(3);
    expect(kept.requestId).toBe("drop-day-trace-1");
    expect(fresh.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(other.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(other.requestId).not.toBe(fresh.requestId);
    for (const requestId of [kept.requestId, fresh.requestId, other.requestId]) {
      await eventually(
        async () =>
          app.logs.some(
            (line) =>
              line.msg === "request" &&
              line.requestId === requestId &&
              line.method === "GET" &&
              line.path === path &&
              line.status === 200 &&
              typeof line.durationMs === "number",
          ),
        true,
      );
    }
  });

  it("answers an anonymous page as the app kept it, its scripts allowed by their hashes", async () => {
    const brand = await makeBrand(app.database.db);
    const { product, variants } = await makeProduct(app.database.db, {
      brandId: brand.id,
      variants: [{ price: 2500 }],
    });
    await changesHeard(app);
    const path = `/products/${product.slug}`;
    const before = early();
    const miss = await raw(app.url, path, { "Accept-Encoding": "gzip" });
    const hit = await raw(app.url, path, { "Accept-Encoding": "gzip" });
    expect(early() - before).toBe(1);
    expect(withoutId(hit)).toEqual(withoutId(miss));
    expect(hit.headers.vary).toBe("Cookie, Accept-Encoding");
    expect(hit.headers["content-security-policy"]).not.toContain("'nonce-");
    const identity = await raw(app.url, path);
    expect(identity.body.toString()).not.toContain("nonce=");
    // Another basket count is another page; a signed-in shopper's is rendered by the app.
    const rendered = renders();
    await raw(app.url, path, { Cookie: basketCookie({ [variants[0]?.id ?? 0]: 2 }) });
    expect(renders() - rendered).toBe(1);
    const cookie = await signedInCookie(app);
    const signedIn = await raw(app.url, path, { Cookie: cookie });
    expect(signedIn.body.toString()).toContain("My account");
    expect(signedIn.headers["cache-control"]).toBe("private, no-store");
    expect(signedIn.headers["content-security-policy"]).toMatch(/'nonce-[^']+'/);
    expect(early() - before).toBe(2);
  });
});

// architecture.md §1: several processes on one database stay correct. PGlite is single-process, so
// this runs on PostgreSQL (TEST_DATABASE_URL).
describe.each(databaseKinds.filter((kind) => kind === "postgres"))(
  "the response cache across processes on %s",
  (kind) => {
    let app: TestApp;
    let second: RunningServer;
    beforeAll(async () => {
      app = await startTestApp(kind);
      const production = await loadProductionSsr();
      // A second process on the same database: its own pool, cache and LISTEN connection.
      second = await startServer({
        config: loadConfig({ PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "silent" }),
        logger: createLogger("silent"),
        database: await openPostgres(app.database.url ?? "", 2),
        ssr: production.ssr,
        build: production.build,
        clientDir: clientBuildFolder,
      });
    });
    afterAll(async () => {
      await second.close();
      await second.database.close();
      await app.close();
    });

    it("is emptied in every process on the database when the catalogue changes", async () => {
      const brand = await makeBrand(app.database.db, { title: "Two Process Band" });
      expect(await titleAt(app.url, brand.slug)).toBe("Two Process Band");
      expect(await titleAt(second.url, brand.slug)).toBe("Two Process Band");
      await app.database.db
        .update(brands)
        .set({ title: "Renamed Everywhere" })
        .where(eq(brands.id, brand.id));
      await notifyShopChanged(app.database.db);
      await eventually(() => titleAt(app.url, brand.slug), "Renamed Everywhere");
      await eventually(() => titleAt(second.url, brand.slug), "Renamed Everywhere");
    });

    it("shows a new alt text of a product's picture in every process", async () => {
      const brand = await makeBrand(app.database.db);
      const { product } = await makeProduct(app.database.db, {
        brandId: brand.id,
        variants: [{ price: 2500 }],
        image: true,
      });
      const [picture] = await app.database.db
        .select({ fileId: productMedia.fileId })
        .from(productMedia)
        .where(eq(productMedia.productId, product.id));
      const path = `/products/${product.slug}`;
      const pageAt = async (url: string) => (await fetch(`${url}${path}`)).text();
      for (const url of [app.url, second.url]) expect(await pageAt(url)).not.toContain("Staff Alt");
      const call = staffCaller(app, await signInEveryone(app));
      const changed = await call("/files/update", "staff", {
        id: picture?.fileId,
        alt: "Staff Alt Text",
      });
      expect(changed.status).toBe(200);
      await eventually(async () => (await pageAt(second.url)).includes("Staff Alt Text"), true);
      expect(await pageAt(app.url)).toContain("Staff Alt Text");
    });

    it("shows a price staff change in one process on the other's cached page", async () => {
      const brand = await makeBrand(app.database.db);
      const { product, variants } = await makeProduct(app.database.db, {
        brandId: brand.id,
        variants: [{ price: 2500 }],
      });
      const path = `/products/${product.slug}`;
      const pageAt = async (url: string) => (await fetch(`${url}${path}`)).text();
      for (const url of [app.url, second.url]) {
        expect(await pageAt(url)).toContain("£25.00");
        expect(await pageAt(url)).toContain("£25.00");
      }
      const call = staffCaller(app, await signInEveryone(app));
      const changed = await call("/product-variants/update", "staff", {
        id: variants[0]?.id,
        price: 1999,
      });
      expect((await read<unknown>(changed)).data).toBeTruthy();
      await eventually(async () => (await pageAt(second.url)).includes("£19.99"), true);
      expect(await pageAt(app.url)).toContain("£19.99");
    });
  },
);
