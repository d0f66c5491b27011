import { CookieSettingsButton } from "../../components/cookie-settings-button";
import { PageHeading } from "../../components/page-heading";
import { RichText } from "../../components/ui/rich-text";
import { content } from "../../lib/content.server";
import { formatLongDate } from "../../lib/dates";
import { legalPages } from "../../lib/legal-pages";
import { errorMeta, shopMeta } from "../../lib/meta";
import { noRouteMatch } from "../../lib/route-params";
import type { Route } from "./+types/legal-page";

export const meta = (args: Route.MetaArgs) => {
  const page = args.loaderData?.page;
  if (args.error || !page) return errorMeta(args.error ?? { status: 404 });
  return shopMeta(args, { page: page.title, description: page.summary });
};

/** One module serves the eight legal pages of behaviour.md §2 (each has its own route id). */
export async function loader({ url, context }: Route.LoaderArgs) {
  const known = legalPages.find((entry) => url.pathname === `/legal/${entry.slug}`);
  const page = known && (await content(context).getPage(`legal/${known.slug}`));
  if (!page) noRouteMatch(url);
  return { page, isCookiePolicy: known?.slug === "cookie-policy" };
}

/** A legal text: its title, when it last changed, a contents list and the text. */
export default function LegalPage({ loaderData }: Route.ComponentProps) {
  const { page, isCookiePolicy } = loaderData;
  return (
    <>
      <PageHeading title={page.title} intro={page.summary} />
      <p className="-mt-4 mb-8 text-sm text-muted">
        Last updated <time dateTime={page.updatedAt}>{formatLongDate(page.updatedAt)}</time>
      </p>
      {isCookiePolicy && (
        <div className="mb-10 flex flex-wrap items-center gap-4 rounded-2xl bg-white p-5 ring-1 ring-line">
          <p className="flex-1 basis-64">
            Your choice is kept in this browser. You can change it at any time.
          </p>
          <CookieSettingsButton />
        </div>
      )}
      <div className="grid gap-10 lg:grid-cols-[16rem_1fr]">
        {page.toc.length > 0 && (
          <nav aria-labelledby="contents" className="lg:sticky lg:top-24 lg:self-start">
            <h2 id="contents" className="text-sm font-bold uppercase tracking-wider text-muted">
              Contents
            </h2>
            <ol className="mt-3 space-y-2 border-l-2 border-line pl-4 text-sm">
              {page.toc.map((entry) => (
                <li key={entry.id}>
                  <a href={`#${entry.id}`} className="hover:text-accent hover:underline">
                    {entry.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
        )}
        <RichText html={page.html} className="min-w-0 max-w-3xl" />
      </div>
    </>
  );
}
