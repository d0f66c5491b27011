import { BannerImage } from "../../components/banner-image";
import { Breadcrumbs, bandCrumbs } from "../../components/breadcrumbs";
import { ProductGrid } from "../../components/product-grid";
import { AppLink } from "../../components/ui/app-link";
import { RichText } from "../../components/ui/rich-text";
import { catalog } from "../../lib/catalog.server";
import { fileUrl } from "../../lib/images";
import { matchCount } from "../../lib/listing-filters";
import { errorMeta, publicUrlOf, shopMeta } from "../../lib/meta";
import { noRouteMatch, requireSlug } from "../../lib/route-params";
import { absoluteUrl, breadcrumbJsonLd } from "../../lib/seo";
import type { Route } from "./+types/band-show";

export const meta = (args: Route.MetaArgs) => {
  const brand = args.loaderData?.brand;
  if (args.error || !brand) return errorMeta(args.error ?? { status: 404 });
  const publicUrl = publicUrlOf(args.matches);
  return shopMeta(args, {
    page: brand.title,
    description:
      brand.seoDescription ||
      `Official ${brand.title} merchandise: T-shirts, hoodies, posters and more, shipped from the UK.`,
    image: brand.hero ? absoluteUrl(publicUrl, fileUrl(brand.hero.slug, 1200)) : null,
    jsonLd: [
      breadcrumbJsonLd([
        { name: "Home", url: absoluteUrl(publicUrl, "/") },
        { name: "Bands", url: absoluteUrl(publicUrl, "/bands") },
        { name: brand.title, url: absoluteUrl(publicUrl, `/bands/${brand.slug}`) },
      ]),
    ],
  });
};

export async function loader(args: Route.LoaderArgs) {
  const slug = requireSlug(args);
  const shop = catalog(args.context);
  const brand = await shop.getBrand(slug);
  if (!brand) noRouteMatch(args.url);
  const products = await shop.listProducts({
    page: 1,
    perPage: 12,
    brand: [brand.slug],
    sort: "featured",
  });
  return { brand, products };
}

const linkLabels: Record<string, string> = {
  website: "Website",
  instagram: "Instagram",
  spotify: "Spotify",
  bandcamp: "Bandcamp",
  youtube: "YouTube",
};

/** A band: hero, story, links and its products. */
export default function BandShow({ loaderData }: Route.ComponentProps) {
  const { brand, products } = loaderData;
  const tagline = [brand.genre, brand.origin].filter(Boolean).join(" · ");
  const hasLinks = Object.keys(brand.links).length > 0;
  return (
    <>
      <Breadcrumbs crumbs={bandCrumbs(brand)} />
      {brand.hero ? (
        // Issue 29: the banner's own lettering already shows the band's name and the line under
        // it (genre · home town), so the page's heading and that line are for screen readers
        // only; the art stays whole and uncovered, cropped only top and bottom on wide screens.
        <section className="overflow-hidden rounded-3xl bg-ink">
          <BannerImage
            image={brand.hero}
            sizes="(min-width: 1280px) 1232px, 100vw"
            priority
            className="aspect-[16/7] h-auto w-full object-cover lg:aspect-[16/5]"
          />
          <h1 className="sr-only">{brand.title}</h1>
          {tagline && <p className="sr-only">{tagline}</p>}
        </section>
      ) : (
        <section className="rounded-3xl bg-ink text-white">
          <div className="flex flex-col-reverse gap-2 px-6 py-5 sm:flex-row sm:items-baseline sm:justify-between sm:px-12 sm:py-6">
            <h1 className="font-display text-3xl sm:text-4xl">{brand.title}</h1>
            {tagline && (
              <p className="text-sm font-bold uppercase tracking-[0.3em] text-zinc-200">
                {tagline}
              </p>
            )}
          </div>
        </section>
      )}
      {(brand.story || hasLinks) && (
        <div className="mt-10 grid gap-10 lg:grid-cols-[1fr_18rem]">
          {/* No story, no heading for it (issue 29). */}
          {brand.story && (
            <section aria-labelledby="story">
              <h2 id="story" className="sr-only">
                The story
              </h2>
              <RichText html={brand.story} className="max-w-3xl text-lg" />
            </section>
          )}
          {hasLinks && (
            <nav aria-label={`${brand.title} elsewhere`} className="lg:col-start-2">
              <h2 className="text-sm font-bold uppercase tracking-wider text-muted">
                Listen and follow
              </h2>
              <ul className="mt-3 space-y-2">
                {Object.entries(brand.links).map(([kind, href]) => (
                  <li key={kind}>
                    <a
                      href={href}
                      rel="noopener noreferrer"
                      className="font-semibold underline hover:text-accent"
                    >
                      {linkLabels[kind] ?? kind}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          )}
        </div>
      )}
      <section aria-labelledby="band-products" className="mt-14">
        <div className="mb-6 flex items-baseline justify-between gap-4">
          <h2 id="band-products" className="font-display text-2xl">
            {brand.title} merchandise
          </h2>
          {products.meta.total > products.data.length && (
            <AppLink to={`/products/band/${brand.slug}`} className="font-semibold underline">
              See all {matchCount(products.meta)}
            </AppLink>
          )}
        </div>
        {brand.productCount === 0 ? (
          // Not listed among the bands until it has something to sell (issue 29).
          <p className="text-muted">Merch coming soon.</p>
        ) : products.data.length === 0 ? (
          <p className="text-muted">Nothing from {brand.title} in stock right now.</p>
        ) : (
          <ProductGrid
            products={products.data}
            label={`${brand.title} products`}
            leadsPage={false}
          />
        )}
      </section>
    </>
  );
}
