import { type RefObject, useEffect, useRef, useState } from "react";
import { choiceNeeded } from "../../../common/option-choices";
import { productTypeByTitle } from "../../../common/product-types";
import { trackViewItem } from "../../client/analytics";
import { addToBasket } from "../../client/basket";
import { useBottomBar } from "../../client/bottom-bars";
import { Breadcrumbs, bandCrumbs } from "../../components/breadcrumbs";
import { FreeDeliveryNote } from "../../components/free-delivery-note";
import { Price } from "../../components/price";
import { ProductGallery } from "../../components/product-gallery";
import { ProductGrid } from "../../components/product-grid";
import { AppLink } from "../../components/ui/app-link";
import { Button } from "../../components/ui/button";
import { RichText } from "../../components/ui/rich-text";
import {
  choicesFromSearch,
  searchWithChoices,
  VariantPicker,
  variantFor,
} from "../../components/variant-picker";
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
  // behaviour.md §1: the product's title is the {product} part of the page title.
  return shopMeta(args, {
    page: product.title,
    socialTitle: product.seoTitle,
    description:
      product.seoDescription ??
      `${product.title} by ${product.brand.title}: official merchandise, shipped from the UK.`,
    image,
    type: "product",
    jsonLd: [
      productJsonLd(product, url, image),
      breadcrumbJsonLd([
        ...bandCrumbs(product.brand).map((crumb) => ({
          name: crumb.name,
          url: absoluteUrl(publicUrl, crumb.to),
        })),
        { name: product.title, url },
      ]),
    ],
  });
};

export async function loader(args: Route.LoaderArgs) {
  const slug = requireSlug(args);
  const shop = catalog(args.context);
  const [product, recommendations, freeDelivery] = await Promise.all([
    shop.getProduct(slug),
    shop.productRecommendations(slug),
    shop.freeUkDelivery(),
  ]);
  if (!product || !recommendations) noRouteMatch(args.url);
  // A shared link opens with its choices made, server-rendered too: "M / Black" and its images.
  const initialChoices = choicesFromSearch(product, args.url.searchParams);
  return { product, recommendations, initialChoices, freeDelivery };
}

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
  recommendations,
  initialChoices,
  freeDelivery,
}: Route.ComponentProps["loaderData"]) {
  const [chosen, setChosen] = useState(initialChoices);
  // One view_item per product shown: a revalidation (after adding to the basket) hands this page
  // an equal `product` again, which is no new view. The page is keyed by product, so the id is
  // the same all its life.
  // biome-ignore lint/correctness/useExhaustiveDependencies: tracks once per page, by design.
  useEffect(() => trackViewItem(product), [product.id]);
  const choose = (typeId: number, attributeId: number) => {
    const next = { ...chosen, [typeId]: attributeId };
    setChosen(next);
    // The address follows the choice so it can be shared. Written past the router, whose state
    // is kept: a router navigation would reload the page's data for the same product.
    const search = searchWithChoices(product, next, new URLSearchParams(window.location.search));
    const query = search.toString();
    window.history.replaceState(
      window.history.state,
      "",
      `${window.location.pathname}${query ? `?${query}` : ""}${window.location.hash}`,
    );
  };
  const mainButton = useRef<HTMLButtonElement>(null);
  const buttonOutOfView = useOutOfView(mainButton);
  // Without scripts the server works out the variant from the posted options, so the button
  // is only disabled once this page can tell which variant is chosen.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const variant = variantFor(product, chosen);
  // Every option gone: the page says so plainly instead of asking for a choice.
  const soldOut = product.variants.every((entry) => !entry.inStock);
  const missing = product.attributeTypes
    .filter((entry) => chosen[entry.id] === undefined)
    .map((entry) => entry.title);
  const colourType = product.attributeTypes.find((type) => type.display === "swatches");
  const type = productTypeByTitle(product.productType);
  const preOrderNote =
    product.billing?.type === "pre_order" ? (product.billingNote ?? undefined) : undefined;
  return (
    <>
      <Breadcrumbs
        crumbs={[
          ...bandCrumbs(product.brand),
          { name: product.title, to: `/products/${product.slug}` },
        ]}
      />
      <div className="grid gap-10 lg:grid-cols-2">
        <ProductGallery
          product={product}
          colourIds={colourType?.attributes.map((attribute) => attribute.id) ?? []}
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
          {soldOut && (
            <p className="mt-2 inline-block rounded-md bg-ink px-2.5 py-1 text-sm font-bold uppercase tracking-wide text-white">
              Sold out
            </p>
          )}
          <p className="mt-1 text-sm text-muted">Price includes VAT.</p>
          <FreeDeliveryNote
            delivery={freeDelivery}
            threshold
            className="mt-1 text-sm font-semibold"
          />
          {product.billingNote && (
            <p className="mt-2 inline-block rounded-md border border-line bg-white px-3 py-1.5 text-sm font-semibold text-ink">
              {product.billingNote}
            </p>
          )}
          <form
            id="add-to-basket"
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
            <VariantPicker product={product} chosen={chosen} onChoose={choose} />
            {type?.garment && (
              <p className="text-sm">
                <AppLink to={`/help/sizing-guide#${type.slug}`} className="font-semibold underline">
                  Size guide
                </AppLink>
              </p>
            )}
            <div aria-live="polite">
              {soldOut ? (
                <p className="font-semibold text-error">Sold out in every option.</p>
              ) : variant ? (
                <StockState
                  inStock={variant.inStock}
                  stockLeft={variant.stockLeft}
                  preOrder={preOrderNote}
                />
              ) : (
                <p className="text-sm text-muted">{`${choiceNeeded(missing)} to see availability.`}</p>
              )}
            </div>
            <input type="hidden" name="variantId" value={variant?.id ?? ""} />
            <input type="hidden" name="quantity" value="1" />
            <Button
              ref={mainButton}
              type="submit"
              size="lg"
              disabled={soldOut || (hydrated && !variant?.inStock)}
              className="w-full sm:w-auto"
            >
              {soldOut ? "Sold out" : preOrderNote ? "Pre-order" : "Add to basket"}
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
      {recommendations.completeTheLook.length > 0 && (
        <section aria-labelledby="complete-the-look" className="mt-16">
          <h2 id="complete-the-look" className="mb-6 font-display text-2xl">
            Complete the look
          </h2>
          <ProductGrid
            products={recommendations.completeTheLook}
            label="Complete the look"
            leadsPage={false}
          />
        </section>
      )}
      {recommendations.moreFromBand.length > 0 && (
        <section aria-labelledby="more-from-band" className="mt-16">
          <div className="mb-6 flex items-baseline justify-between gap-4">
            <h2 id="more-from-band" className="font-display text-2xl">
              More from {product.brand.title}
            </h2>
            <AppLink to={`/bands/${product.brand.slug}`} className="font-semibold underline">
              See the band
            </AppLink>
          </div>
          <ProductGrid
            products={recommendations.moreFromBand}
            label={`More from ${product.brand.title}`}
            leadsPage={false}
          />
        </section>
      )}
      {buttonOutOfView && !soldOut && (
        <StickyAddBar
          title={product.title}
          price={variant?.price ?? product.priceFrom}
          from={!variant && product.priceFrom !== product.priceTo}
          canAdd={Boolean(variant?.inStock)}
          label={preOrderNote ? "Pre-order" : "Add to basket"}
          chosen={variant ? optionsOf(product, variant) : undefined}
        />
      )}
    </>
  );
}

