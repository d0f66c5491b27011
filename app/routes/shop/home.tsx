import { BandArtwork } from "../../components/band-artwork";
import { BandTile } from "../../components/band-tile";
import { Price } from "../../components/price";
import { ProductGrid } from "../../components/product-grid";
import { ProductImage } from "../../components/product-image";
import { AppLink } from "../../components/ui/app-link";
import { RichText } from "../../components/ui/rich-text";
import { catalog } from "../../lib/catalog.server";
import { fullRows } from "../../lib/full-rows";
import { fileUrl, srcSet } from "../../lib/images";
import { errorMeta, publicUrlOf, shopMeta } from "../../lib/meta";
import { organizationJsonLd } from "../../lib/seo";
import type { Route } from "./+types/home";

export const meta = (args: Route.MetaArgs) =>
  args.error
    ? errorMeta(args.error)
    : shopMeta(args, { page: "Home", jsonLd: [organizationJsonLd(publicUrlOf(args.matches))] });

export async function loader({ context }: Route.LoaderArgs) {
  const shop = catalog(context);
  const [spotlight, newIn, featuredBands, collections] = await Promise.all([
    shop.getActiveSpotlight(),
    // The newest drop leads the page; the twelve after it fill whole rows of 2, 3 and 4.
    shop.listProducts({ page: 1, perPage: 13, sort: "newest" }),
    shop.listBrands({ page: 1, perPage: 6, featured: true }),
    shop.listCollections(),
  ]);
  const [newestDrop = null, ...moreNew] = newIn.data;
  return {
    spotlight: spotlight ?? null,
    newestDrop,
    newIn: moreNew,
    featuredBands: featuredBands.data,
    collections,
  };
}

function SectionHeading({
  id,
  title,
  link,
}: {
  id: string;
  title: string;
  link?: { to: string; label: string };
}) {
  return (
    <div className="mb-6 flex items-baseline justify-between gap-4">
      <h2 id={id} className="font-display text-2xl sm:text-3xl">
        {title}
      </h2>
      {link && (
        <AppLink to={link.to} className="font-semibold underline">
          {link.label}
        </AppLink>
      )}
    </div>
  );
}

const WIDE_COLUMNS = { 1: "", 2: "sm:grid-cols-2", 3: "sm:grid-cols-2 lg:grid-cols-3" } as const;

