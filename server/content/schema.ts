import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { brands, products } from "../catalog/schema.ts";
import { createdAt, timestamps, updatedAt } from "../db/columns.ts";
import { mediaFiles } from "../media/schema.ts";

export const CONTENT_STATUSES = ["draft", "published"] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

/** Blogs: 'News', 'Tour diaries'… each a list of articles. */
export const blogs = pgTable("blogs", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  title: text("title").notNull(),
  description: text("description").notNull().default(""),
  position: integer("position").notNull().default(0),
  ...timestamps(),
});

/**
 * Articles. `body` is sanitised HTML (security.md #22), sanitised again when rendered. Only
 * `published` articles whose `published_at` has come are public; drafts never leave the server.
 */
export const articles = pgTable(
  "articles",
  {
    id: serial("id").primaryKey(),
    blogId: integer("blog_id")
      .notNull()
      .references(() => blogs.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull().default(""),
    body: text("body").notNull().default(""),
    author: text("author").notNull(),
    status: text("status", { enum: CONTENT_STATUSES }).notNull().default("draft"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    brandId: integer("brand_id").references(() => brands.id, { onDelete: "set null" }),
    coverFileId: integer("cover_file_id").references(() => mediaFiles.id, {
      onDelete: "set null",
    }),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex("articles_blog_slug_idx").on(table.blogId, table.slug),
    index("articles_public_idx").on(table.status, table.blogId, table.publishedAt),
    check("articles_status", sql`${table.status} in ('draft', 'published')`),
    check(
      "articles_published_at",
      sql`${table.status} = 'draft' or ${table.publishedAt} is not null`,
    ),
  ],
);

/** The products an article features, in order. */
export const articleProducts = pgTable(
  "article_products",
  {
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.articleId, table.productId] })],
);

/**
 * Pages of text staff edit (the legal pages, the careers introduction), keyed by path without a
 * leading slash: `legal/privacy-policy`. `body` is sanitised HTML with ids on its headings.
 */
export const contentPages = pgTable("content_pages", {
  path: text("path").primaryKey(),
  title: text("title").notNull(),
  summary: text("summary").notNull().default(""),
  body: text("body").notNull(),
  updatedAt: updatedAt(),
});

/** Open roles on the careers page; applications go by email. */
export const jobOpenings = pgTable(
  "job_openings",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    team: text("team").notNull(),
    location: text("location").notNull(),
    employment: text("employment").notNull(),
    salary: text("salary").notNull(),
    summary: text("summary").notNull(),
    body: text("body").notNull(),
    closesOn: date("closes_on", { mode: "string" }).notNull(),
    status: text("status", { enum: CONTENT_STATUSES }).notNull().default("draft"),
    ...timestamps(),
  },
  (table) => [check("job_openings_status", sql`${table.status} in ('draft', 'published')`)],
);

/** Messages from the contact form, kept for customer care (and sent on to them by email). */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    orderNumber: text("order_number"),
    topic: text("topic").notNull(),
    message: text("message").notNull(),
    clientKey: text("client_key").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("contact_messages_created_idx").on(table.createdAt)],
);