/** "M / Black": a variant's options as the basket names them. */
function optionsOf(
  product: Route.ComponentProps["loaderData"]["product"],
  variant: NonNullable<ReturnType<typeof variantFor>>,
) {
  return product.attributeTypes
    .map((type) => variant.attributes.find((attribute) => attribute.typeId === type.id)?.title)
    .filter(Boolean)
    .join(" / ");
}

/**
 * Whether `target` is out of the screen, above it or still below it: then the phone's sticky bar
 * stands in for it. On a phone the gallery fills the first screen, so without the bar a shopper
 * arrives seeing neither the title, the price nor the button (issue 29).
 */
function useOutOfView(target: RefObject<HTMLElement | null>) {
  const [out, setOut] = useState(false);
  useEffect(() => {
    const element = target.current;
    if (!element) return;
    const observer = new IntersectionObserver(([entry]) => {
      if (entry) setOut(!entry.isIntersecting);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [target]);
  return out;
}

/**
 * A phone's add-to-basket bar, fixed at the foot of the screen while the page's own button is
 * out of sight (not reached yet, or scrolled away): it submits the same form, or, before a variant is chosen, takes the shopper back
 * to the options. Hidden from 641 px, where the button stays near the images.
 */
function StickyAddBar({
  title,
  price,
  from,
  canAdd,
  label,
  chosen,
}: {
  title: string;
  price: number;
  from: boolean;
  canAdd: boolean;
  label: string;
  chosen: string | undefined;
}) {
  // Focus moved near the foot of the screen must not end up under the bar (WCAG 2.4.11), and the
  // foot of the page can still be scrolled clear of it.
  useEffect(() => {
    const root = document.documentElement;
    root.style.scrollPaddingBottom = "6rem";
    document.body.style.paddingBottom = "5rem";
    return () => {
      root.style.scrollPaddingBottom = "";
      document.body.style.paddingBottom = "";
    };
  }, []);
  const bar = useRef<HTMLDivElement>(null);
  useBottomBar(bar);
  const backToOptions = () => {
    const form = document.getElementById("add-to-basket");
    form?.scrollIntoView({ block: "start" });
    // The first option still to choose, or the first option.
    const fieldsets = [...(form?.querySelectorAll("fieldset") ?? [])];
    const open = fieldsets.find((fieldset) => !fieldset.querySelector("input:checked"));
    (open ?? fieldsets[0])?.querySelector<HTMLInputElement>("input:not(:disabled)")?.focus();
  };
  return (
    <div
      ref={bar}
      data-sticky-add-bar
      className="fixed inset-x-0 bottom-0 z-(--z-raised) border-t border-line bg-white px-4 py-3 shadow-[0_-4px_16px_rgb(0_0_0/0.08)] sm:hidden"
    >
      <div className="flex items-center gap-3">
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold">
            {title}
            {chosen && <span className="font-normal text-muted"> · {chosen}</span>}
          </p>
          <Price price={price} from={from} className="text-sm" />
        </div>
        {canAdd ? (
          <Button type="submit" form="add-to-basket">
            {label}
          </Button>
        ) : (
          <Button onClick={backToOptions}>{chosen ? "Change options" : "Choose options"}</Button>
        )}
      </div>
    </div>
  );
}
