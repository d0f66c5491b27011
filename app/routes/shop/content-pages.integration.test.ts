import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setCookie } from "../../../server/auth/test-helpers.ts";
import { contactMessages } from "../../../server/content/schema.ts";
import { rateLimitHits } from "../../../server/platform/schema.ts";
import { startTestApp, type TestApp } from "../../../tests/support/app.ts";
import { databaseKinds } from "../../../tests/support/databases.ts";
import { legalPages } from "../../lib/legal-pages";

const decode = (html: string) =>
  html.replaceAll("&amp;", "&").replaceAll("&#x27;", "'").replaceAll("&quot;", '"');
const titleOf = (html: string) => decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "");
const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/g)].map(
    ([, json]) => JSON.parse(json ?? "{}") as Record<string, unknown>,
  );

describe.each(databaseKinds)("content pages on %s", (kind) => {
  let app: TestApp;
  const page = async (path: string) => {
    const response = await app.fetch(path);
    return { status: response.status, html: decode(await response.text()), response };
  };
  beforeAll(async () => {
    app = await startTestApp(kind);
  });
  afterAll(() => app.close());

  describe("legal pages", () => {
    it.each(legalPages.map((entry) => [entry.slug, entry.title]))(
      "/legal/%s: full text with a last-updated date and a contents list whose links all land",
      async (slug, title) => {
        const { status, html } = await page(`/legal/${slug}`);
        expect(status).toBe(200);
        expect(titleOf(html)).toBe(
          `Official music merchandise | ${title} – Encore | United Kingdom`,
        );
        expect(html).toContain("Last updated <time");
        expect(html).toContain("24 November 2026");
        const contents = /aria-labelledby="contents".*?<\/nav>/s.exec(html)?.[0] ?? "";
        const anchors = [...contents.matchAll(/<a href="#([a-z0-9-]+)"/g)].map(([, id]) => id);
        expect(anchors.length).toBeGreaterThanOrEqual(6);
        for (const id of anchors) expect(html).toContain(`<h2 id="${id}">`);
        // Original, complete text, not a placeholder.
        expect(html.replace(/<[^>]+>/g, " ").split(/\s+/).length).toBeGreaterThan(1200);
        expect(html).not.toMatch(/lorem ipsum|\[company\]|TODO/i);
      },
    );

    it("states the 14-day right to cancel and the shop's real cookies", async () => {
      expect((await page("/legal/returns-and-refunds-policy")).html).toContain("14 days");
      const cookies = (await page("/legal/cookie-policy")).html;
      for (const name of ["token", "XSRF-TOKEN", "basket", "discount_code", "cookie_consent"]) {
        expect(cookies).toContain(`<td>${name}</td>`);
      }
    });
  });

  describe("blogs", () => {
    it("lists every blog with its latest articles", async () => {
      const { status, html } = await page("/blogs");
      expect(status).toBe(200);
      expect(titleOf(html)).toBe("Official music merchandise | Blogs – Encore | United Kingdom");
      for (const blog of ["News", "Tour diaries", "Behind the merch"]) expect(html).toContain(blog);
      expect(html).toContain('href="/blogs/tour-diaries/lantern-vale-fellside-village-halls"');
      expect(html).not.toContain("static-gulls-pier-lights-winter-collection");
    });

    it("shows an article with its products as cards and Article JSON-LD", async () => {
      const { status, html } = await page(
        "/blogs/news/pylon-hymns-announce-the-northern-grid-tour-2026",
      );
      expect(status).toBe(200);
      expect(html).toMatch(/<h1[^>]*>Pylon Hymns announce the Northern Grid Tour 2026/);
      expect(html).toContain("Shop the story");
      expect(
        html.match(/href="\/products\/pylon-hymns-[a-z0-9-]+"/g)?.length,
      ).toBeGreaterThanOrEqual(3);
      const article = jsonLdOf(html).find((entry) => entry["@type"] === "Article");
      expect(article).toMatchObject({
        headline: expect.stringContaining("Pylon Hymns announce"),
        datePublished: "2026-03-10T09:00:00+00:00",
        url: "http://localhost:3000/blogs/news/pylon-hymns-announce-the-northern-grid-tour-2026",
        author: { "@type": "Person", name: expect.any(String) },
      });
    });

    it.each([
      ["/blogs/news/static-gulls-pier-lights-winter-collection", "Page not found"],
      ["/blogs/no-such-blog", "Page not found"],
      ["/blogs/tour-diaries/pylon-hymns-announce-the-northern-grid-tour-2026", "Page not found"],
      ["/blogs/Bad_Slug", "Page Not Found"],
      ["/blogs/news/Bad_Slug", "Page Not Found"],
    ])(
      "answers %s (a draft, nothing, another blog's, a bad slug) with a 404",
      async (path, text) => {
        const { status, html } = await page(path);
        expect(status).toBe(404);
        expect(html).toContain(`${text}: ${path}`);
      },
    );

    it("pages a blog, forgiving a bad page number", async () => {
      expect((await page("/blogs/tour-diaries")).html).toContain("Lantern Vale");
      expect((await page("/blogs/tour-diaries?page=abc")).status).toBe(200);
    });

    it("puts blogs and published articles in the sitemap, never drafts", async () => {
      const { html } = await page("/sitemap.xml");
      expect(html).toContain("<loc>http://localhost:3000/blogs</loc>");
      expect(html).toContain("<loc>http://localhost:3000/blogs/behind-the-merch</loc>");
      expect(html).toContain(
        "<loc>http://localhost:3000/blogs/news/pylon-hymns-announce-the-northern-grid-tour-2026</loc><lastmod>2026-03-10</lastmod>",
      );
      expect(html).not.toContain("static-gulls-pier-lights-winter-collection");
    });
  });

  describe("rich text", () => {
    // Staff and seed text is sanitised HTML: it must reach the page as elements, never as "<p>".
    const printedAsText =
      /&lt;\/?(p|em|strong|b|i|u|br|ul|ol|li|h[234]|blockquote|a|table|tr|th|td)\b/;
    const richBlocks = (html: string) => html.match(/<div class="rich-text[^"]*">/g)?.length ?? 0;

    it("shows the spotlight's story as paragraphs, its album in italics", async () => {
      const { status, html } = await page("/spotlight");
      expect(status).toBe(200);
      expect(html).not.toMatch(printedAsText);
      expect(html).toMatch(/<p>Static Gulls spent the summer/);
      expect(html).toContain("<em>Low Tide Radio</em>");
    });

    it.each([
      ["the home page's collections", "/", 6],
      ["a band's story", "/bands/static-gulls", 1],
      ["an article", "/blogs/news/pylon-hymns-announce-the-northern-grid-tour-2026", 1],
      ["a legal page", "/legal/privacy-policy", 1],
      ["the careers page and its roles", "/company/careers", 5],
    ])("renders %s as HTML (%s)", async (_place, path, blocks) => {
      const { status, html } = await page(path);
      expect(status).toBe(200);
      expect(html).not.toMatch(printedAsText);
      expect(richBlocks(html)).toBeGreaterThanOrEqual(blocks);
    });

    it("renders a product's description as HTML", async () => {
      const spotlight = (await page("/spotlight")).html;
      const product = /href="(\/products\/[a-z0-9-]+)"/.exec(spotlight)?.[1] ?? "";
      const { status, html } = await page(product);
      expect(status).toBe(200);
      expect(html).not.toMatch(printedAsText);
      expect(/<div class="rich-text[^"]*">(.*?)<\/div>/s.exec(html)?.[1]).toMatch(/^<p>/);
    });
  });

  describe("help and careers", () => {
    it("gives every garment size table in centimetres and inches, at the anchor product pages link to", async () => {
      const { html } = await page("/help/sizing-guide");
      for (const anchor of ["t-shirt", "longsleeve", "hoodie", "sweatshirt"]) {
        expect(html).toContain(`id="${anchor}"`);
      }
      // A regular tee in M: 102 cm chest is 40 inches, 72 cm long is 28.5 inches.
      expect(html).toMatch(
        /<th scope="row"[^>]*>M<\/th><td[^>]*>102<\/td><td[^>]*>40<\/td><td[^>]*>72<\/td><td[^>]*>28.5<\/td>/,
      );
      expect(html).toContain("How to measure");
    });

    it("lists the open roles, each with a way to apply by email", async () => {
      const { html } = await page("/company/careers");
      expect(html).toContain("Senior TypeScript engineer");
      expect(html).toContain(
        'href="mailto:careers@encore.example?subject=Application%3A%20Senior%20TypeScript%20engineer"',
      );
    });

    it("shows contact details and opening hours on the contact page", async () => {
      const { html } = await page("/help/contact");
      expect(html).toContain("help@encore.example");
      expect(html).toContain("0161 496 0123");
      expect(html).toContain("Opening hours (UK time)");
      expect(html).toContain('name="website"');
    });
  });

  describe("the contact form without JavaScript", () => {
    const post = (fields: Record<string, string>) =>
      app.fetch("/help/contact", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url },
        body: new URLSearchParams(fields).toString(),
      });
    const fields = {
      name: "Sam Jones",
      email: "sam@example.com",
      orderNumber: "",
      topic: "delivery",
      message: "My parcel says delivered but it is not here. What can I do?",
      website: "",
    };
    beforeEach(async () => {
      await app.database.db.delete(rateLimitHits);
    });

    it("stores the message and answers with a lasting confirmation in the form's place", async () => {
      const email = `sam-${Date.now()}@example.com`;
      const response = await post({ ...fields, email });
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/help/contact?sent=1");
      // No toast that vanishes: the page it lands on says it, and says what happens next.
      expect(setCookie(response, "flash")).toBeUndefined();
      const stored = await app.database.db
        .select()
        .from(contactMessages)
        .where(eq(contactMessages.email, email));
      expect(stored).toHaveLength(1);
      expect(stored[0]?.orderNumber).toBeNull();

      const { html } = await page("/help/contact?sent=1");
      expect(html).toMatch(/role="status" aria-labelledby="message-sent"/);
      expect(html).toContain("Thank you, your message has been sent");
      expect(html).toContain("replies by email within one working day");
      expect(html).toMatch(/<a[^>]*href="\/help\/contact"[^>]*>Send another message<\/a>/);
      // The form is gone, and with it what was typed.
      expect(html).not.toContain('aria-label="Contact form"');
      expect(html).not.toContain('name="message"');
      expect((await page("/help/contact")).html).toContain('aria-label="Contact form"');
    });

    it("lets the server judge an empty form: an error summary linking each field's message", async () => {
      const { html: blank } = await page("/help/contact");
      expect(blank).toMatch(/<form[^>]*novalidate/i);
      const response = await post({ name: "", email: "", topic: "", message: "", website: "" });
      expect(response.status).toBe(422);
      const html = decode(await response.text());
      expect(html).toContain("There is a problem");
      for (const field of ["name", "email", "topic", "message"]) {
        expect(html).toContain(`href="#field-${field}"`);
        expect(html).toMatch(new RegExp(`id="field-${field}"[^>]*aria-invalid="true"`));
        expect(html).toContain(`id="field-${field}-error"`);
      }
    });

    it("shows each problem beside its field, keeps what was typed, and stores nothing", async () => {
      const email = `typo-${Date.now()}@example`;
      const response = await post({ ...fields, email, message: "Help", topic: "" });
      expect(response.status).toBe(422);
      const html = decode(await response.text());
      expect(html).toContain("Enter a valid email address");
      expect(html).toContain("Tell us a little more");
      expect(html).toContain("Choose what your message is about.");
      expect(html).toContain(`value="${email}"`);
      expect(html).toContain('value="Sam Jones"');
      const stored = await app.database.db
        .select()
        .from(contactMessages)
        .where(eq(contactMessages.email, email));
      expect(stored).toEqual([]);
    });

    it("refuses a sixth message in an hour from one address with a 429", async () => {
      for (let sent = 0; sent < 5; sent++) expect((await post(fields)).status).toBe(303);
      const blocked = await post(fields);
      expect(blocked.status).toBe(429);
      expect(decode(await blocked.text())).toContain("several messages in the last hour");
    });
  });
});