export default function Home({ loaderData }: Route.ComponentProps) {
  const { spotlight, newestDrop, newIn, featuredBands, collections } = loaderData;
  const art = spotlight?.brand?.hero;
  const collectionRows = fullRows(collections.length);
  return (
    <div className="space-y-16">
      <div className="grid gap-4 lg:grid-cols-[3fr_2fr]">
        <section
          aria-labelledby="home-heading"
          className="overflow-hidden rounded-3xl bg-ink text-white"
        >
          {/* The spotlight's artwork leads, whole: its own lettering is never cropped or covered. */}
          {art && (
            <BandArtwork
              art={art}
              sizes="(min-width: 1280px) 740px, (min-width: 1024px) 60vw, 100vw"
            />
          )}
          <div className="px-5 py-5 sm:px-10 sm:py-8">
            <p className="text-xs font-bold uppercase tracking-[0.3em] text-zinc-200 sm:text-sm">
              {spotlight ? "In the spotlight" : "Official band merchandise"}
            </p>
            <h1
              id="home-heading"
              className="mt-2 max-w-3xl font-display text-2xl leading-tight sm:mt-3 sm:text-5xl"
            >
              {spotlight?.headline ?? "Wear the music you love"}
              <span className="text-accent">.</span>
            </h1>
            <p className="mt-4 hidden max-w-xl text-lg text-zinc-200 sm:block">
              Licensed T-shirts, hoodies, posters and vinyl from the bands themselves, shipped from
              the UK.
            </p>
            <div className="mt-5 flex flex-wrap gap-3 sm:mt-6">
              <AppLink
                to={spotlight ? "/spotlight" : "/bands"}
                className="rounded-full border-2 border-white bg-white px-4 py-2 text-sm font-bold text-ink hover:bg-zinc-200 sm:px-5 sm:py-2.5 sm:text-base"
              >
                {spotlight ? "See the spotlight" : "Browse bands"}
              </AppLink>
              <AppLink
                to="/products"
                className="rounded-full border-2 border-white px-4 py-2 text-sm font-bold text-white hover:bg-white hover:text-ink sm:px-5 sm:py-2.5 sm:text-base"
              >
                Shop all merch
              </AppLink>
            </div>
          </div>
        </section>
        {newestDrop && <NewestDrop product={newestDrop} />}
      </div>

      {newIn.length > 0 && (
        <section aria-labelledby="new-in">
          <SectionHeading
            id="new-in"
            title="New in"
            link={{ to: "/products?sort=newest", label: "Shop new in" }}
          />
          <ProductGrid products={newIn} label="New in" leadsPage={false} />
        </section>
      )}

      {featuredBands.length > 0 && (
        <section aria-labelledby="featured-bands">
          <SectionHeading
            id="featured-bands"
            title="Featured bands"
            link={{ to: "/bands", label: "All bands" }}
          />
          <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
            {featuredBands.map((brand) => (
              <li key={brand.id}>
                <BandTile brand={brand} />
              </li>
            ))}
          </ul>
        </section>
      )}

      {collectionRows.count > 0 && (
        <section aria-labelledby="collections">
          <SectionHeading id="collections" title="Collections" />
          <ul className={`grid gap-4 ${WIDE_COLUMNS[collectionRows.wide]}`}>
            {collections.slice(0, collectionRows.count).map((collection) => (
              <li key={collection.id}>
                <CollectionCard collection={collection} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

type HomeData = Route.ComponentProps["loaderData"];

/** The newest product, big, beside the spotlight: on a phone it is on the first screen. */
function NewestDrop({ product }: { product: NonNullable<HomeData["newestDrop"]> }) {
  return (
    <section
      aria-labelledby="newest-drop"
      className="group relative grid grid-cols-[2fr_3fr] items-center gap-4 rounded-3xl bg-white p-4 ring-1 ring-line hover:ring-ink lg:grid-cols-1 lg:items-start lg:p-6"
    >
      <div className="overflow-hidden rounded-2xl">
        <ProductImage
          image={product.image}
          sizes="(min-width: 1280px) 460px, (min-width: 1024px) 36vw, 40vw"
          priority
          className="transition duration-300 group-hover:scale-[1.03]"
        />
      </div>
      <div>
        <p className="text-xs font-bold uppercase tracking-[0.3em] text-accent">Just dropped</p>
        <h2 id="newest-drop" className="mt-2 font-display text-xl leading-tight sm:text-2xl">
          <AppLink
            to={`/products/${product.slug}`}
            className="after:absolute after:inset-0 hover:underline"
          >
            {product.title}
          </AppLink>
        </h2>
        <p className="mt-1 text-sm font-semibold uppercase tracking-wider text-muted">
          {product.brand.title}
        </p>
        <Price
          price={product.priceFrom}
          compareAtPrice={product.compareAtPrice}
          from={product.priceFrom !== product.priceTo}
          className="mt-2"
        />
      </div>
    </section>
  );
}

/** A collection as a picture with its name and what it holds. */
function CollectionCard({ collection }: { collection: HomeData["collections"][number] }) {
  return (
    <AppLink
      to={`/products?collection=${collection.slug}`}
      className="group block h-full overflow-hidden rounded-2xl bg-white ring-1 ring-line hover:ring-ink"
    >
      {/* Named by the card's heading: the pictures only show what is inside. */}
      <div className="flex aspect-[8/5] overflow-hidden bg-zinc-100">
        {collection.images.map((image) => (
          <img
            key={image.slug}
            src={fileUrl(image.slug, 480)}
            srcSet={srcSet(image)}
            sizes={
              collection.images.length > 1
                ? "(min-width: 1024px) 200px, (min-width: 640px) 25vw, 50vw"
                : "(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
            }
            width={image.width ?? 800}
            height={image.height ?? 1000}
            alt=""
            loading="lazy"
            className="h-full min-w-0 flex-1 object-cover transition duration-300 group-hover:scale-[1.03]"
          />
        ))}
      </div>
      <div className="p-5">
        <h3 className="font-display text-xl group-hover:underline">{collection.title}</h3>
        {collection.description && (
          <RichText html={collection.description} className="mt-2 text-sm text-muted" />
        )}
      </div>
    </AppLink>
  );
}
