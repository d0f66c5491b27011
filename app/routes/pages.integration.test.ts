import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInCookie } from "../../tests/support/accounts.ts";
import { startTestApp, type TestApp } from "../../tests/support/app.ts";
import { databaseKinds } from "../../tests/support/databases.ts";
import { legalPages } from "../lib/legal-pages";

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const h1Of = (html: string) => /<h1[^>]*>(.*?)<\/h1>/.exec(html)?.[1]?.replace(/<[^>]+>/g, "");
const decode = (text: string | undefined) =>
  text?.replaceAll("&amp;", "&").replaceAll("&#x27;", "'").replaceAll("&quot;", '"');

// behaviour.md §2: every screen, with the name its title carries.
const screens: Array<[path: string, name: string]> = [
  ["/", "Home"],
  ["/bands", "Bands"],
  ["/products", "Shop all"],
  ["/spotlight", "Spotlight"],
  ["/blogs", "Blogs"],
  ["/basket", "Your basket"],
  ["/company/careers", "Careers"],
  ["/help/contact", "Contact us"],
  ["/help/sizing-guide", "Sizing guide"],
  ["/login", "Sign in"],
  ...legalPages.map((page): [string, string] => [`/legal/${page.slug}`, page.title]),
];

describe.each(databaseKinds)("pages on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind);
  });
  afterAll(() => app.close());
  const customerCookie = () => signedInCookie(app);

  it.each(screens)("renders %s on the server with its title and heading", async (path, name) => {
    const response = await app.fetch(path);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await response.text();
    expect(html).toMatch(/^<!DOCTYPE html><html lang="en-GB">/);
    expect(decode(titleOf(html))).toBe(
      `Official music merchandise | ${name} – Encore | United Kingdom`,
    );
    // behaviour.md §1: the shop-wide description, unless the page has its own (content pages do).
    expect(html).toMatch(/<meta name="description" content="[^"]{40,}"/);
    expect(h1Of(html)).toBeTruthy();
  });

  it("describes the shop as official licensed merchandise on pages without their own description", async () => {
    for (const path of ["/", "/bands", "/products", "/basket", "/login"]) {
      const html = await (await app.fetch(path)).text();
      expect(html).toMatch(
        /<meta name="description" content="Official licensed music merchandise[^"]+"/,
      );
    }
  });

  it("shows the default layout's header and footer, and the guest layout on Login", async () => {
    const home = await (await app.fetch("/")).text();
    expect(home).toContain('aria-label="Main"');
    expect(home).toMatch(/Basket<\/span> <span[^>]*>0<\/span><span class="sr-only"> items<\/span>/);
    for (const link of [
      "/help/contact",
      "/help/sizing-guide",
      "/company/careers",
      ...legalPages.map((p) => `/legal/${p.slug}`),
    ]) {
      expect(home).toContain(`href="${link}"`);
    }
    const login = await (await app.fetch("/login")).text();
    expect(login).not.toContain('aria-label="Main"');
    expect(login).toContain("Back to the shop");
  });

  it("lets shared caches keep anonymous pages briefly, but not a shopper's own", async () => {
    for (const cookie of ["", "basket=%7B%7D"]) {
      // An empty basket shows the same page as none.
      const anonymous = await app.fetch("/bands", { headers: { Cookie: cookie } });
      expect(anonymous.headers.get("cache-control")).toBe(
        "public, max-age=60, stale-while-revalidate=300",
      );
      expect(anonymous.headers.get("vary")).toContain("Cookie");
    }
    // The header counts their basket: only their browser may keep it.
    const shopper = await app.fetch("/bands", { headers: { Cookie: "basket=%7B%2212%22%3A2%7D" } });
    expect(shopper.headers.get("cache-control")).toBe("private, no-cache");
    // A page for one visitor: nobody keeps it (decision 0035).
    const signedIn = await app.fetch("/bands", { headers: { Cookie: "token=not-live" } });
    expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
    // Sign-in sets its own, stricter, value.
    const personal = await app.fetch("/login");
    expect(personal.headers.get("cache-control")).toBe("private, no-store");
    const missing = await app.fetch("/no-such-page");
    expect(missing.headers.get("cache-control")).toBeNull();
  });

  it("counts the stored basket in the server-rendered header", async () => {
    const basket = encodeURIComponent(JSON.stringify({ 12: 2, 15: 1 }));
    const html = await (await app.fetch("/", { headers: { Cookie: `basket=${basket}` } })).text();
    expect(html).toMatch(/Basket<\/span> <span[^>]*>3<\/span><span class="sr-only"> items<\/span>/);
  });

  it("keeps basket, account and sign-in pages out of search results", async () => {
    for (const path of ["/basket", "/login"]) {
      expect(await (await app.fetch(path)).text()).toContain(
        '<meta name="robots" content="noindex, nofollow"/>',
      );
    }
    const dashboard = await app.fetch("/customer/dashboard", {
      headers: { Cookie: await customerCookie() },
    });
    expect(await dashboard.text()).toContain('<meta name="robots" content="noindex, nofollow"/>');
    const home = await (await app.fetch("/")).text();
    expect(home).not.toContain('name="robots"');
    expect(home).toContain('"@type":"Organization"');
    expect(home).toContain('<link rel="canonical" href="http://localhost:3000/"/>');
  });

  it("gives only a page's leading pictures high priority; recommendations load lazily", async () => {
    const eager = (html: string) => html.match(/<img[^>]*fetchpriority="high"[^>]*>/gi) ?? [];
    const product = await (await app.fetch("/products/mothwing-cathedral-logo-longsleeve")).text();
    // The gallery's main picture alone: "Complete the look" and "More from …" wait their turn.
    expect(eager(product)).toHaveLength(1);
    expect(eager(product)[0]).toContain('alt="Logo Longsleeve in Black, front"');
    const band = await (await app.fetch("/bands/static-gulls")).text();
    // The band's banner alone: its products sit below it.
    expect(eager(band)).toHaveLength(1);
    expect(eager(band)[0]).toContain("w=1200");
  });

  it("shows the spotlight's artwork on the spotlight page, as the home page leads with it", async () => {
    const artOf = (html: string) => /<img src="([^"]+)"[^>]*fetchpriority="high"/i.exec(html)?.[1];
    const home = artOf(await (await app.fetch("/")).text());
    expect(home).toMatch(/^\/api\/file\/.+\?w=1200$/);
    expect(artOf(await (await app.fetch("/spotlight")).text())).toBe(home);
  });

  it("links real favicon files", async () => {
    const html = await (await app.fetch("/")).text();
    const icons = [
      ["/favicon.svg", "image/svg+xml", 'rel="icon" href="/favicon.svg" type="image/svg+xml"'],
      [
        "/favicon-32.png",
        "image/png",
        'rel="icon" href="/favicon-32.png" sizes="32x32" type="image/png"',
      ],
      ["/apple-touch-icon.png", "image/png", 'rel="apple-touch-icon" href="/apple-touch-icon.png"'],
    ] as const;
    for (const [path, type, link] of icons) {
      expect(html).toContain(link);
      const response = await app.fetch(path);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(
        new RegExp(`^${type.replace("+", "\\+")}`),
      );
      expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(100);
    }
  });

  it("redirects /collections/... to /bands/... for good, keeping the query", async () => {
    const response = await app.fetch("/collections/the-night-owls?sort=newest&page=2");
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/bands/the-night-owls?sort=newest&page=2");
    const nested = await app.fetch("/collections/a/b");
    expect(nested.status).toBe(301);
    expect(nested.headers.get("location")).toBe("/bands/a/b");
    // The bare path goes to the bands, not round in a loop to itself.
    for (const path of ["/collections", "/collections/"]) {
      const bare = await app.fetch(`${path}?page=2`);
      expect(bare.status).toBe(301);
      expect(bare.headers.get("location")).toBe("/bands?page=2");
    }
  });

  // Issue 29: an old link to a collection lands on that collection, `all` on every product, a
  // product inside a collection on the product; a band's slug on the band. One hop each.
  it.each([
    ["/collections/static-gulls", "/bands/static-gulls"],
    ["/collections/tour-2026", "/products?collection=tour-2026"],
    ["/collections/on-sale?page=2", "/products?collection=on-sale&page=2"],
    ["/collections/all?sort=newest", "/products?sort=newest"],
    [
      "/collections/tour-2026/products/mothwing-cathedral-logo-longsleeve",
      "/products/mothwing-cathedral-logo-longsleeve",
    ],
  ])("sends the old link %s to %s, which answers", async (path, target) => {
    const response = await app.fetch(path);
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe(target);
    expect((await app.fetch(target)).status).toBe(200);
  });

  it("never sends an old link off the shop", async () => {
    for (const path of [
      "/collections/%2F%2Fevil.example",
      "/collections/%5Cevil.example",
      "/collections/x/products/%2F%2Fevil.example",
    ]) {
      const response = await app.fetch(path);
      expect(response.status, path).toBe(301);
      expect(response.headers.get("location"), path).toMatch(/^\/(bands|products)\/[^/\\]/);
    }
  });

  it.each([
    "/customer/dashboard",
    "/customer/orders/12",
    "/customer/checkout/success/7",
    "/customer/anything/else?x=1",
  ])("sends a guest opening %s to Login (302) with the path to come back to", async (path) => {
    const response = await app.fetch(path);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/login?redirect=${encodeURIComponent(path)}`);
  });

  it("lets a signed-in customer into the customer area", async () => {
    const response = await app.fetch("/customer/dashboard", {
      headers: { Cookie: await customerCookie() },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(h1Of(await response.text())).toBe("Hello, Alex");
  });

  it("checks the token, not just the cookie: a dead one goes to Login and is cleared", async () => {
    const response = await app.fetch("/customer/dashboard", {
      headers: { Cookie: "token=a-token-the-server-never-issued" },
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login?redirect=%2Fcustomer%2Fdashboard");
    // Login lets them in, and the shop clears the dead cookie so it no longer looks signed in.
    const login = await app.fetch("/login", {
      headers: { Cookie: "token=a-token-the-server-never-issued" },
    });
    expect(login.status).toBe(200);
    const home = await app.fetch("/", {
      headers: { Cookie: "token=a-token-the-server-never-issued" },
    });
    expect(home.headers.getSetCookie()).toContainEqual(expect.stringMatching(/^token=; Max-Age=0/));
    expect(await home.text()).toContain(">Sign in<");
  });

  it("sends a visitor with a token cookie away from Login (guest middleware)", async () => {
    const response = await app.fetch("/login", { headers: { Cookie: await customerCookie() } });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/customer/dashboard");
  });

  it("answers an unmatched path with a 404 error page", async () => {
    const response = await app.fetch("/no/such/page?x=1&y=%3Cb%3E");
    expect(response.status).toBe(404);
    const html = await response.text();
    // behaviour.md §8: the full path, with its query, as the browser sent it.
    expect(html).toContain("Page not found: /no/such/page?x=1&amp;y=%3Cb%3E");
    expect(html).toContain("Oops!");
    expect(html).toContain(">404<");
    expect(html).toMatch(/<a href="\/"[^>]*>Go Back Home<\/a>/);
    expect(decode(titleOf(html))).toBe(
      "Official music merchandise | Page not found – Encore | United Kingdom",
    );
  });

  // Issue 29: not a dead end. The shop's header (search, basket), footer and ways on stay.
  it.each(["/no/such/page", "/products/no-such-product", "/bands/no-such-band"])(
    "keeps %s's 404 inside the shop, with a search and the ways on",
    async (path) => {
      const response = await app.fetch(path);
      expect(response.status).toBe(404);
      const html = decode(await response.text()) ?? "";
      expect(html).toContain("Oops!");
      expect(html).toMatch(/<header[^>]*>[\s\S]*Basket[\s\S]*<\/header>/);
      expect(html).toMatch(/<footer[^>]*>[\s\S]*Returns and refunds[\s\S]*<\/footer>/);
      // Its own search, besides the header's, and the ways on.
      expect(html.match(/<form[^>]*action="\/products"/g)?.length).toBeGreaterThanOrEqual(2);
      for (const way of ["Shop all merch", "See all bands", "Contact us"]) {
        expect(html).toContain(way);
      }
    },
  );

  it.each([
    ["/bands/Not_A_Slug", "/bands/Not_A_Slug"],
    ["/products/bad--slug?colour=red", "/products/bad--slug?colour=red"],
    ["/products/band/-x", "/products/band/-x"],
  ])("answers %s (a bad slug) with 404 'Page Not Found: {fullPath}'", async (path, fullPath) => {
    const response = await app.fetch(path);
    expect(response.status).toBe(404);
    const html = decode(await response.text()) ?? "";
    expect(html).toContain(`Page Not Found: ${fullPath}`);
    expect(html).toContain("Oops!");
  });

  it.each([
    "/customer/orders/abc",
    "/customer/orders/0",
    "/customer/checkout/success/-1",
    "/customer/orders/99999999999999999999",
  ])("answers %s (a bad id) with 404 'Page Not Found: {fullPath}'", async (path) => {
    const response = await app.fetch(path, { headers: { Cookie: await customerCookie() } });
    expect(response.status).toBe(404);
    expect(await response.text()).toContain(`Page Not Found: ${path}`);
  });

  it("answers client-side data requests for a guarded page with the same redirect", async () => {
    const response = await app.fetch("/customer/dashboard.data");
    // React Router's single-fetch answer describes the redirect in its body.
    const body = await response.text();
    expect(body).toContain('"redirect","/login?redirect=%2Fcustomer%2Fdashboard"');
    expect(body).toContain('"status",302');
  });
});
