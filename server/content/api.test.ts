import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../tests/support/app.ts";
import { makeArticle, makeBlog } from "../../tests/support/content.ts";
import { databaseKinds } from "../../tests/support/databases.ts";
import { makeBrand, makeProduct } from "../../tests/support/factories.ts";
import type { Db } from "../db/client.ts";
import { mailOutbox } from "../mail/schema.ts";
import { rateLimitHits } from "../platform/schema.ts";
import { contactMessages } from "./schema.ts";
import { CONTACT_THANKS } from "./service/contact.ts";

type Json = Record<string, unknown>;
type ArticleJson = { id: number; slug: string; title: string; publishedAt: string };

describe.each(databaseKinds)("content API on %s", (kind) => {
  let app: TestApp;
  let db: Db;
  const get = async (path: string) => {
    const response = await app.fetch(path);
    return { status: response.status, body: (await response.json()) as Json };
  };

  beforeAll(async () => {
    app = await startTestApp(kind);
    db = app.database.db;
  });
  afterAll(() => app.close());

  describe("blogs", () => {
    it("lists the demo blogs in order, each with its count of published articles", async () => {
      const { status, body } = await get("/api/blogs");
      expect(status).toBe(200);
      const blogs = body.data as Array<Json>;
      expect(blogs.slice(0, 3).map((blog) => [blog.slug, blog.articleCount])).toEqual([
        ["news", 4],
        ["tour-diaries", 5],
        ["behind-the-merch", 4],
      ]);
      expect(Object.keys(blogs[0] ?? {}).sort()).toEqual(
        ["articleCount", "description", "id", "slug", "title"].sort(),
      );
    });

    it("finds a blog by id and by slug; anything else is a 404", async () => {
      const bySlug = await get("/api/blogs/tour-diaries");
      expect(bySlug.status).toBe(200);
      const id = (bySlug.body.data as Json).id;
      expect((await get(`/api/blogs/${id}`)).body).toEqual(bySlug.body);
      for (const path of [
        "/api/blogs/no-such-blog",
        "/api/blogs/999999",
        "/api/blogs/9999999999",
        "/api/blogs/Bad_Slug",
        "/api/blogs/0",
      ]) {
        expect((await get(path)).status).toBe(404);
      }
    });
  });

  describe("articles", () => {
    it("pages a blog's articles newest first, with the list meta", async () => {
      const first = await get("/api/blogs/tour-diaries/articles?perPage=2");
      expect(first.status).toBe(200);
      expect(first.body.meta).toEqual({ currentPage: 1, perPage: 2, total: 5, lastPage: 3 });
      const last = await get("/api/blogs/tour-diaries/articles?perPage=2&page=3");
      const all = [
        ...(first.body.data as ArticleJson[]),
        ...((await get("/api/blogs/tour-diaries/articles?perPage=2&page=2")).body
          .data as ArticleJson[]),
        ...(last.body.data as ArticleJson[]),
      ];
      expect(all).toHaveLength(5);
      const dates = all.map((article) => article.publishedAt);
      expect([...dates].sort().reverse()).toEqual(dates);
      const beyond = await get("/api/blogs/tour-diaries/articles?page=9");
      expect(beyond.body.data).toEqual([]);
    });

    it.each([
      ["?perPage=51", "perPage"],
      ["?page=0", "page"],
      ["?page=abc", "page"],
      ["?sort=oldest", "sort"],
    ])("refuses %s with a 422", async (query, field) => {
      const { status, body } = await get(`/api/blogs/news/articles${query}`);
      expect(status).toBe(422);
      expect(JSON.stringify(body.errors)).toContain(field);
    });

    it("never shows a draft or an article whose time has not come, in lists or by id or slug", async () => {
      const blog = await makeBlog(db);
      const published = await makeArticle(db, blog.id, {
        publishedAt: new Date(Date.now() - 60_000),
      });
      const draft = await makeArticle(db, blog.id, { status: "draft" });
      const scheduled = await makeArticle(db, blog.id, {
        publishedAt: new Date(Date.now() + 86_400_000),
      });
      const list = await get(`/api/blogs/${blog.slug}/articles`);
      expect((list.body.data as ArticleJson[]).map((article) => article.id)).toEqual([
        published.id,
      ]);
      expect(list.body.meta).toMatchObject({ total: 1 });
      expect(((await get(`/api/blogs/${blog.id}`)).body.data as Json).articleCount).toBe(1);
      for (const hidden of [draft, scheduled]) {
        expect((await get(`/api/blog/${blog.slug}/articles/${hidden.slug}`)).status).toBe(404);
        expect((await get(`/api/blog/${blog.id}/articles/${hidden.id}`)).status).toBe(404);
      }
      // The demo draft stays hidden too.
      const demo = await get("/api/blog/news/articles/static-gulls-pier-lights-winter-collection");
      expect(demo.status).toBe(404);
    });

    it("shows an article by slug or id with its sanitised body and published products, in order", async () => {
      const blog = await makeBlog(db);
      const brand = await makeBrand(db);
      const [first, hidden, second] = await Promise.all([
        makeProduct(db, { brandId: brand.id, variants: [{ price: 2500 }] }),
        makeProduct(db, { brandId: brand.id, status: "draft", variants: [{ price: 2500 }] }),
        makeProduct(db, { brandId: brand.id, variants: [{ price: 1500 }] }),
      ]);
      const article = await makeArticle(db, blog.id, {
        brandId: brand.id,
        body: '<p onclick="steal()">Hello</p><script>alert(1)</script><a href="javascript:x()">x</a>',
        productIds: [second.product.id, hidden.product.id, first.product.id],
      });
      const bySlug = await get(`/api/blog/${blog.slug}/articles/${article.slug}`);
      expect(bySlug.status).toBe(200);
      const data = bySlug.body.data as Json & { products: Array<{ id: number }>; band: Json };
      expect(data.body).toBe('<p>Hello</p><a rel="noopener noreferrer nofollow">x</a>');
      expect(data.products.map((product) => product.id)).toEqual([
        second.product.id,
        first.product.id,
      ]);
      expect(data.band).toEqual({ id: brand.id, slug: brand.slug, title: brand.title });
      expect(data.blog).toEqual({ id: blog.id, slug: blog.slug, title: blog.title });
      expect(data).not.toHaveProperty("status");
      const byId = await get(`/api/blog/${blog.id}/articles/${article.id}`);
      expect(byId.body).toEqual(bySlug.body);
      // An article is only found in its own blog.
      expect((await get(`/api/blog/news/articles/${article.slug}`)).status).toBe(404);
      expect((await get(`/api/blog/${blog.slug}/articles/Not_A_Slug`)).status).toBe(404);
    });
  });

  describe("POST /api/contact-messages", () => {
    const message = {
      name: "Robin Fan",
      email: "robin@example.com",
      orderNumber: "enc-10042",
      topic: "sizing",
      message: "Does the oversized hoodie come up big? I am usually a medium.",
    };
    const send = (body: unknown) =>
      app.fetch("/api/contact-messages", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    beforeEach(async () => {
      await db.delete(rateLimitHits);
    });

    it("keeps the message and mails it to customer care with the sender as reply-to", async () => {
      const email = `robin-${Date.now()}@example.com`;
      const response = await send({ ...message, email });
      expect(response.status).toBe(202);
      expect(await response.json()).toEqual({ data: { message: CONTACT_THANKS } });
      const [stored] = await db
        .select()
        .from(contactMessages)
        .where(eq(contactMessages.email, email));
      expect(stored).toMatchObject({
        name: "Robin Fan",
        orderNumber: "ENC-10042",
        topic: "sizing",
      });
      const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.replyTo, email));
      expect(mail).toMatchObject({
        recipient: "help@encore.example",
        kind: "contact",
        subject: "Contact form: Sizing and products (order ENC-10042)",
      });
      await app.server.flushMail();
      const received = await app.mailbox.waitFor("help@encore.example", /Sizing and products/);
      expect(received.text).toContain("Does the oversized hoodie come up big?");
    });

    it.each([
      [{ email: "not-an-email" }, "email"],
      [{ name: "" }, "name"],
      [{ topic: "complaint" }, "topic"],
      [{ message: "Hi" }, "message"],
      [{ orderNumber: "<script>" }, "orderNumber"],
      [{ paid: true }, "body"],
    ])("refuses %j with a 422 naming %s, and keeps nothing", async (change, field) => {
      const before = await db.select().from(contactMessages);
      const response = await send({ ...message, ...change });
      expect(response.status).toBe(422);
      expect(Object.keys(((await response.json()) as { errors: Json }).errors)).toContain(field);
      expect(await db.select().from(contactMessages)).toHaveLength(before.length);
    });

    it("tells a bot that fills in the hidden field all went well, and keeps nothing", async () => {
      const email = `bot-${Date.now()}@example.com`;
      const response = await send({ ...message, email, website: "https://spam.example" });
      expect(response.status).toBe(202);
      expect(
        await db.select().from(contactMessages).where(eq(contactMessages.email, email)),
      ).toEqual([]);
      expect(await db.select().from(mailOutbox).where(eq(mailOutbox.replyTo, email))).toEqual([]);
    });

    it("takes five messages an hour from one address, then 429 with Retry-After", async () => {
      for (let sent = 0; sent < 5; sent++) expect((await send(message)).status).toBe(202);
      const blocked = await send(message);
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(3500);
    });
  });
});
