import { ArticleCard } from "../../components/article-card";
import { PageHeading } from "../../components/page-heading";
import { AppLink } from "../../components/ui/app-link";
import { content } from "../../lib/content.server";
import { screenMeta } from "../../lib/meta";
import type { Route } from "./+types/blogs-index";

export const meta = screenMeta("Blogs", {
  description: "News, tour diaries and the stories behind the merch from the bands we sell for.",
});

export async function loader({ context }: Route.LoaderArgs) {
  const pages = content(context);
  const blogs = await pages.listBlogs();
  const latest = await Promise.all(
    blogs.map((blog) => pages.listArticles(blog.slug, { page: 1, perPage: 3 })),
  );
  return { blogs: blogs.map((blog, index) => ({ ...blog, articles: latest[index]?.data ?? [] })) };
}

/** All blogs, each with its latest articles. */
export default function BlogsIndex({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeading
        title="Blogs"
        intro="News from the bands, diaries from the road, and how the merch gets made."
      />
      <div className="space-y-14">
        {loaderData.blogs.map((blog) => (
          <section key={blog.id} aria-labelledby={`blog-${blog.slug}`}>
            <div className="mb-5 flex flex-wrap items-baseline justify-between gap-3">
              <div>
                <h2 id={`blog-${blog.slug}`} className="font-display text-2xl">
                  <AppLink to={`/blogs/${blog.slug}`} className="hover:underline">
                    {blog.title}
                  </AppLink>
                </h2>
                <p className="mt-1 max-w-2xl text-muted">{blog.description}</p>
              </div>
              <AppLink to={`/blogs/${blog.slug}`} className="font-semibold underline">
                All {blog.articleCount} articles
              </AppLink>
            </div>
            {blog.articles.length === 0 ? (
              <p className="text-muted">Nothing here yet.</p>
            ) : (
              <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
                {blog.articles.map((article) => (
                  <li key={article.id} className="flex">
                    <ArticleCard article={article} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </div>
    </>
  );
}
