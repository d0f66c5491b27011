import { BandArtwork } from "../../components/band-artwork";
import { PageHeading } from "../../components/page-heading";
import { ProductGrid } from "../../components/product-grid";
import { AppLink } from "../../components/ui/app-link";
import { buttonClasses } from "../../components/ui/button";
import { RichText } from "../../components/ui/rich-text";
import { catalog } from "../../lib/catalog.server";
import { screenMeta } from "../../lib/meta";
import type { Route } from "./+types/spotlight";

export const meta = screenMeta("Spotlight");

export async function loader({ context }: Route.LoaderArgs) {
  return { spotlight: (await catalog(context).getActiveSpotlight()) ?? null };
}

/** The curated spotlight: a featured band or collection, in the team's words, with its products. */
export default function SpotlightIndex({ loaderData }: Route.ComponentProps) {
  const { spotlight } = loaderData;
  if (!spotlight) {
    return (
      <>
        <PageHeading
          title="Spotlight"
          intro="The band and the collection our team is excited about right now."
        />
        <p className="text-muted">
          Nothing is in the spotlight this week.{" "}
          <AppLink to="/products?sort=newest" className="font-semibold underline">
            See what is new
          </AppLink>
          .
        </p>
      </>
    );
  }
  const subject = spotlight.brand
    ? {
        title: spotlight.brand.title,
        to: `/bands/${spotlight.brand.slug}`,
        label: `More from ${spotlight.brand.title}`,
      }
    : {
        title: spotlight.collection?.title ?? "",
        to: `/products?collection=${spotlight.collection?.slug}`,
        label: "See the whole collection",
      };
  const art = spotlight.brand?.hero;
  return (
    <>
      <PageHeading title="Spotlight" intro={subject.title} />
      {/* The band's artwork, whole, as the home page leads with it: its lettering names the band. */}
      {art && (
        <BandArtwork
          art={art}
          sizes="(min-width: 1280px) 1232px, 100vw"
          className="mb-10 rounded-3xl bg-ink"
        />
      )}
      <section aria-labelledby="spotlight-headline" className="mb-12 max-w-3xl">
        <h2 id="spotlight-headline" className="font-display text-3xl">
          {spotlight.headline}
        </h2>
        <RichText html={spotlight.body} className="mt-4 text-lg text-muted" />
        <AppLink to={subject.to} className={`mt-6 ${buttonClasses()}`}>
          {subject.label}
        </AppLink>
      </section>
      <ProductGrid
        products={spotlight.products}
        label={`${subject.title} products`}
        leadsPage={false}
      />
    </>
  );
}
