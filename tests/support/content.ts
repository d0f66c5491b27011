import { randomBytes } from "node:crypto";
import {
  createArticle,
  createBlogs,
  type NewArticle,
  type NewBlog,
} from "../../server/content/service/writes.ts";
import type { Db } from "../../server/db/client.ts";

const unique = () => randomBytes(4).toString("hex");

/** Test-only: a blog of its own. */
export async function makeBlog(db: Db, values: Partial<NewBlog> = {}) {
  const id = unique();
  const [blog] = await createBlogs(db, [
    { slug: `test-blog-${id}`, title: `Test Blog ${id}`, position: 99, ...values },
  ]);
  if (!blog) throw new Error("blog not created");
  return blog;
}

/** Test-only: an article (published now unless told otherwise), featuring `productIds`. */
export async function makeArticle(db: Db, blogId: number, values: Partial<NewArticle> = {}) {
  const id = unique();
  return createArticle(db, {
    blogId,
    slug: `test-article-${id}`,
    title: `Test Article ${id}`,
    excerpt: "An excerpt.",
    body: "<p>Body.</p>",
    author: "Test Writer",
    status: "published",
    publishedAt: new Date(),
    ...values,
  });
}
