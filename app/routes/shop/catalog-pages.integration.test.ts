import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSpotlight } from "../../../server/catalog/service/writes.ts";
import { startTestApp, type TestApp } from "../../../tests/support/app.ts";
import { databaseKinds } from "../../../tests/support/databases.ts";
import {
  makeAttributeType,
  makeBrand,
  makeCollection,
  makeProduct,
} from "../../../tests/support/factories.ts";

const titleOf = (html: string) =>
  /<title>([^<]*)<\/title>/.exec(html)?.[1]?.replaceAll("&amp;", "&");

describe.each(databaseKinds)("catalogue pages on %s", (kind) => {
  let app: TestApp;
  let band: Awaited<ReturnType<typeof makeBrand>>;
  let tee: Awaited<ReturnType<typeof makeProduct>>;
  let draft: Awaited<ReturnType<typeof makeProduct>>;
  let collection: Awaited<ReturnType<typeof makeCollection>>;
  let size: Awaited<ReturnType<typeof makeAttributeType>>;
  const page = async (path: string) => {
    const response = await app.fetch(path);
    return { status: response.status, html: await response.text() };
  };

  beforeAll(async () => {
    app = await startTestApp(kind);
    const db = app.database.db;
    band = await makeBrand(db, {
      title: "Velvet Pylon",
      slug: "velvet-pylon",
      story: '<p>Formed in Hull.</p><script>alert("x")</script><p onclick="x()">Loud.</p>',
      links: { website: "https://example.com/velvet-pylon", bandcamp: "javascript:alert(1)" },
    });
    size = await makeAttributeType(db, "Size", ["S", "M"]);
    tee = await makeProduct(db, {
      brandId: band.id,
      title: "Pylon & Sparks Tee",
      productType: "T-shirt",
      description: "<p>Heavy cotton.</p><img src=x onerror=alert(1)>",
      image: true,
      variants: [
        { price: 2400, stock: 2, attributeIds: [size.values.S?.id ?? 0] },
        { price: 2600, stock: 0, compareAtPrice: 3000, attributeIds: [size.values.M?.id ?? 0] },
      ],
    });
    await makeProduct(db, {
      brandId: band.id,
      title: "Pylon Poster",
      productType: "Poster",
      variants: [{ price: 1500 }],
    });
    collection = await makeCollection(db, { productIds: [tee.product.id] });
    draft = await makeProduct(db, {
      brandId: band.id,
      title: "Unreleased Tee",
      status: "draft",
      variants: [{ price: 1500 }],
    });
  });
  afterAll(() => app.close());

  it("titles a product page with the product's title and shows its options", async () => {
    const { status, html } = await page(`/products/${tee.product.slug}`);
    expect(status).toBe(200);
    expect(titleOf(html)).toBe(
      "Official music merchandise | Pylon & Sparks Tee – Encore | United Kingdom",
    );
    expect(html).toContain("Velvet Pylon");
    expect(html).toMatch(/From <!-- -->£24\.00|From <\/span>£24\.00/);
    expect(html).toContain(">S<");
    expect(html).toContain("(sold out)");
    expect(html).toContain('href="/help/sizing-guide#t-shirt"');
    expect(html).toContain('aria-label="Breadcrumb"');
    expect(html).toContain("Heavy cotton.");
    expect(html).not.toContain("onerror");
    expect(html).toMatch(/<img[^>]+fetchPriority="high"|<img[^>]+fetchpriority="high"/i);
    expect(html).toMatch(/srcSet="\/api\/file\/[^"]+\?w=160 160w/);
  });

  it("gives a product page its canonical link, social cards and JSON-LD", async () => {
    const { html } = await page(`/products/${tee.product.slug}?sort=title&utm_source=x`);
    expect(html).toContain(
      `<link rel="canonical" href="http://localhost:3000/products/${tee.product.slug}"/>`,
    );
    expect(html).toContain('<meta property="og:type" content="product"/>');
    expect(html).toMatch(/<meta name="twitter:card" content="summary_large_image"\/>/);
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
      (match) => JSON.parse(match[1] ?? "{}"),
    );
    const product = blocks.find((block) => block["@type"] === "Product");
    expect(product).toMatchObject({
      name: "Pylon & Sparks Tee",
      brand: { "@type": "Brand", name: "Velvet Pylon" },
      offers: {
        "@type": "AggregateOffer",
        priceCurrency: "GBP",
        lowPrice: "24.00",
        highPrice: "26.00",
      },
    });
    expect(
      blocks.find((block) => block["@type"] === "BreadcrumbList")?.itemListElement,
    ).toHaveLength(3);
    expect(html).not.toContain('name="robots"');
  });

  it("preselects a variant from ?variant= and shows its stock state", async () => {
    const { html } = await page(`/products/${tee.product.slug}?variant=${tee.variants[0]?.id}`);
    expect(html).toContain("Only 2 left");
  });

  // Issue 29: a product with nothing left says so, instead of asking for a choice.
  it("shows a product sold out in every option as sold out, with nothing to choose or add", async () => {
    const db = app.database.db;
    const colour = await makeAttributeType(db, "Colour", ["Black", "White"]);
    const gone = await makeProduct(db, {
      brandId: band.id,
      title: "Gone Hoodie",
      productType: "Hoodie",
      variants: [
        {
          price: 4000,
          stock: 0,
          attributeIds: [size.values.S?.id ?? 0, colour.values.Black?.id ?? 0],
        },
        {
          price: 4000,
          stock: 0,
          attributeIds: [size.values.M?.id ?? 0, colour.values.White?.id ?? 0],
        },
      ],
    });
    const { status, html } = await page(`/products/${gone.product.slug}`);
    expect(status).toBe(200);
    const text = html.replace(/<!-- -->/g, "");
    expect(text).toContain(">Sold out</p>");
    expect(text).toContain("Sold out in every option.");
    expect(text).not.toContain("to see availability");
    expect(text).toMatch(/<button[^>]*disabled=""[^>]*>Sold out<\/button>/);
    expect(text).not.toContain(">Add to basket<");
  });

  it("asks only for the options still to choose, by their own names", async () => {
    const db = app.database.db;
    const colour = await makeAttributeType(db, "Colour", ["Red", "Blue"]);
    const format = await makeAttributeType(db, "Format", ["CD", "LP"]);
    const hoodie = await makeProduct(db, {
      brandId: band.id,
      title: "Two Choice Hoodie",
      productType: "Hoodie",
      variants: [
        {
          price: 4000,
          stock: 3,
          attributeIds: [size.values.S?.id ?? 0, colour.values.Red?.id ?? 0],
        },
        {
          price: 4000,
          stock: 3,
          attributeIds: [size.values.M?.id ?? 0, colour.values.Blue?.id ?? 0],
        },
      ],
    });
    const album = await makeProduct(db, {
      brandId: band.id,
      title: "The Album",
      productType: "CD",
      variants: [
        { price: 1200, stock: 3, attributeIds: [format.values.CD?.id ?? 0] },
        { price: 2500, stock: 3, attributeIds: [format.values.LP?.id ?? 0] },
      ],
    });
    const plain = (html: string) => html.replace(/<!-- -->/g, "");
    expect(plain((await page(`/products/${hoodie.product.slug}`)).html)).toContain(
      "Choose your size and colour to see availability.",
    );
    expect(
      plain((await page(`/products/${hoodie.product.slug}?${colour.type.slug}=red`)).html),
    ).toContain("Choose your size to see availability.");
    expect(plain((await page(`/products/${album.product.slug}`)).html)).toContain(
      "Choose your format to see availability.",
    );
    // Without scripts the add posts the options chosen; the answer names the one left.
    const added = await app.fetch("/basket", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url },
      body: new URLSearchParams({
        intent: "add",
        productId: String(album.product.id),
        quantity: "1",
      }).toString(),
      redirect: "manual",
    });
    expect(plain(await added.text())).toContain("Choose your format, then add it again.");
  });

  it("404s a draft, an unknown and a malformed product", async () => {
    expect((await page(`/products/${draft.product.slug}`)).status).toBe(404);
    const unknown = await page("/products/no-such-thing");
    expect(unknown.status).toBe(404);
    expect(unknown.html).toContain("Page not found: /products/no-such-thing");
    expect((await page("/products/NOPE")).html).toContain("Page Not Found: /products/NOPE");
  });

  it("shows a band with a safe story, safe links and its products", async () => {
    const { status, html } = await page("/bands/velvet-pylon");
    expect(status).toBe(200);
    expect(titleOf(html)).toBe(
      "Official music merchandise | Velvet Pylon – Encore | United Kingdom",
    );
    expect(html).toContain("<p>Formed in Hull.</p>");
    expect(html).not.toContain("alert(");
    expect(html).not.toContain("onclick");
    expect(html).toContain('href="https://example.com/velvet-pylon"');
    expect(html).toContain("Pylon Poster");
    expect(html).not.toContain("Unreleased Tee");
    expect((await page("/bands/no-such-band")).status).toBe(404);
  });

  it("lists the bands A to Z with letter jumps", async () => {
    const { html } = await page("/bands");
    expect(html).toContain('aria-label="Jump to letter"');
    expect(html).toContain('href="#letter-V"');
    expect(html).toContain('<section id="letter-V"');
    expect(html).toContain('href="/bands/velvet-pylon"');
    // Every letter has its place; one without bands is no link and says so.
    const letters = [...html.matchAll(/href="#letter-([A-Z#])"/g)].map((match) => match[1]);
    const missing = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZ"].find((letter) => !letters.includes(letter));
    expect(missing).toBeDefined();
    expect(html).toContain(`${missing}<span class="sr-only"> (no bands)</span>`);
  });

  it("filters, sorts and pages the listing from the URL, without JavaScript", async () => {
    const filtered = await page(`/products/band/velvet-pylon?type=poster&sort=price-asc`);
    expect(filtered.status).toBe(200);
    expect(filtered.html).toContain("Pylon Poster");
    expect(filtered.html).not.toContain("Pylon &amp; Sparks Tee</a>");
    expect(filtered.html).toMatch(/<option value="price-asc" selected="">/);
    const posterBox = /<input[^>]*value="poster"[^>]*>/.exec(filtered.html)?.[0];
    expect(posterBox).toContain('checked=""');
    expect(/<input[^>]*value="t-shirt"[^>]*>/.exec(filtered.html)?.[0]).not.toContain("checked");
    const both = await page(`/products?brand=velvet-pylon&brand=no-such&type=poster&type=t-shirt`);
    expect(both.html).toContain("Pylon Poster");
    expect(both.html).toContain("Pylon &amp; Sparks Tee");
    const odd = await page(`/products?type=spaceship&page=abc&priceMin=oops`);
    expect(odd.status).toBe(200);
  });

  it("names a collection view after the collection, and 404s an unknown collection", async () => {
    const { status, html } = await page(`/products?collection=${collection.slug}`);
    expect(status).toBe(200);
    const title = /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
    expect(title).toMatch(/^Test Collection /);
    expect(titleOf(html)).toBe(`Official music merchandise | ${title} – Encore | United Kingdom`);
    expect(html).toContain(
      `<link rel="canonical" href="http://localhost:3000/products?collection=${collection.slug}"/>`,
    );
    expect(html).toContain("Pylon &amp; Sparks Tee");
    expect(html).not.toContain("Pylon Poster</a>");
    // The filters keep the collection when they change.
    expect(html).toContain(`<input type="hidden" name="collection" value="${collection.slug}"/>`);
    expect((await page("/products?collection=no-such-collection")).status).toBe(404);
  });

  it("redirects a listing URL with empty or default parameters to its clean form", async () => {
    const response = await app.fetch("/products?sort=featured&price=&type=poster&q=");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/products?type=poster");
    const band = await app.fetch("/products/band/velvet-pylon?sort=featured&price=");
    expect(band.status).toBe(302);
    expect(band.headers.get("location")).toBe("/products/band/velvet-pylon");
  });

  it("keeps a chosen filter that matches nothing, shows it as a chip, and disables empty options", async () => {
    const M = size.values.M?.id;
    const { html } = await page(`/products/band/velvet-pylon?type=poster&attributes=${M}`);
    // Posters come in no size, yet the chosen M stays, ticked, at 0; S cannot be chosen.
    const box = (value: string) =>
      new RegExp(`<input[^>]*name="attributes"[^>]*value="${value}"[^>]*>`).exec(html)?.[0] ?? "";
    expect(box(String(M))).toContain('checked=""');
    expect(box(String(M))).not.toContain("disabled");
    expect(box(String(size.values.S?.id))).toContain('disabled=""');
    expect(html).toContain("Nothing matches those filters.");
    expect(html).toContain('aria-label="Chosen filters"');
    const chip = (href: string, label: string) =>
      new RegExp(
        `href="${href.replace("?", "\\?")}"[^>]*><span class="sr-only">Remove filter: </span>${label}`,
      );
    expect(html).toMatch(chip(`/products/band/velvet-pylon?attributes=${M}`, "Poster"));
    expect(html).toMatch(chip("/products/band/velvet-pylon?type=poster", "Size: M"));
    expect(html).toContain('href="#results"');
  });

  it("shows search results for a query", async () => {
    const { html } = await page(`/products?q=${encodeURIComponent("pylon spar")}`);
    expect(html).toContain("Search results");
    expect(html).toContain("Pylon &amp; Sparks Tee");
    expect(html).not.toContain("Pylon Poster</a>");
  });

  it("shows a spotlight's text as safe HTML", async () => {
    await createSpotlight(app.database.db, {
      headline: "Velvet Pylon, loud",
      body: '<p>Their <em>loudest</em> year.</p><script>alert("x")</script><p onclick="x()">Go.</p>',
      brandId: band.id,
      startsAt: new Date(),
    });
    const { html } = await page("/spotlight");
    expect(html).toContain("<p>Their <em>loudest</em> year.</p>");
    expect(html).toContain("<p>Go.</p>");
    expect(html).not.toContain("alert(");
    expect(html).not.toContain("onclick");
    expect(html).not.toContain("&lt;p&gt;");
  });

  it.each([
    "/",
    "/products",
    "/products?q=pylon",
    "/products/band/velvet-pylon",
    "/bands/velvet-pylon",
    "/spotlight",
  ])("keeps the headings of %s in order: the h1, then no level skipped", async (path) => {
    const { html } = await page(path);
    const main = html.slice(html.indexOf('<main id="main"'), html.indexOf("</main>"));
    const levels = [...main.matchAll(/<h([1-6])\b/g)].map(([, level]) => Number(level));
    expect(levels[0]).toBe(1);
    expect(levels.filter((level) => level === 1)).toHaveLength(1);
    const skips = levels.filter(
      (level, index) => index > 0 && level > (levels[index - 1] ?? 0) + 1,
    );
    expect(skips).toEqual([]);
  });

  it("gives the cards of a product list h2 headings, straight under the page's h1", async () => {
    const { html } = await page("/products/band/velvet-pylon");
    expect(html).toMatch(/<h2[^>]*><a[^>]*href="\/products\/[^"]+"[^>]*>Pylon Poster<\/a><\/h2>/);
  });

  it("shows the spotlight and home sections", async () => {
    expect((await page("/spotlight")).status).toBe(200);
    const home = await page("/");
    expect(home.status).toBe(200);
    expect(home.html).toContain('role="search"');
  });
});
