import { data } from "react-router";
import { Breadcrumbs, bandCrumbs } from "../../components/breadcrumbs";
import { PageHeading } from "../../components/page-heading";
import { ProductListing } from "../../components/product-listing";
import { catalog } from "../../lib/catalog.server";
import { listingQueryFromUrl, redirectToCleanListing } from "../../lib/listing-query.server";
import { errorMeta, shopMeta } from "../../lib/meta";
import { noRouteMatch, requireSlug } from "../../lib/route-params";
import type { Route } from "./+types/products-band";

export const meta = (args: Route.MetaArgs) => {
  const brand = args.loaderData?.brand;
  if (args.error || !brand) return errorMeta(args.error ?? { status: 404 });
  return shopMeta(args, { page: `${brand.title} merchandise` });
};

export async function loader(args: Route.LoaderArgs) {
  redirectToCleanListing(args.url);
  const slug = requireSlug(args);
  const shop = catalog(args.context);
  const brand = await shop.getBrand(slug);
  if (!brand) noRouteMatch(args.url);
  const query = listingQueryFromUrl(args.url, { brand: brand.slug });
  const [page, facets] = await Promise.all([
    shop.listProducts(query),
    shop.productFilters(query, { brandFixed: true }),
  ]);
  return data({ brand, page, facets, query });
}

export default function ProductsBand({ loaderData }: Route.ComponentProps) {
  const { brand, page, facets, query } = loaderData;
  return (
    <>
      <Breadcrumbs
        crumbs={[...bandCrumbs(brand), { name: "Merchandise", to: `/products/band/${brand.slug}` }]}
      />
      <PageHeading
        title={`${brand.title} merchandise`}
        intro={`Every official ${brand.title} product we stock.`}
      />
      <ProductListing
        page={page}
        facets={facets}
        query={query}
        brandFixed
        label={`${brand.title} products`}
      />
    </>
  );
}
