import { useEffect, useState } from "react";
import { productTypeByTitle } from "../../../common/product-types";
import { trackViewItem } from "../../client/analytics";
import { addToBasket } from "../../client/basket";
import { Breadcrumbs } from "../../components/breadcrumbs";
import { Price } from "../../components/price";
import { ProductGallery } from "../../components/product-gallery";
import { ProductGrid } from "../../components/product-grid";
import { AppLink } from "../../components/ui/app-link";
import { Button } from "../../components/ui/button";
import { RichText } from "../../components/ui/rich-text";
import { VariantPicker, variantFor } from "../../components/variant-picker";
import { catalog } from "../../lib/catalog.server";
import { fileUrl } from "../../lib/images";
import { errorMeta, publicUrlOf, shopMeta } from "../../lib/meta";
import { noRouteMatch, requireSlug } from "../../lib/route-params";
import { absoluteUrl, breadcrumbJsonLd, productJsonLd } from "../../lib/seo";
import type { Route } from "./+types/products-view";

export const meta = (args: Route.MetaArgs) => {
  const product = args.loaderData?.product;
  if (args.error || !product) return errorMeta(args.error ?? { status: 404 });
  const publicUrl = publicUrlOf(args.matches);
  const url = absoluteUrl(publicUrl, `/products/${product.slug}`);
  const image = product.image ? absoluteUrl(publicUrl, fileUrl(product.image.slug, 1200)) : null;
  // spec §1: the product's title is the {product} part of the page title.
  return shopMeta(args, {
    page: product.title,
    description:
      product.seoDescription ??
      `${product.title} by ${product.brand.title}: official merchandise, shipped from the UK.`,
    image,
    type: "product",
    jsonLd: [
      productJsonLd(product, url, image),
      breadcrumbJsonLd([
        { name: "Home", url: absoluteUrl(publicUrl, "/") },
        { name: product.brand.title, url: absoluteUrl(publicUrl, `/bands/${product.brand.slug}`) },
        { name: product.title, url },
      ]),
    ],
  });
};

export async function loader(args: Route.LoaderArgs) {
  const slug = requireSlug(args);
  const shop = catalog(args.context);
  const [product, related] = await Promise.all([shop.getProduct(slug), shop.relatedProducts(slug)]);
  if (!product || !related) noRouteMatch(args.url);
  const requested = Number(args.url.searchParams.get("variant"));
  const preselected = product.variants.find((variant) => variant.id === requested);
  return { product, related, preselectedVariantId: preselected?.id ?? null };
}

function initialChoices(
  product: Route.ComponentProps["loaderData"]["product"],
  variantId: number | null,
) {
  const variant =
    product.variants.find((entry) => entry.id === variantId) ??
    (product.variants.length === 1 ? product.variants[0] : undefined);
  const chosen: Record<number, number> = {};
  for (const attribute of variant?.attributes ?? []) chosen[attribute.typeId] = attribute.id;
  // A product in one colour has that colour chosen already: there is nothing to pick.
  for (const type of product.attributeTypes) {
    const only = type.attributes[0];
    if (type.attributes.length === 1 && only) chosen[type.id] = only.id;
  }
  return chosen;
}

const listFormat = new Intl.ListFormat("en-GB");

function StockState({
  inStock,
  stockLeft,
  preOrder,
}: {
  inStock: boolean;
  stockLeft: number | null;
  /** A pre-order's note, "Pre-order: ships from 14 March 2027"; undefined otherwise. */
  preOrder: string | undefined;
}) {
  if (!inStock) return <p className="font-semibold text-error">Sold out</p>;
  if (preOrder) return <p className="font-semibold text-accent">{preOrder}</p>;
  if (stockLeft !== null)
    return <p className="font-semibold text-warning">{`Only ${stockLeft} left`}</p>;
  return <p className="font-semibold text-success">In stock</p>;
}

// Keyed by product: moving to another product starts with fresh choices.
export default function ProductsView({ loaderData }: Route.ComponentProps) {
  return <ProductPage key={loaderData.product.id} {...loaderData} />;
}

