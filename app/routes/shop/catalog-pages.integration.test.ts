import { sql } from "drizzle-orm";
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
    // Issue 30: staff's SEO title is what social cards call the product.
    await db.execute(
      sql`update products set seo_title = 'Pylon & Sparks Tee: the 2026 tour shirt' where id = ${tee.product.id}`,
    );
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
    // Issue 30: the SEO title names the product on social cards; the tab title keeps the template.
    expect(html).toContain(
      '<meta property="og:title" content="Pylon &amp; Sparks Tee: the 2026 tour shirt"/>',
    );
    expect(html).toContain(
      '<meta name="twitter:title" content="Pylon &amp; Sparks Tee: the 2026 tour shirt"/>',
    );
    expect(html).toMatch(/<title>[^<]*Pylon &amp; Sparks Tee[^<]*<\/title>/);
    expect(html).not.toMatch(/<title>[^<]*2026 tour shirt/);
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
    // Issue 29: the band page's trail, continued (Home › Bands › band › product).
    expect(
      blocks
        .find((block) => block["@type"] === "BreadcrumbList")
        ?.itemListElement.map((item: { name: string }) => item.name),
    ).toEqual(["Home", "Bands", "Velvet Pylon", "Pylon & Sparks Tee"]);
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

  describe("issue 29: bands and breadcrumbs", () => {
    /** The breadcrumb trail's names, in order, and which one is the current page. */
    const trailOf = (html: string) => {
      const nav = /<nav aria-label="Breadcrumb"[^>]*>(.*?)<\/nav>/s.exec(html)?.[1] ?? "";
      expect(nav).toMatch(/^<ol/);
      expect(nav).not.toContain("/</span>");
      return [...nav.matchAll(/<li[^>]*>(.*?)<\/li>/gs)].map((match) => {
        const item = match[1] ?? "";
        const name = item.replace(/<[^>]+>/g, "").replaceAll("&amp;", "&");
        return item.includes('aria-current="page"') ? `[${name}]` : name;
      });
    };

    it("gives band and product pages one trail, with separators drawn by the stylesheet", async () => {
      expect(trailOf((await page("/bands/velvet-pylon")).html)).toEqual([
        "Home",
        "Bands",
        "[Velvet Pylon]",
      ]);
      expect(trailOf((await page(`/products/${tee.product.slug}`)).html)).toEqual([
        "Home",
        "Bands",
        "Velvet Pylon",
        "[Pylon & Sparks Tee]",
      ]);
    });

    it("lists only bands with published merchandise; an empty band's page has no story heading and says merch is coming", async () => {
      const db = app.database.db;
      await makeBrand(db, { title: "Quiet Vessel", slug: "quiet-vessel", story: "<p> </p>" });
      const drafted = await makeBrand(db, { title: "Draft Moth", slug: "draft-moth" });
      await makeProduct(db, {
        brandId: drafted.id,
        title: "Moth Draft Tee",
        status: "draft",
        variants: [{ price: 1500 }],
      });
      const bands = (await page("/bands?listed=1")).html;
      expect(bands).toContain('href="/bands/velvet-pylon"');
      expect(bands).not.toContain('href="/bands/quiet-vessel"');
      expect(bands).not.toContain('href="/bands/draft-moth"');

      const empty = await page("/bands/quiet-vessel");
      expect(empty.status).toBe(200);
      expect(empty.html).not.toContain("The story");
      expect(empty.html).toContain("Merch coming soon.");
      // A band with a story keeps its heading.
      expect((await page("/bands/velvet-pylon")).html).toContain(">The story</h2>");
    });

    it("sorts a band under its name without a leading 'The', the same on /bands and in the band filter", async () => {
      const db = app.database.db;
      const saints = await makeBrand(db, {
        title: "The Bracken Owls",
        slug: "the-bracken-owls",
      });
      const brass = await makeBrand(db, { title: "Brass Tundra", slug: "brass-tundra" });
      const azure = await makeBrand(db, { title: "Azure Ferry", slug: "azure-ferry" });
      for (const band of [saints, brass, azure]) {
        await makeProduct(db, {
          brandId: band.id,
          title: `${band.title} Tee`,
          variants: [{ price: 1500 }],
        });
      }
      const order = (html: string) =>
        ["azure-ferry", "the-bracken-owls", "brass-tundra", "velvet-pylon"].map((slug) =>
          html.indexOf(slug),
        );
      // A fresh address each: the anonymous page cache may hold the plain ones from earlier tests.
      const bands = (await page("/bands?sorted=1")).html;
      const inBands = order(bands);
      expect(inBands.every((at) => at > 0)).toBe(true);
      expect([...inBands].sort((a, b) => a - b)).toEqual(inBands);
      // Under B, not T.
      const letterB = /<section id="letter-B".*?<\/section>/s.exec(bands)?.[0] ?? "";
      expect(letterB).toContain("The Bracken Owls");

      const filter = (await page("/products?sort=newest")).html;
      const values = (slug: string) => filter.indexOf(`name="brand" value="${slug}"`);
      const inFilter = ["azure-ferry", "the-bracken-owls", "brass-tundra", "velvet-pylon"].map(
        values,
      );
      expect(inFilter.every((at) => at > 0)).toBe(true);
      expect([...inFilter].sort((a, b) => a - b)).toEqual(inFilter);
    });

    it("shows the first bands of the filter and the rest behind 'Show all N bands', which works without JavaScript", async () => {
      const { html } = await page("/products");
      const count = [...html.matchAll(/name="brand" value="/g)].length;
      expect(count).toBeGreaterThan(8);
      expect(html).toMatch(new RegExp(`Band <span[^>]*>\\(${count}\\)</span>`));
      expect(html).toMatch(
        new RegExp(`<details[^>]*><summary[^>]*><span[^>]*>Show all ${count} bands</span>`),
      );
      const hidden =
        /<details[^>]*><summary[^>]*><span[^>]*>Show all.*?<\/details>/s.exec(html)?.[0] ?? "";
      expect([...hidden.matchAll(/name="brand" value="/g)]).toHaveLength(count - 8);
      // A band chosen from the rest keeps the list open.
      const last = [...hidden.matchAll(/name="brand" value="([^"]+)"/g)].at(-1)?.[1];
      expect((await page(`/products?brand=${last}`)).html).toMatch(/<details open=""/);
    });

    it("prints a band's name and its genre line once: over a hero whose art carries them, for screen readers only", async () => {
      // The demo's Static Gulls: a hero with the name and "Indie · Brighton" in its lettering.
      const lettered = (await page("/bands/static-gulls")).html;
      expect(lettered).toMatch(/<img[^>]+\/api\/file\/[^>]*>/);
      expect(lettered.match(/<h1[^>]*>Static Gulls<\/h1>/g)).toEqual([
        '<h1 class="sr-only">Static Gulls</h1>',
      ]);
      expect(lettered.match(/<p[^>]*>Indie · Brighton<\/p>/g)).toEqual([
        '<p class="sr-only">Indie · Brighton</p>',
      ]);
      // Without a hero the words are the page's own, shown once.
      const db = app.database.db;
      const plain = await makeBrand(db, {
        title: "Harbour Lights",
        slug: "harbour-lights",
        genre: "Indie",
        origin: "Brighton",
      });
      await makeProduct(db, {
        brandId: plain.id,
        title: "Harbour Tee",
        variants: [{ price: 1500 }],
      });
      const { html } = await page("/bands/harbour-lights");
      expect(html.match(/Indie · Brighton/g)).toHaveLength(1);
      expect(html).toMatch(/<h1 class="font-display[^"]*">Harbour Lights<\/h1>/);
    });
  });
});
