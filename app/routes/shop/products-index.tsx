import { PageHeading } from "../../components/page-heading";
import { ProductListing } from "../../components/product-listing";
import { BandMatches, SearchCorrection, SearchEmpty } from "../../components/search-results";
import { RichText } from "../../components/ui/rich-text";
import { catalog } from "../../lib/catalog.server";
import { activeFilterChips, clearedSearch } from "../../lib/listing-filters";
import { listingQueryFromUrl, redirectToCleanListing } from "../../lib/listing-query.server";
import { errorMeta, shopMeta } from "../../lib/meta";
import { noRouteMatch } from "../../lib/route-params";
import type { Route } from "./+types/products-index";

const SHOP_ALL_INTRO = "T-shirts, hoodies, posters, vinyl and more, all officially licensed.";

export const meta = (args: Route.MetaArgs) => {
  if (args.error || !args.loaderData) return errorMeta(args.error ?? { status: 404 });
  const { heading, collection } = args.loaderData;
  return shopMeta(args, {
    page: heading,
    ...(collection && {
      description: `${collection.title}: official licensed music merchandise, shipped from the United Kingdom.`,
    }),
  });
};

export async function loader({ url, context }: Route.LoaderArgs) {
  redirectToCleanListing(url);
  const query = listingQueryFromUrl(url);
  const shop = catalog(context);
  // A search is read as meant (synonyms, a misspelt word corrected) and names the bands it finds;
  // the facets count what it found.
  const search =
    query.q && query.collection === undefined
      ? await shop.searchCatalogue({ ...query, q: query.q })
      : undefined;
  const [collectionView, listed, facets] = await Promise.all([
    query.collection === undefined ? undefined : shop.getCollection(query.collection, query),
    search ? search.page : query.collection === undefined ? shop.listProducts(query) : undefined,
    shop.productFilters(search?.query ?? query),
  ]);
  const page = collectionView?.products ?? listed;
  if (!page) noRouteMatch(url);
  const collection = collectionView && {
    title: collectionView.title,
    description: collectionView.description,
  };
  const heading = query.q ? "Search results" : (collection?.title ?? "Shop all");
  // A search that found nothing offers the bands fans visit most.
  const popularBands =
    search && page.meta.total === 0
      ? (await shop.listBrands({ page: 1, perPage: 8, featured: true })).data
      : [];
  return {
    page,
    facets,
    query,
    heading,
    collection,
    search: search && {
      searchedFor: search.query.q ?? query.q ?? "",
      correctedFrom: search.correctedFrom ?? null,
      bands: search.bands,
    },
    popularBands,
  };
}

export default function ProductsIndex({ loaderData }: Route.ComponentProps) {
  const { page, facets, query, heading, collection, search, popularBands } = loaderData;
  const filtersChosen = activeFilterChips(query, facets).length > 0;
  return (
    <>
      <PageHeading title={heading} intro={query.q || collection ? undefined : SHOP_ALL_INTRO}>
        {collection?.description && !query.q && (
          <RichText html={collection.description} className="mt-3 max-w-2xl text-lg text-muted" />
        )}
      </PageHeading>
      <ProductListing
        page={page}
        facets={facets}
        query={query}
        label="Products"
        before={
          search && (
            <>
              {search.correctedFrom && (
                <SearchCorrection
                  searchedFor={search.searchedFor}
                  correctedFrom={search.correctedFrom}
                />
              )}
              <BandMatches bands={search.bands} />
            </>
          )
        }
        empty={
          query.q ? (
            <SearchEmpty
              q={query.q}
              clearFiltersTo={filtersChosen ? `/products?${clearedSearch(query)}` : undefined}
              popularBands={popularBands}
            />
          ) : undefined
        }
      />
    </>
  );
}
