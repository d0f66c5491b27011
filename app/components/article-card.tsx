import type { ArticleSummary } from "../../common/content";
import { formatLongDate } from "../lib/dates";
import { BannerImage } from "./banner-image";
import { AppLink } from "./ui/app-link";

/** An article in a list: cover (or the blog's name set large), title, date and excerpt. */
export function ArticleCard({
  article,
  showBlog = false,
}: {
  article: ArticleSummary;
  showBlog?: boolean;
}) {
  const href = `/blogs/${article.blog.slug}/${article.slug}`;
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-2xl bg-white ring-1 ring-line">
      <div className="aspect-[16/7] overflow-hidden bg-ink">
        {article.cover ? (
          <BannerImage
            image={article.cover}
            sizes="(min-width: 1024px) 400px, 100vw"
            className="h-full w-full object-cover transition duration-300 group-hover:scale-[1.03]"
          />
        ) : (
          <p
            aria-hidden="true"
            className="flex h-full items-center px-6 font-display text-2xl uppercase text-white/90"
          >
            {article.blog.title}
          </p>
        )}
      </div>
      <div className="flex flex-1 flex-col p-5">
        <p className="text-xs font-semibold uppercase tracking-wider text-muted">
          {showBlog && <span>{article.blog.title} · </span>}
          <time dateTime={article.publishedAt}>{formatLongDate(article.publishedAt)}</time>
        </p>
        <h3 className="mt-2 text-lg font-bold leading-snug">
          <AppLink to={href} className="after:absolute after:inset-0 hover:underline">
            {article.title}
          </AppLink>
        </h3>
        <p className="mt-2 text-muted">{article.excerpt}</p>
        {article.band && (
          <p className="mt-auto pt-4 text-sm font-semibold text-accent">{article.band.title}</p>
        )}
      </div>
    </article>
  );
}
