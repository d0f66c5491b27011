import { z } from "zod";
import { BrandRef, ProductCard } from "./catalog.ts";
import { ImageRef } from "./images.ts";
import { pageOf } from "./pagination.ts";

const Id = z.number().int().min(1);
/** A time as PostgreSQL writes a timestamptz in JSON: ISO 8601 with its UTC offset. */
const Time = z.iso.datetime({ offset: true });

/** GET /api/blogs (a list of these) and /api/blogs/{id}. */
export const BlogView = z
  .object({
    id: Id,
    slug: z.string(),
    title: z.string(),
    description: z.string(),
    articleCount: z.number().int().min(0).meta({ description: "Published articles only." }),
  })
  .meta({ id: "BlogView", description: "A blog and how many articles it has published." });
export type BlogView = z.output<typeof BlogView>;

/** An article in a list (security.md #3: allow-listed public fields only). */
export const ArticleSummary = z
  .object({
    id: Id,
    slug: z.string(),
    title: z.string(),
    excerpt: z.string(),
    author: z.string(),
    publishedAt: Time,
    blog: z.object({ id: Id, slug: z.string(), title: z.string() }),
    band: BrandRef.nullable().meta({ description: "The band the article is about, if one." }),
    cover: ImageRef.nullable(),
  })
  .meta({ id: "ArticleSummary", description: "A published article as a list shows it." });
export type ArticleSummary = z.output<typeof ArticleSummary>;

/** GET /api/blogs/{blog}/articles: newest first. */
export const ArticlePage = pageOf(ArticleSummary).meta({
  id: "ArticlePage",
  description: "One page of a blog's published articles, newest first.",
});

/** GET /api/blog/{blog}/articles/{article}. */
export const ArticleView = ArticleSummary.extend({
  body: z.string().meta({ description: "Sanitised HTML." }),
  updatedAt: Time,
  products: z.array(ProductCard).meta({ description: "The published products it features." }),
}).meta({ id: "ArticleView", description: "A whole published article." });
export type ArticleView = z.output<typeof ArticleView>;
