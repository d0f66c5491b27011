import { type ReactNode, startTransition, useEffect, useState } from "react";
import { useLocation } from "react-router";
import type { ProductFilters as Facets, ProductCard } from "../../common/catalog";
import { formatCount } from "../../common/numbers";
import type { CappedPage } from "../../common/pagination";
import type { ProductListQuery } from "../../common/product-list-query";
import { loadChunk } from "../client/chunk-reload";
import { useMediaQuery } from "../client/media-query";
import { activeFilterChips, clearedSearch, productCount } from "../lib/listing-filters";
import { ProductFilters } from "./product-filters";
import { ProductGrid } from "./product-grid";
import { AppLink } from "./ui/app-link";
import { listHref } from "./ui/list-query";
import { Pagination } from "./ui/pagination";

type Sheet = typeof import("./filter-sheet").FilterSheet;
// The sheet's code once fetched: a later listing on this page shows the sheet from the start.
let loadedSheet: Sheet | undefined;

/**
 * The phone's filter sheet once its code is in, fetched when `wanted`; until then (and if it
 * cannot load) the disclosure stays. The swap is a transition, and comes only when the code is
 * there: in a Suspense boundary the sheet's fallback built the filters' whole form again, in a
 * synchronous render of 350–900 ms at phone speed right after hydration (issue 29).
 */
function useFilterSheet(wanted: boolean): Sheet | undefined {
  const [sheet, setSheet] = useState(() => loadedSheet);
  useEffect(() => {
    if (!wanted || sheet) return;
    let current = true;
    void loadChunk(() => import("./filter-sheet")).then((module) => {
      if (!module) return;
      loadedSheet = module.FilterSheet;
      if (current) startTransition(() => setSheet(() => module.FilterSheet));
    });
    return () => {
      current = false;
    };
  }, [wanted, sheet]);
  return wanted ? sheet : undefined;
}

type Props = {
  page: CappedPage<ProductCard>;
  facets: Facets;
  query: ProductListQuery;
  /** A band page names its band in the path: no band filter, and no band chip. */
  brandFixed?: boolean;
  label: string;
  /** Shown above the products (a search's correction and the bands it names). */
  before?: ReactNode;
  /** Shown instead of the products when none match (a search's own empty page). */
  empty?: ReactNode;
};

// Tailwind's `lg`: from here the filters are a sidebar, below it a sheet.
const SIDEBAR_SCREEN = "(min-width: 64rem)";

/**
 * A filterable, sortable, paged product grid; the state lives in the URL. On a phone the filters
 * wait behind one button, so the first products are on the first screen and a few Tabs away.
 */
