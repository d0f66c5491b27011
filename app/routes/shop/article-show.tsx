import { BannerImage } from "../../components/banner-image";
import { Breadcrumbs } from "../../components/breadcrumbs";
import { ProductGrid } from "../../components/product-grid";
import { AppLink } from "../../components/ui/app-link";
import { RichText } from "../../components/ui/rich-text";
import { content } from "../../lib/content.server";
import { formatLongDate } from "../../lib/dates";
import { fileUrl } from "../../lib/images";
import { errorMeta, publicUrlOf, shopMeta } from "../../lib/meta";
import { noRouteMatch, requireSlug } from "../../lib/route-params";
import { absoluteUrl, articleJsonLd, breadcrumbJsonLd } from "../../lib/seo";
import type { Route } from "./+types/article-show";

export const meta = (args: Route.MetaArgs) => {
  const article = args.loaderData?.article;
  if (args.error || !article) return errorMeta(args.error ?? { status: 404 });
  const publicUrl = publicUrlOf(args.matches);
  const path = `/blogs/${article.blog.slug}/${article.slug}`;
  const image = article.cover ? absoluteUrl(publicUrl, fileUrl(article.cover.slug, 1200)) : null;
  return shopMeta(args, {
    page: article.title,
    description: article.excerpt,
    type: "article",
    image,
    jsonLd: [
      articleJsonLd(article, publicUrl, absoluteUrl(publicUrl, path), image),
      breadcrumbJsonLd([
        { name: "Home", url: absoluteUrl(publicUrl, "/") },
        { name: "Blogs", url: absoluteUrl(publicUrl, "/blogs") },
        { name: article.blog.title, url: absoluteUrl(publicUrl, `/blogs/${article.blog.slug}`) },
        { name: article.title, url: absoluteUrl(publicUrl, path) },
      ]),
    ],
  });
};

export async function loader(args: Route.LoaderArgs) {
  const blog = requireSlug(args, "blog");
  const slug = requireSlug(args, "article");
  const article = await content(args.context).getArticle(blog, slug);
  if (!article) noRouteMatch(args.url);
  return { article };
}

/** An article: cover, byline, the text, and the products it is about as cards. */
export default function ArticleShow({ loaderData }: Route.ComponentProps) {
  const { article } = loaderData;
  return (
    <article>
      <Breadcrumbs
        crumbs={[
          { name: "Home", to: "/" },
          { name: "Blogs", to: "/blogs" },
          { name: article.blog.title, to: `/blogs/${article.blog.slug}` },
          { name: article.title, to: `/blogs/${article.blog.slug}/${article.slug}` },
        ]}
      />
      <header className="mx-auto max-w-3xl">
        <p className="text-sm font-bold uppercase tracking-[0.2em] text-accent">
          {article.blog.title}
        </p>
        <h1 className="mt-3 font-display text-4xl leading-tight sm:text-5xl">{article.title}</h1>
        <p className="mt-4 text-lg text-muted">{article.excerpt}</p>
        <p className="mt-4 text-sm">
          By <span className="font-semibold">{article.author}</span> ·{" "}
          <time dateTime={article.publishedAt}>{formatLongDate(article.publishedAt)}</time>
          {article.band && (
            <>
              {" "}
              ·{" "}
              <AppLink to={`/bands/${article.band.slug}`} className="font-semibold underline">
                {article.band.title}
              </AppLink>
            </>
          )}
        </p>
      </header>
      {article.cover && (
        <BannerImage
          image={article.cover}
          sizes="(min-width: 1280px) 1232px, 100vw"
          priority
          className="mt-8 h-auto w-full rounded-3xl object-cover"
        />
      )}
      <RichText html={article.body} className="article-body mx-auto mt-10 max-w-3xl text-lg" />
      {article.products.length > 0 && (
        <section aria-labelledby="article-products" className="mt-16">
          <h2 id="article-products" className="mb-6 font-display text-2xl">
            Shop the story
          </h2>
          <ProductGrid
            products={article.products}
            label="Products in this article"
            leadsPage={false}
          />
        </section>
      )}
    </article>
  );
}
