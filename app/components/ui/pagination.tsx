import { AppLink } from "./app-link";
import { listHref } from "./list-query";

type Props = {
  currentPage: number;
  /** The last page known; with `more`, pages follow it that were not counted. */
  lastPage: number;
  more?: boolean;
  search: URLSearchParams;
  pathname: string;
};

/**
 * Previous / numbered / next page links that keep every other query parameter. A list counted up
 * to a cap links its pages up to the last one counted, and always offers the next.
 */
export function Pagination({ currentPage, lastPage, more = false, search, pathname }: Props) {
  if (lastPage <= 1 && !more) return null;
  const hrefFor = (page: number) =>
    listHref(pathname, search, { page: page === 1 ? null : String(page) });
  const pages = [...new Set([1, currentPage - 1, currentPage, currentPage + 1, lastPage])]
    .filter((page) => page >= 1 && page <= lastPage)
    .sort((a, b) => a - b);
  const linkClass =
    "inline-flex min-w-10 items-center justify-center rounded-full px-3 py-2 text-sm font-semibold";
  return (
    <nav aria-label="Pages" className="mt-12 flex flex-wrap items-center justify-center gap-2">
      {currentPage > 1 && (
        <AppLink
          to={hrefFor(currentPage - 1)}
          className={`${linkClass} border border-line bg-white hover:border-ink`}
          rel="prev"
        >
          Previous
        </AppLink>
      )}
      {pages.map((page, index) => (
        <span key={page} className="flex items-center gap-2">
          {index > 0 && page - (pages[index - 1] ?? page) > 1 && <span aria-hidden="true">…</span>}
          {page === currentPage ? (
            <span aria-current="page" className={`${linkClass} bg-ink text-white`}>
              <span className="sr-only">Page </span>
              {page}
            </span>
          ) : (
            <AppLink
              to={hrefFor(page)}
              className={`${linkClass} border border-line bg-white hover:border-ink`}
            >
              <span className="sr-only">Page </span>
              {page}
            </AppLink>
          )}
        </span>
      ))}
      {(currentPage < lastPage || more) && (
        <AppLink
          to={hrefFor(currentPage + 1)}
          className={`${linkClass} border border-line bg-white hover:border-ink`}
          rel="next"
        >
          Next
        </AppLink>
      )}
    </nav>
  );
}
