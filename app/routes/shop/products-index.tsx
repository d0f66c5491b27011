import { PageHeading } from "../../components/page-heading";
import { ProductListing } from "../../components/product-listing";
import { RichText } from "../../components/ui/rich-text";
import { catalog } from "../../lib/catalog.server";
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
  // A collection view is the collection's own page: its name, its words, its products.
  const [collectionView, listed, facets] = await Promise.all([
    query.collection === undefined ? undefined : shop.getCollection(query.collection, query),
    query.collection === undefined ? shop.listProducts(query) : undefined,
    shop.productFilters(query),
  ]);
  const page = collectionView?.products ?? listed;
  if (!page) noRouteMatch(url);
  const collection = collectionView && {
    title: collectionView.title,
    description: collectionView.description,
  };
  const heading = query.q ? "Search results" : (collection?.title ?? "Shop all");
  return { page, facets, query, heading, collection };
}

export default function ProductsIndex({ loaderData }: Route.ComponentProps) {
  const { page, facets, query, heading, collection } = loaderData;
  return (
    <>
      <PageHeading title={heading} intro={query.q || collection ? undefined : SHOP_ALL_INTRO}>
        {collection?.description && !query.q && (
          <RichText html={collection.description} className="mt-3 max-w-2xl text-lg text-muted" />
        )}
      </PageHeading>
      <ProductListing page={page} facets={facets} query={query} label="Products" />
    </>
  );
}
