import { useLocation } from "react-router";
import { ArticleCard } from "../../components/article-card";
import { Breadcrumbs } from "../../components/breadcrumbs";
import { PageHeading } from "../../components/page-heading";
import { Pagination } from "../../components/ui/pagination";
import { content } from "../../lib/content.server";
import { errorMeta, shopMeta } from "../../lib/meta";
import { readBlogPage } from "../../lib/page-query.server";
import { noRouteMatch, requireSlug } from "../../lib/route-params";
import type { Route } from "./+types/blog-show";

const PER_PAGE = 12;

export const meta = (args: Route.MetaArgs) => {
  const blog = args.loaderData?.blog;
  if (args.error || !blog) return errorMeta(args.error ?? { status: 404 });
  return shopMeta(args, { page: blog.title, description: blog.description });
};

export async function loader(args: Route.LoaderArgs) {
  const slug = requireSlug(args, "blog");
  // A page number that is not a positive whole number is the first page (page URLs forgive).
  const page = readBlogPage(args.url).page ?? 1;
  const pages = content(args.context);
  const [blog, articles] = await Promise.all([
    pages.findBlog(slug),
    pages.listArticles(slug, { page, perPage: PER_PAGE }),
  ]);
  if (!blog || !articles) noRouteMatch(args.url);
  return { blog, articles };
}

/** One blog: its articles, newest first, twelve to a page. */
export default function BlogShow({ loaderData }: Route.ComponentProps) {
  const { blog, articles } = loaderData;
  const location = useLocation();
  return (
    <>
      <Breadcrumbs
        crumbs={[
          { name: "Home", to: "/" },
          { name: "Blogs", to: "/blogs" },
          { name: blog.title, to: `/blogs/${blog.slug}` },
        ]}
      />
      <PageHeading title={blog.title} intro={blog.description} />
      {articles.data.length === 0 ? (
        <p className="text-muted">No articles on this page.</p>
      ) : (
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {articles.data.map((article) => (
            <li key={article.id} className="flex">
              <ArticleCard article={article} />
            </li>
          ))}
        </ul>
      )}
      <Pagination
        currentPage={articles.meta.currentPage}
        lastPage={articles.meta.lastPage}
        search={new URLSearchParams(location.search)}
        pathname={location.pathname}
      />
    </>
  );
}
