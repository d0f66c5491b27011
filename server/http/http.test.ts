import { readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInCookie } from "../../tests/support/accounts.ts";
import { changesHeard, startTestApp, type TestApp } from "../../tests/support/app.ts";
import { databaseKinds } from "../../tests/support/databases.ts";
import { eventually } from "../../tests/support/eventually.ts";
import { clientBuildFolder } from "../paths.ts";
import { csrfTokenIsValid } from "./csrf.ts";
import { notifyShopChanged } from "./response-cache.ts";

const builtAsset = (pattern: RegExp) => {
  const name = readdirSync(join(clientBuildFolder, "assets")).find((file) => pattern.test(file));
  if (!name) throw new Error(`no built asset matches ${pattern}`);
  return `/assets/${name}`;
};

describe.each(databaseKinds)("HTTP layer on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind);
  });
  afterAll(() => app.close());

  it("answers an unknown API path with a 404 JSON body", async () => {
    const response = await app.fetch("/api/no-such-thing", { method: "POST" });
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/application\/json/);
    expect(await response.json()).toEqual({
      message: "No API endpoint at POST /api/no-such-thing.",
    });
  });

  it("answers malformed JSON with a 422", async () => {
    const response = await app.fetch("/api/client-errors", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: '{"kind": "startup", ',
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      message: "Validation failed",
      errors: { body: ["The request body is not valid JSON."] },
    });
  });

  it("refuses unknown keys and wrong shapes with a 422 naming the field", async () => {
    const response = await app.fetch("/api/client-errors", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ kind: "startup", message: "x", path: "/", admin: true }),
    });
    expect(response.status).toBe(422);
    const body = (await response.json()) as { errors: Record<string, string[]> };
    expect(Object.keys(body.errors)).toEqual(["body"]);
    expect(body.errors.body?.[0]).toMatch(/admin/);

    const wrong = await app.fetch("/api/client-errors", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ kind: "nonsense", message: "", path: "relative" }),
    });
    expect(wrong.status).toBe(422);
    const errors = ((await wrong.json()) as { errors: Record<string, string[]> }).errors;
    expect(Object.keys(errors).sort()).toEqual(["kind", "message", "path"]);
  });

  it("refuses a body over 1 MB with a 413", async () => {
    const big = JSON.stringify({ kind: "startup", message: "x".repeat(1024 * 1024), path: "/" });
    const response = await app.fetch("/api/client-errors", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: big,
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: "The request body is larger than 1 MB." });
  });

  it("logs a client error report and answers 204", async () => {
    const response = await app.fetch("/api/client-errors", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ kind: "chunk-load", message: "Failed to fetch", path: "/bands" }),
    });
    expect(response.status).toBe(204);
    expect(app.logs).toContainEqual(
      expect.objectContaining({
        msg: "client error",
        clientError: { kind: "chunk-load", message: "Failed to fetch", path: "/bands" },
      }),
    );
  });

  it("writes one request log line with id, method, path, status and duration", async () => {
    const response = await app.fetch("/api/health?secret=abc", {
      headers: { "X-Request-Id": "trace-12345678" },
    });
    expect(response.headers.get("x-request-id")).toBe("trace-12345678");
    const line = app.logs.find(
      (entry) => entry.msg === "request" && entry.requestId === "trace-12345678",
    );
    expect(line).toMatchObject({ method: "GET", path: "/api/health", status: 200 });
    expect(typeof line?.durationMs).toBe("number");
    expect(JSON.stringify(line)).not.toContain("secret=abc");
  });

  it("replaces an unsafe incoming request id with its own", async () => {
    const response = await app.fetch("/api/health", { headers: { "X-Request-Id": "<script>" } });
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("sets a signed, script-readable XSRF-TOKEN cookie", async () => {
    const response = await app.fetch("/sanctum/csrf-cookie");
    expect(response.status).toBe(204);
    const cookie = response.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^XSRF-TOKEN=[\w-]+\.[\w-]+;/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/HttpOnly/i);
    expect(cookie).not.toMatch(/Secure/);
    const token = decodeURIComponent(cookie.split(";")[0]?.split("=")[1] ?? "");
    const second = decodeURIComponent(
      (await app.fetch("/sanctum/csrf-cookie")).headers
        .get("set-cookie")
        ?.split(";")[0]
        ?.split("=")[1] ?? "",
    );
    expect(second).not.toBe(token);
    const secret = await import("../platform/settings.ts").then((m) =>
      m.signingSecret(app.database.db, undefined),
    );
    expect(csrfTokenIsValid(token, token, secret)).toBe(true);
  });

  it("sets security headers on pages and API answers", async () => {
    for (const [path, scripts] of [
      // A kept page's scripts by their hashes (decision 0035), an answer made now by its nonce.
      ["/", /script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/],
      ["/api/health", /script-src 'self' 'nonce-[A-Za-z0-9+/=]+';/],
    ] as const) {
      const response = await app.fetch(path);
      const csp = response.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toMatch(scripts);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("strict-transport-security")).toBeNull();
    }
  });

  /** The CSP header's nonce, and whether every script of the page carries it. */
  const nonceOf = async (response: Response) => {
    const nonce = /'nonce-([^']+)'/.exec(
      response.headers.get("content-security-policy") ?? "",
    )?.[1];
    const html = await response.text();
    // JSON-LD blocks are data, not scripts: CSP does not apply to them.
    const scripts = (html.match(/<script[^>]*>/g) ?? []).filter(
      (tag) => !tag.includes("application/ld+json"),
    );
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`);
    return nonce;
  };

  it("hands a kept page to every visitor without a nonce, before and after a new render", async () => {
    // docs/decisions/0035: a page kept in memory is shared, so a nonce in it would be too; its
    // policy allows its scripts by their hashes, and a render after a change does the same.
    await changesHeard(app);
    const kept = async () => {
      const response = await app.fetch("/");
      const policy = response.headers.get("content-security-policy") ?? "";
      const html = await response.text();
      expect(policy).not.toContain("'nonce-");
      expect(html).not.toContain("nonce=");
      return { policy, html };
    };
    const first = await kept();
    expect(await kept()).toEqual(first);
    const rendered = app.server.responseCache.renders();
    await notifyShopChanged(app.database.db);
    await eventually(async () => {
      await kept();
      return app.server.responseCache.renders() > rendered;
    }, true);
  });

  it("gives a signed-in shopper's page a fresh nonce per request", async () => {
    const cookie = await signedInCookie(app);
    const nonces = [];
    for (let i = 0; i < 2; i++)
      nonces.push(await nonceOf(await app.fetch("/", { headers: { Cookie: cookie } })));
    expect(nonces[0]).toBeTruthy();
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it("compresses HTML and JSON", async () => {
    const page = await app.fetch("/", { headers: { "Accept-Encoding": "gzip" } });
    expect(page.headers.get("content-encoding")).toBe("gzip");
    expect(await page.text()).toContain('<html lang="en-GB">');
    const json = await app.fetch("/api/health", { headers: { "Accept-Encoding": "gzip" } });
    expect(json.headers.get("content-encoding")).toBe("gzip");
  });

  it("serves built assets precompressed with immutable caching", async () => {
    const script = builtAsset(/^entry\.client-.*\.js$/);
    const brotli = await app.fetch(script, { headers: { "Accept-Encoding": "br, gzip" } });
    expect(brotli.status).toBe(200);
    expect(brotli.headers.get("content-encoding")).toBe("br");
    expect(brotli.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(brotli.headers.get("content-type")).toMatch(/javascript/);
    const gzip = await app.fetch(script, { headers: { "Accept-Encoding": "gzip" } });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    const css = await app.fetch(builtAsset(/\.css$/));
    expect(css.headers.get("content-type")).toMatch(/text\/css/);
  });

  it("answers a missing asset with a plain 404, not a page", async () => {
    const response = await app.fetch("/assets/missing-abc123.js");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/text\/plain/);
  });

  it("refuses path traversal out of the build folder", async () => {
    const response = await app.fetch("/assets/..%2f..%2fpackage.json");
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('"name": "encore"');
  });

  it("publishes the latest build and its manifest", async () => {
    const latest = await app.fetch(`/builds/latest.json?t=${Date.now()}`);
    expect(latest.status).toBe(200);
    expect(latest.headers.get("cache-control")).toBe("no-store");
    const build = (await latest.json()) as { id: string; timestamp: number };
    expect(build.id).toMatch(/^[a-z0-9]+$/);
    expect(build.timestamp).toBeGreaterThan(Date.UTC(2025, 0, 1));
    const meta = await app.fetch(`/builds/meta/${build.id}.json`);
    expect(meta.status).toBe(200);
    expect(await meta.json()).toEqual({
      id: build.id,
      timestamp: build.timestamp,
      prerendered: [],
    });
    expect((await app.fetch("/builds/meta/unknown.json")).status).toBe(404);
  });
});

describe("HTTP layer failures", () => {
  it("answers an unexpected error with a 500, a request id, and the stack in the log", async () => {
    const app = await startTestApp("pglite", {
      ssr: () => Promise.reject(new Error("the renderer broke")),
    });
    try {
      const response = await app.fetch("/bands");
      expect(response.status).toBe(500);
      const body = (await response.json()) as { message: string; requestId: string };
      expect(body.requestId).toBe(response.headers.get("x-request-id"));
      expect(body.message).not.toContain("renderer broke");
      const logged = app.logs.find((entry) => entry.msg === "unexpected error");
      expect(logged?.requestId).toBe(body.requestId);
      expect((logged?.err as { stack?: string } | undefined)?.stack).toContain(
        "the renderer broke",
      );
    } finally {
      await app.close();
    }
  });

  it("answers readiness with 503 when the database does not answer", async () => {
    const app = await startTestApp("pglite");
    try {
      await app.database.close();
      const response = await app.fetch("/api/ready");
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        message: "The database did not answer within 2000 ms.",
      });
      // Liveness asks nothing of the database: the process itself is fine.
      expect((await app.fetch("/api/health")).status).toBe(200);
      // Any other request answers 503 with Retry-After, never a 500 (security.md #15).
      const products = await app.fetch("/api/products?perPage=3");
      expect(products.status).toBe(503);
      expect(products.headers.get("retry-after")).toBe("5");
      // Pages too: the error screen says the shop is busy, with the same status and wait.
      for (const path of ["/products", "/bands/static-gulls", "/"]) {
        const page = await app.fetch(path);
        expect(page.status, path).toBe(503);
        expect(page.headers.get("retry-after")).toBe("5");
        expect(await page.text()).toContain(
          "The shop is busy right now. Please try again in a moment.",
        );
      }
    } finally {
      await app.close();
    }
  });

  it("sends HSTS and Secure cookies only when the shop is public over HTTPS", async () => {
    const app = await startTestApp("pglite", { env: { PUBLIC_URL: "https://shop.example" } });
    try {
      const response = await app.fetch("/sanctum/csrf-cookie");
      expect(response.headers.get("strict-transport-security")).toBe(
        "max-age=63072000; includeSubDomains",
      );
      expect(response.headers.get("set-cookie")).toMatch(/; Secure/);
      // The cookie that deletes a shown message matches the one that set it, Secure included.
      const shown = await app.fetch("/", {
        headers: { Cookie: `flash=${encodeURIComponent('[{"type":"SUCCESS","body":"Hi"}]')}` },
      });
      const cleared = shown.headers.getSetCookie().find((line) => line.startsWith("flash="));
      expect(cleared).toMatch(/Max-Age=0/);
      expect(cleared).toMatch(/; Secure/);
    } finally {
      await app.close();
    }
  });
});
