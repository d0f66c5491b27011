import { z } from "zod";
import { ArticlePage, ArticleView, BlogView } from "../../common/content.ts";
import { Notice } from "../../common/notice.ts";
import { refuse } from "../../common/refusal.ts";
import { IdOrSlug } from "../http/query-schemas.ts";
import { cached } from "../http/response-cache.ts";
import { defineRoute, type RouteGroup } from "../http/route-table.ts";
import { findBlog, getArticle, listArticles, listBlogs } from "./service/blogs.ts";
import { sendContactMessage } from "./service/contact.ts";
import { ArticleListQuery, ContactInput } from "./validators.ts";

const NO_BLOG = "No blog with that id or slug.";
const tag = "content";

/** POST /api/contact-messages: the contact form (the page's form runs the same route). */
export const sendContact = defineRoute({
  method: "post",
  path: "/contact-messages",
  tag,
  summary: "Send a message to customer care",
  body: ContactInput,
  answers: {
    data: Notice,
    status: 202,
    description: "Kept and on its way to customer care.",
  },
  refusals: ["rate-limited"],
  call: ({ db, config, clientAddress }, { body }) =>
    sendContactMessage(db, body, { clientKey: clientAddress, supportEmail: config.supportEmail }),
});

/**
 * behaviour.md §7, public: blogs and their articles (drafts never appear), and the contact form.
 */
export const contentRoutes: RouteGroup[] = [
  {
    area: "public",
    routes: [
      defineRoute({
        method: "get",
        path: "/blogs",
        tag,
        summary: "The blogs",
        middleware: [cached],
        query: z.strictObject({}),
        answers: { data: z.array(BlogView) },
        call: ({ db }) => listBlogs(db),
      }),
      defineRoute({
        method: "get",
        path: "/blogs/{id}",
        tag,
        summary: "One blog, by id or slug",
        middleware: [cached],
        params: z.strictObject({ id: IdOrSlug }),
        answers: { data: BlogView },
        refusals: ["not-found"],
        call: async ({ db }, { params }) =>
          (await findBlog(db, params.id)) ?? refuse("not-found", NO_BLOG),
      }),
      defineRoute({
        method: "get",
        path: "/blogs/{blog}/articles",
        tag,
        summary: "A page of a blog's published articles, newest first",
        middleware: [cached],
        params: z.strictObject({ blog: IdOrSlug }),
        query: ArticleListQuery,
        answers: { page: ArticlePage },
        refusals: ["not-found"],
        call: async ({ db }, { params, query }) =>
          (await listArticles(db, params.blog, query)) ?? refuse("not-found", NO_BLOG),
      }),
      defineRoute({
        method: "get",
        path: "/blog/{blog}/articles/{article}",
        tag,
        summary: "One published article of a blog",
        middleware: [cached],
        params: z.strictObject({ blog: IdOrSlug, article: IdOrSlug }),
        answers: { data: ArticleView },
        refusals: ["not-found"],
        call: async ({ db }, { params }) =>
          (await getArticle(db, params.blog, params.article)) ??
          refuse("not-found", "No article with that id or slug in this blog."),
      }),
      sendContact,
    ],
  },
];
