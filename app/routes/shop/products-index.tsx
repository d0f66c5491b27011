import { PageHeading } from "../../components/page-heading";
import { ProductListing } from "../../components/product-listing";
import { catalog } from "../../lib/catalog.server";
import { listingQueryFromUrl } from "../../lib/listing-query.server";
import { screenMeta } from "../../lib/meta";
import type { Route } from "./+types/products-index";

export const meta = screenMeta("Shop all");

export async function loader({ url, context }: Route.LoaderArgs) {
  const query = listingQueryFromUrl(url);
  const shop = catalog(context);
  const [page, facets] = await Promise.all([shop.listProducts(query), shop.productFilters(query)]);
  return { page, facets, query };
}

export default function ProductsIndex({ loaderData }: Route.ComponentProps) {
  const { page, facets, query } = loaderData;
  return (
    <>
      <PageHeading
        title={query.q ? `Search results` : "Shop all"}
        intro={
          query.q
            ? undefined
            : "T-shirts, hoodies, posters, vinyl and more, all officially licensed."
        }
      />
      <ProductListing page={page} facets={facets} query={query} label="Products" />
    </>
  );
}
