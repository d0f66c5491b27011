import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../tests/support/app.ts";
import { databaseKinds } from "../../../tests/support/databases.ts";
import { makeBrand, makeProduct } from "../../../tests/support/factories.ts";
import { legalPages } from "../../lib/legal-pages";

const PUBLIC_URL = "https://encore.example";

/** A raw request, so the Host and forwarding headers are exactly what an attacker sends. */
function rawGet(app: TestApp, path: string, headers: Record<string, string>) {
  const url = new URL(app.url);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path, method: "GET", headers },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          body += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

describe.each(databaseKinds)("robots.txt and sitemap.xml on %s", (kind) => {
  let app: TestApp;
  let band: Awaited<ReturnType<typeof makeBrand>>;
  let oddBand: Awaited<ReturnType<typeof makeBrand>>;
  let published: Awaited<ReturnType<typeof makeProduct>>;
  let draft: Awaited<ReturnType<typeof makeProduct>>;
  let archived: Awaited<ReturnType<typeof makeProduct>>;

  beforeAll(async () => {
    app = await startTestApp(kind, { env: { PUBLIC_URL } });
    const db = app.database.db;
    band = await makeBrand(db);
    // A slug no staff form would allow, to prove every address is XML-escaped.
    oddBand = await makeBrand(db, { slug: `rock&roll-<${band.id}>` });
    published = await makeProduct(db, { brandId: band.id, variants: [{ price: 2500 }] });
    draft = await makeProduct(db, {
      brandId: band.id,
      status: "draft",
      variants: [{ price: 2500 }],
    });
    archived = await makeProduct(db, {
      brandId: band.id,
      status: "archived",
      variants: [{ price: 2500 }],
    });
  });
  afterAll(() => app.close());

  it("serves robots.txt: everything allowed but the private areas, and the sitemap", async () => {
    const response = await app.fetch("/robots.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const text = await response.text();
    const lines = text.split("\n");
    expect(lines[0]).toBe("User-agent: *");
    expect(lines).toContain("Allow: /");
    for (const path of ["/basket", "/customer/", "/login", "/api/", "/checkout"]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    expect(text).not.toMatch(/Disallow: \/\s*$/m);
  });

  it("takes the sitemap's address from PUBLIC_URL, not a forged Host header", async () => {
    const forged = await rawGet(app, "/robots.txt", {
      Host: "evil.example",
      "X-Forwarded-Host": "evil.example",
      "X-Forwarded-Proto": "http",
    });
    expect(forged.status).toBe(200);
    expect(forged.body).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    expect(forged.body).not.toContain("evil.example");

    const sitemap = await rawGet(app, "/sitemap.xml", {
      Host: "evil.example",
      "X-Forwarded-Host": "evil.example",
    });
    expect(sitemap.status).toBe(200);
    expect(sitemap.body).not.toContain("evil.example");
  });

  it("serves a well-formed sitemap of absolute addresses, cached for an hour", async () => {
    const response = await app.fetch("/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
    const xml = await response.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml.trimEnd().endsWith("</urlset>")).toBe(true);

    const urls = xml.match(/<url>[\s\S]*?<\/url>/g) ?? [];
    expect(urls.length).toBe((xml.match(/<url>/g) ?? []).length);
    expect(urls.length).toBe((xml.match(/<\/url>/g) ?? []).length);
    for (const url of urls) {
      expect(url).toMatch(
        /^<url><loc>[^<]+<\/loc>(<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>)?<\/url>$/,
      );
    }
    // Every ampersand is an entity; no stray markup from shop data.
    expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) =>
      (match[1] ?? "")
        .replaceAll("&lt;", "<")
        .replaceAll("&gt;", ">")
        .replaceAll("&quot;", '"')
        .replaceAll("&apos;", "'")
        .replaceAll("&amp;", "&"),
    );
    for (const loc of locs) expect(loc.startsWith(`${PUBLIC_URL}/`)).toBe(true);
    expect(new Set(locs).size).toBe(locs.length);

    for (const path of [
      "/",
      "/bands",
      "/products",
      "/spotlight",
      "/help/contact",
      "/help/sizing-guide",
      "/company/careers",
      ...legalPages.map((page) => `/legal/${page.slug}`),
      `/bands/${band.slug}`,
    ]) {
      expect(locs).toContain(`${PUBLIC_URL}${path}`);
    }
    expect(locs).toContain(`${PUBLIC_URL}/bands/${encodeURI(oddBand.slug)}`);
    expect(xml).toContain(`/bands/rock&amp;roll-%3C${band.id}%3E</loc>`);
  });

  it("lists published products with the date they changed, never drafts or archived ones", async () => {
    const xml = await (await app.fetch("/sitemap.xml")).text();
    const { product } = published;
    const [row] = await app.database.db.query.products.findMany({
      where: (products, { eq }) => eq(products.id, product.id),
    });
    const day = row?.updatedAt.toISOString().slice(0, 10);
    expect(xml).toContain(
      `<url><loc>${PUBLIC_URL}/products/${product.slug}</loc><lastmod>${day}</lastmod></url>`,
    );
    expect(xml).not.toContain(`/products/${draft.product.slug}<`);
    expect(xml).not.toContain(`/products/${archived.product.slug}<`);
    // The seeded demo shop's products are there too.
    expect((xml.match(/\/products\/[^<]+<\/loc><lastmod>/g) ?? []).length).toBeGreaterThan(1);
  });
});
