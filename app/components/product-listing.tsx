import { useLocation } from "react-router";
import type { ProductFilters as Facets, ProductCard } from "../../common/catalog";
import type { Page } from "../../common/pagination";
import type { ProductListQuery } from "../../common/product-list-query";
import { ProductFilters } from "./product-filters";
import { ProductGrid } from "./product-grid";
import { Pagination } from "./ui/pagination";

type Props = {
  page: Page<ProductCard>;
  facets: Facets;
  query: ProductListQuery;
  showBrands?: boolean;
  label: string;
};

/** A filterable, sortable, paged product grid; the state lives in the URL. */
export function ProductListing({ page, facets, query, showBrands = true, label }: Props) {
  const location = useLocation();
  const { total } = page.meta;
  return (
    <div className="grid gap-10 lg:grid-cols-[16rem_1fr]">
      <aside>
        <details
          className="group rounded-xl border border-line bg-white p-4 lg:border-0 lg:bg-transparent lg:p-0"
          open
        >
          <summary className="cursor-pointer text-sm font-bold lg:hidden">Filter and sort</summary>
          <div className="mt-4 lg:mt-0">
            <ProductFilters
              action={location.pathname}
              facets={facets}
              query={query}
              showBrands={showBrands}
            />
          </div>
        </details>
      </aside>
      <section aria-label={label}>
        <p className="mb-6 text-sm text-muted" role="status">
          {total === 1 ? "1 product" : `${total.toLocaleString("en-GB")} products`}
          {query.q ? ` for “${query.q}”` : ""}
        </p>
        {page.data.length === 0 ? (
          <div className="rounded-xl border border-dashed border-line bg-white p-10 text-center">
            <p className="text-lg font-semibold">Nothing matches those filters.</p>
            <p className="mt-2 text-muted">
              Try removing a filter or searching for something else.
            </p>
          </div>
        ) : (
          <ProductGrid products={page.data} label={label} headingLevel={2} />
        )}
        <Pagination
          currentPage={page.meta.currentPage}
          lastPage={page.meta.lastPage}
          search={new URLSearchParams(location.search)}
          pathname={location.pathname}
        />
      </section>
    </div>
  );
}
