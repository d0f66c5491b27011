import { Outlet } from "react-router";
import { useRouteErrorView } from "../../client/route-error";
import { AppLink } from "../../components/ui/app-link";
import { buttonClasses } from "../../components/ui/button";

/**
 * The shop's pages, between the header and the footer. Its error boundary keeps a page that was
 * not found (or failed) inside the shop: the header's search, the basket and the footer stay, and
 * the page offers the ways on (issue 29: a 404 must not be a dead end).
 */
export default function ShopPages() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const { status, message } = useRouteErrorView();
  const notFound = status === 404;
  return (
    <div className="mx-auto max-w-2xl py-8 text-center">
      <p className="font-display text-7xl text-accent">{status}</p>
      <h1 className="mt-4 font-display text-4xl">Oops!</h1>
      {/* behaviour.md §8's words, with the path as it was asked for. */}
      <p className="mt-4 break-all text-lg text-muted">{message}</p>
      {notFound && (
        <p className="mt-2 text-muted">
          It may have moved, or the link may be old. Try a search, or start from the bands.
        </p>
      )}
      {notFound && (
        <search className="mx-auto mt-8 max-w-md">
          <form method="get" action="/products" className="flex gap-2">
            <label htmlFor="not-found-search" className="sr-only">
              Search bands and merch
            </label>
            <input
              id="not-found-search"
              name="q"
              type="search"
              placeholder="Search bands and merch"
              className="min-w-0 flex-1 rounded-lg border border-zinc-400 bg-white px-3 py-2.5"
            />
            <button type="submit" className={buttonClasses()}>
              Search
            </button>
          </form>
        </search>
      )}
      <nav aria-label="Ways on" className="mt-8 flex flex-wrap justify-center gap-3">
        <AppLink to="/products" className={buttonClasses("secondary")}>
          Shop all merch
        </AppLink>
        <AppLink to="/bands" className={buttonClasses("secondary")}>
          See all bands
        </AppLink>
        {/* A plain link: after a failure the safest way home is a full page load. */}
        <a href="/" className={buttonClasses("secondary")}>
          Go Back Home
        </a>
        <AppLink to="/help/contact" className="self-center underline">
          Contact us
        </AppLink>
      </nav>
    </div>
  );
}
