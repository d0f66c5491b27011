import { BandTile } from "../../components/band-tile";
import { ProductGrid } from "../../components/product-grid";
import { AppLink } from "../../components/ui/app-link";
import { RichText } from "../../components/ui/rich-text";
import { catalog } from "../../lib/catalog.server";
import { fileUrl } from "../../lib/images";
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
    shop.listProducts({ page: 1, perPage: 8, sort: "newest" }),
    shop.listBrands({ page: 1, perPage: 6, featured: true }),
    shop.listCollections(),
  ]);
  return {
    spotlight: spotlight ?? null,
    newIn: newIn.data,
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

export default function Home({ loaderData }: Route.ComponentProps) {
  const { spotlight, newIn, featuredBands, collections } = loaderData;
  const hero = spotlight?.brand?.hero;
  return (
    <div className="space-y-16">
      <section className="relative overflow-hidden rounded-3xl bg-ink px-6 py-16 text-white sm:px-12 sm:py-24">
        {hero && (
          <img
            src={fileUrl(hero.slug, 1600)}
            srcSet={`${fileUrl(hero.slug, 800)} 800w, ${fileUrl(hero.slug, 1200)} 1200w, ${fileUrl(hero.slug, 1600)} 1600w`}
            sizes="(min-width: 1280px) 1232px, 100vw"
            width={hero.width ?? 1600}
            height={hero.height ?? 700}
            alt=""
            fetchPriority="high"
            className="absolute inset-0 h-full w-full object-cover opacity-50"
          />
        )}
        {/* Keeps the headline readable over any hero image (WCAG contrast). */}
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-gradient-to-r from-ink via-ink/85 to-ink/30"
        />
        <div className="relative">
          <p className="text-sm font-bold uppercase tracking-[0.3em] text-zinc-200">
            {spotlight ? "In the spotlight" : "Official band merchandise"}
          </p>
          <h1 className="mt-4 max-w-3xl font-display text-5xl leading-tight sm:text-6xl">
            {spotlight?.headline ?? "Wear the music you love"}
            <span className="text-accent">.</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg text-zinc-200">
            Licensed T-shirts, hoodies, posters and vinyl from the bands themselves, shipped from
            the UK.
          </p>
          <div className="mt-10 flex flex-wrap gap-4">
            <AppLink
              to={spotlight ? "/spotlight" : "/bands"}
              className="rounded-full bg-white px-6 py-3 font-bold text-ink hover:bg-zinc-200"
            >
              {spotlight ? "See the spotlight" : "Browse bands"}
            </AppLink>
            <AppLink
              to="/products"
              className="rounded-full border-2 border-white px-6 py-3 font-bold text-white hover:bg-white hover:text-ink"
            >
              Shop all merch
            </AppLink>
          </div>
        </div>
      </section>

      {newIn.length > 0 && (
        <section aria-labelledby="new-in">
          <SectionHeading
            id="new-in"
            title="New in"
            link={{ to: "/products?sort=newest", label: "Shop new in" }}
          />
          <ProductGrid products={newIn} label="New in" />
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

      {collections.length > 0 && (
        <section aria-labelledby="collections">
          <SectionHeading id="collections" title="Collections" />
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {collections.map((collection) => (
              <li key={collection.id}>
                <AppLink
                  to={`/products?collection=${collection.slug}`}
                  className="block h-full rounded-2xl bg-white p-6 ring-1 ring-line hover:ring-ink"
                >
                  <h3 className="font-display text-xl">{collection.title}</h3>
                  {collection.description && (
                    <RichText html={collection.description} className="mt-2 text-sm text-muted" />
                  )}
                </AppLink>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
