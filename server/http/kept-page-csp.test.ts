import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInCookie } from "../../tests/support/accounts.ts";
import { changesHeard, startTestApp, type TestApp } from "../../tests/support/app.ts";
import { databaseKinds } from "../../tests/support/databases.ts";
import { makeBrand, makeProduct } from "../../tests/support/factories.ts";
import { PERSONAL_PAGE, PRIVATE_PAGE, PUBLIC_CACHE } from "./page-caching.ts";

/** What one visitor got: the answer's headers and the page's text. */
type Visit = { status: number; headers: Headers; html: string };

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
// The element the page keeps React Router's module in, for its loader to run (decision 0035).
const DEFERRED_MODULE_TYPE = "text/x-module-after-paint";

/**
 * The inline scripts a browser would run from `html`, and the kept module the loader runs as
 * one: every `<script>` without a src but JSON-LD's. Their texts, as the page has them.
 */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(SCRIPT)]
    .filter(([, attributes = ""]) => !/\ssrc=/.test(attributes))
    .filter(([, attributes = ""]) => !attributes.includes('type="application/ld+json"'))
    .map(([, , text = ""]) => text);
}

/** The `'sha256-…'` sources of a policy's script-src, without quotes. */
function scriptHashesOf(policy: string): string[] {
  const scriptSrc = policy.split("; ").find((directive) => directive.startsWith("script-src "));
  return [...(scriptSrc ?? "").matchAll(/'(sha256-[A-Za-z0-9+/=]+)'/g)].map(
    ([, hash]) => hash ?? "",
  );
}

const sha256 = (text: string) =>
  `sha256-${createHash("sha256").update(text.replace(/\r\n?/g, "\n"), "utf8").digest("base64")}`;

const basketCookie = (lines: Record<number, number>) =>
  `basket=${encodeURIComponent(JSON.stringify(lines))}`;

// docs/security.md #27: a page kept in memory (and, when public, by a CDN) is handed to many
// visitors, so it carries no per-request secret: its scripts are allowed by their hashes, not a
// nonce (docs/decisions/0035); Cache-Control says which pages a shared cache may keep at all.
describe.each(databaseKinds)("kept pages, their scripts and their caching on %s", (kind) => {
  let app: TestApp;
  let productPath: string;
  let variantId: number;
  beforeAll(async () => {
    app = await startTestApp(kind);
    const brand = await makeBrand(app.database.db);
    const { product, variants } = await makeProduct(app.database.db, {
      brandId: brand.id,
      variants: [{ price: 2500, stock: 40 }],
    });
    await changesHeard(app);
    productPath = `/products/${product.slug}`;
    variantId = variants[0]?.id ?? 0;
  });
  afterAll(() => app.close());

  const visit = async (path: string, headers: Record<string, string> = {}): Promise<Visit> => {
    const response = await app.fetch(path, { headers });
    return { status: response.status, headers: response.headers, html: await response.text() };
  };
  const policyOf = (page: Visit) => page.headers.get("content-security-policy") ?? "";

  it.each(["/", "/products", "product"])(
    "hands two visitors of %s the same page with no nonce, whose policy allows exactly its scripts",
    async (which) => {
      const path = which === "product" ? productPath : which;
      await changesHeard(app);
      const answered = app.server.answeredFromMemory();
      // The first visitor's page is rendered and kept; the second's comes from memory.
      const first = await visit(path);
      const second = await visit(path, { "Accept-Encoding": "identity" });
      expect(app.server.answeredFromMemory() - answered).toBe(1);
      for (const page of [first, second]) {
        expect(page.status).toBe(200);
        expect(page.html).not.toContain("nonce=");
        expect(policyOf(page)).not.toContain("'nonce-");
        const scripts = inlineScripts(page.html);
        // The context, the loader, the kept module, the scroll restorer, the stream's data.
        expect(scripts.length).toBeGreaterThanOrEqual(4);
        // Exactly the scripts the page has: each one's hash, and nothing else.
        expect(new Set(scriptHashesOf(policyOf(page)))).toEqual(new Set(scripts.map(sha256)));
      }
      expect(second.html).toBe(first.html);
      expect(policyOf(second)).toBe(policyOf(first));
      // The module the loader runs is one of them, by the text the page keeps for it.
      expect(first.html).toContain(`type="${DEFERRED_MODULE_TYPE}"`);
    },
  );

  it("renders a signed-in visitor's page with a nonce of its own each time, kept by nobody", async () => {
    const cookie = await signedInCookie(app);
    const nonces: string[] = [];
    for (let i = 0; i < 2; i++) {
      const page = await visit(productPath, { Cookie: cookie });
      const nonce = /'nonce-([^']+)'/.exec(policyOf(page))?.[1] ?? "";
      expect(nonce).not.toBe("");
      expect(scriptHashesOf(policyOf(page))).toEqual([]);
      // Every script the page runs carries this request's nonce.
      const tags = [...page.html.matchAll(/<script\b([^>]*)>/g)].map(
        ([, attributes]) => attributes,
      );
      for (const attributes of tags.filter((each) => !each?.includes("ld+json"))) {
        expect(attributes).toContain(`nonce="${nonce}"`);
      }
      expect(page.headers.get("cache-control")).toBe(PERSONAL_PAGE);
      nonces.push(nonce);
    }
    expect(new Set(nonces).size).toBe(2);
  });

  it("says per kind of page what a browser and a shared cache may keep", async () => {
    const flash = `flash=${encodeURIComponent(JSON.stringify([{ type: "SUCCESS", body: "Hi" }]))}`;
    const cookie = await signedInCookie(app);
    const kinds: Array<[string, string, Record<string, string>, string]> = [
      // Anonymous, nothing of the visitor on it: a CDN may keep it a minute.
      ["anonymous product page", productPath, {}, PUBLIC_CACHE],
      ["anonymous listing", "/products?sort=price-asc", {}, PUBLIC_CACHE],
      // The basket count is the visitor's: their browser only.
      [
        "page with a basket count",
        productPath,
        { Cookie: basketCookie({ [variantId]: 2 }) },
        PRIVATE_PAGE,
      ],
      // Made for one visitor: nobody keeps it.
      ["signed-in page", productPath, { Cookie: cookie }, PERSONAL_PAGE],
      [
        "page with a message (it clears the cookie)",
        "/help/contact",
        { Cookie: flash },
        PERSONAL_PAGE,
      ],
      ["basket", "/basket", {}, PERSONAL_PAGE],
      ["sign-in", "/login", {}, PERSONAL_PAGE],
      ["checkout", "/checkout", { Cookie: basketCookie({ [variantId]: 1 }) }, PERSONAL_PAGE],
    ];
    for (const [name, path, headers, expected] of kinds) {
      const page = await visit(path, headers);
      expect(page.status, name).toBe(200);
      expect(page.headers.get("cache-control"), name).toBe(expected);
      // Whatever may be kept by anyone but this visitor holds no nonce.
      if (expected !== PERSONAL_PAGE) {
        expect(page.html, name).not.toContain("nonce=");
        expect(policyOf(page), name).not.toContain("'nonce-");
      }
    }
    // A public API answer: kept, with no script and so nothing to allow.
    const api = await app.fetch("/api/products");
    expect(api.headers.get("cache-control")).toBe(PUBLIC_CACHE);
    expect(api.headers.get("content-security-policy")).toContain("script-src 'self'; ");
  });
});