function ProductPage({
  product,
  related,
  preselectedVariantId,
}: Route.ComponentProps["loaderData"]) {
  const [chosen, setChosen] = useState(() => initialChoices(product, preselectedVariantId));
  // One view_item per product shown: a revalidation (after adding to the basket) hands this page
  // an equal `product` again, which is no new view. The page is keyed by product, so the id is
  // the same all its life.
  // biome-ignore lint/correctness/useExhaustiveDependencies: tracks once per page, by design.
  useEffect(() => trackViewItem(product), [product.id]);
  // Without scripts the server works out the variant from the posted options, so the button
  // is only disabled once this page can tell which variant is chosen.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const variant = variantFor(product, chosen);
  const colourType = product.attributeTypes.find((type) => type.display === "swatches");
  const type = productTypeByTitle(product.productType);
  const preOrderNote =
    product.billing?.type === "pre_order" ? (product.billingNote ?? undefined) : undefined;
  return (
    <>
      <Breadcrumbs
        crumbs={[
          { name: "Home", to: "/" },
          { name: product.brand.title, to: `/bands/${product.brand.slug}` },
          { name: product.title, to: `/products/${product.slug}` },
        ]}
      />
      <div className="grid gap-10 lg:grid-cols-2">
        <ProductGallery
          product={product}
          colourId={colourType ? chosen[colourType.id] : undefined}
        />
        <div>
          <AppLink
            to={`/bands/${product.brand.slug}`}
            className="text-sm font-bold uppercase tracking-wider text-muted hover:text-ink"
          >
            {product.brand.title}
          </AppLink>
          <h1 className="mt-2 font-display text-3xl leading-tight sm:text-4xl">{product.title}</h1>
          <div className="mt-4 text-2xl" aria-live="polite">
            {variant ? (
              <Price price={variant.price} compareAtPrice={variant.compareAtPrice} />
            ) : (
              <Price
                price={product.priceFrom}
                compareAtPrice={product.compareAtPrice}
                from={product.priceFrom !== product.priceTo}
              />
            )}
          </div>
          <p className="mt-1 text-sm text-muted">Price includes VAT.</p>
          {product.billingNote && (
            <p className="mt-2 inline-block rounded-md border border-line bg-white px-3 py-1.5 text-sm font-semibold text-ink">
              {product.billingNote}
            </p>
          )}
          <form
            method="post"
            action="/basket"
            className="mt-8 space-y-6"
            onSubmit={(event) => {
              // With scripts: stay here, confirm, open the drawer. Without: the post lands on /basket.
              event.preventDefault();
              if (variant) void addToBasket(variant.id);
            }}
          >
            <input type="hidden" name="intent" value="add" />
            <input type="hidden" name="productId" value={product.id} />
            <VariantPicker
              product={product}
              chosen={chosen}
              onChoose={(typeId, attributeId) =>
                setChosen((current) => ({ ...current, [typeId]: attributeId }))
              }
            />
            {type?.garment && (
              <p className="text-sm">
                <AppLink to={`/help/sizing-guide#${type.slug}`} className="font-semibold underline">
                  Size guide
                </AppLink>
              </p>
            )}
            <div aria-live="polite">
              {variant ? (
                <StockState
                  inStock={variant.inStock}
                  stockLeft={variant.stockLeft}
                  preOrder={preOrderNote}
                />
              ) : (
                <p className="text-sm text-muted">
                  {`Choose ${listFormat.format(product.attributeTypes.map((entry) => entry.title.toLowerCase()))} to see availability.`}
                </p>
              )}
            </div>
            <input type="hidden" name="variantId" value={variant?.id ?? ""} />
            <input type="hidden" name="quantity" value="1" />
            <Button
              type="submit"
              size="lg"
              disabled={hydrated && !variant?.inStock}
              className="w-full sm:w-auto"
            >
              {preOrderNote ? "Pre-order" : "Add to basket"}
            </Button>
          </form>
          <section aria-labelledby="description" className="mt-10 border-t border-line pt-8">
            <h2 id="description" className="text-lg font-bold">
              Description
            </h2>
            <RichText html={product.description} className="mt-3 text-muted" />
          </section>
        </div>
      </div>
      {related.length > 0 && (
        <section aria-labelledby="related" className="mt-16">
          <h2 id="related" className="mb-6 font-display text-2xl">
            You might also like
          </h2>
          <ProductGrid products={related.slice(0, 4)} label="Related products" />
        </section>
      )}
    </>
  );
}