export function ProductListing({
  page,
  facets,
  query,
  brandFixed = false,
  label,
  before,
  empty,
}: Props) {
  const location = useLocation();
  const sidebar = useMediaQuery(SIDEBAR_SCREEN);
  const FilterSheet = useFilterSheet(sidebar === false);
  const chips = activeFilterChips(query, facets, brandFixed);
  const hrefOf = (search: string) =>
    search ? `${location.pathname}?${search}` : location.pathname;
  const clearTo = hrefOf(clearedSearch(query));
  const filters = (
    <ProductFilters
      action={location.pathname}
      facets={facets}
      query={query}
      brandFixed={brandFixed}
      clearTo={clearTo}
      withButtons={sidebar !== false}
    />
  );
  // Before scripts run (or without them) a phone gets a closed disclosure, and the sidebar
  // shows from `lg` on; once hydrated a phone gets the sheet instead. The disclosure stays
  // while the sheet's code (Radix dialog) arrives: it is fetched on phones only (issue 17).
  const disclosure = (
    <>
      <details className="peer rounded-xl border border-line bg-white lg:hidden">
        <summary className="cursor-pointer px-4 py-3 text-sm font-bold">Filter and sort</summary>
      </details>
      <div className="mt-2 hidden rounded-xl border border-line bg-white p-4 peer-open:block lg:mt-0 lg:block lg:border-0 lg:bg-transparent lg:p-0">
        {filters}
      </div>
    </>
  );
  return (
    <div className="relative grid gap-6 lg:grid-cols-[16rem_1fr] lg:gap-10">
      <a
        href="#results"
        className="sr-only focus:not-sr-only focus:absolute focus:-top-3 focus:left-0 focus:z-10 focus:rounded focus:bg-ink focus:px-3 focus:py-2 focus:text-white"
      >
        Skip to results
      </a>
      <aside aria-label="Filters">
        {FilterSheet ? (
          <FilterSheet count={page.meta} chosen={chips.length} clearTo={clearTo}>
            {filters}
          </FilterSheet>
        ) : (
          disclosure
        )}
      </aside>
      <section id="results" tabIndex={-1} aria-label={label} className="outline-none">
        <p className="mb-4 text-sm text-muted" role="status">
          {productCount(page.meta)}
          {query.q ? ` for “${query.q}”` : ""}
        </p>
        {chips.length > 0 && (
          <div className="mb-6 flex flex-wrap items-center gap-2">
            <ul aria-label="Chosen filters" className="flex flex-wrap gap-2">
              {chips.map((chip) => (
                <li key={chip.key}>
                  <AppLink
                    to={hrefOf(chip.search)}
                    replace
                    preventScrollReset
                    className="inline-flex min-h-9 items-center gap-2 rounded-full border border-ink bg-white py-1 pr-2 pl-3 text-sm font-semibold hover:bg-zinc-100"
                  >
                    <span className="sr-only">Remove filter: </span>
                    {chip.label}
                    <span aria-hidden="true" className="text-lg leading-none">
                      ×
                    </span>
                  </AppLink>
                </li>
              ))}
            </ul>
            <AppLink
              to={clearTo}
              replace
              preventScrollReset
              className="px-2 text-sm font-semibold underline"
            >
              Clear all
            </AppLink>
          </div>
        )}
        {before}
        {page.data.length === 0 && page.meta.total > 0 ? (
          // A page past the last (an old link, a hand-typed ?page=99): say so and offer the way.
          <div className="rounded-xl border border-dashed border-line bg-white p-10 text-center">
            <p className="text-lg font-semibold">
              There is no page {formatCount(page.meta.currentPage)}: these results have{" "}
              {formatCount(page.meta.lastPage)} {page.meta.lastPage === 1 ? "page" : "pages"}.
            </p>
            <p className="mt-4 flex flex-wrap justify-center gap-4 font-semibold">
              <AppLink
                to={listHref(location.pathname, new URLSearchParams(location.search), {
                  page: page.meta.lastPage === 1 ? null : String(page.meta.lastPage),
                })}
                className="underline"
              >
                Go to the last page
              </AppLink>
              <AppLink
                to={listHref(location.pathname, new URLSearchParams(location.search), {
                  page: null,
                })}
                className="underline"
              >
                Back to the first page
              </AppLink>
            </p>
          </div>
        ) : page.data.length === 0 ? (
          (empty ?? (
            <div className="rounded-xl border border-dashed border-line bg-white p-10 text-center">
              <p className="text-lg font-semibold">Nothing matches those filters.</p>
              <p className="mt-2 text-muted">
                Try removing a filter or searching for something else.
              </p>
              {chips.length > 0 && (
                <AppLink to={clearTo} className="mt-4 inline-block font-semibold underline">
                  Clear all filters
                </AppLink>
              )}
            </div>
          ))
        ) : (
          <ProductGrid products={page.data} label={label} headingLevel={2} />
        )}
        <Pagination
          currentPage={page.meta.currentPage}
          lastPage={page.meta.lastPage}
          more={page.meta.totalIsCapped}
          search={new URLSearchParams(location.search)}
          pathname={location.pathname}
        />
      </section>
    </div>
  );
}
