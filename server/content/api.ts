import { Hono } from "hono";
import { z } from "zod";
import { clientAddress } from "../http/client-address.ts";
import type { AppEnv } from "../http/env.ts";
import { ok } from "../http/envelope.ts";
import { notFound, tooManyRequests } from "../http/errors.ts";
import { IdOrSlug } from "../http/query-schemas.ts";
import { jsonBody, pathParam, queryParams } from "../http/validate.ts";
import { findBlog, getArticle, listArticles, listBlogs } from "./service/blogs.ts";
import { CONTACT_THANKS, CONTACT_TOO_MANY, sendContactMessage } from "./service/contact.ts";
import { ArticleListQuery, ContactInput } from "./validators.ts";

const NO_BLOG = "No blog with that id or slug.";

/** spec §7, public: blogs and their articles (drafts never appear), and the contact form. */
export function contentPublicApi() {
  return new Hono<AppEnv>()
    .get("/blogs", async (c) => {
      queryParams(c, z.strictObject({}));
      return ok(c, await listBlogs(c.get("db")));
    })
    .get("/blogs/:id", async (c) => {
      const blog = await findBlog(c.get("db"), pathParam(c, "id", IdOrSlug));
      if (!blog) throw notFound(NO_BLOG);
      return ok(c, blog);
    })
    .get("/blogs/:blog/articles", async (c) => {
      const paging = queryParams(c, ArticleListQuery);
      const page = await listArticles(c.get("db"), pathParam(c, "blog", IdOrSlug), paging);
      if (!page) throw notFound(NO_BLOG);
      return c.json(page);
    })
    .get("/blog/:blog/articles/:article", async (c) => {
      const article = await getArticle(
        c.get("db"),
        pathParam(c, "blog", IdOrSlug),
        pathParam(c, "article", IdOrSlug),
      );
      if (!article) throw notFound("No article with that id or slug in this blog.");
      return ok(c, article);
    })
    .post("/contact-messages", async (c) => {
      const input = await jsonBody(c, ContactInput);
      const result = await sendContactMessage(c.get("db"), input, {
        clientKey: clientAddress(c),
        supportEmail: c.get("config").supportEmail,
      });
      if (!result.ok) {
        throw tooManyRequests(CONTACT_TOO_MANY, result.retryAfterSeconds);
      }
      return ok(c, { message: CONTACT_THANKS }, 202);
    });
}
