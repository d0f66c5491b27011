import type { BrandView } from "../../../common/catalog";
import { PageHeading } from "../../components/page-heading";
import { AppLink } from "../../components/ui/app-link";
import { catalog } from "../../lib/catalog.server";
import { fileUrl } from "../../lib/images";
import { screenMeta } from "../../lib/meta";
import type { Route } from "./+types/bands-index";

export const meta = screenMeta("Bands");

export async function loader({ context }: Route.LoaderArgs) {
  const { data } = await catalog(context).listBrands({ page: 1, perPage: 100 });
  return { brands: data };
}

// Every letter has its place in the index, so the row never shifts; '#' gathers the rest.
const INDEX = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZ", "#"];

/** A band's index letter: its name's first letter, leaving out a leading "The". */
const letterOf = (title: string) => {
  const first = title
    .replace(/^the\s+/i, "")
    .charAt(0)
    .toUpperCase();
  return /[A-Z]/.test(first) ? first : "#";
};

const productsOf = (count: number) => (count === 1 ? "1 product" : `${count} products`);

/** A small card: the band's image, its name, its genre and how much it has. */
function BandEntry({ brand }: { brand: BrandView }) {
  const image = brand.logo ?? brand.hero;
  return (
    <AppLink
      to={`/bands/${brand.slug}`}
      className="group flex items-center gap-2 rounded-lg py-1.5 hover:bg-white hover:shadow-sm sm:gap-3 sm:px-1.5"
    >
      {image ? (
        <img
          src={fileUrl(image.slug, 160)}
          alt=""
          width={56}
          height={56}
          loading="lazy"
          className="h-10 w-10 shrink-0 rounded-md bg-white object-cover ring-1 ring-line sm:h-14 sm:w-14"
        />
      ) : (
        <span
          aria-hidden="true"
          className="flex h-10 w-10 shrink-0 items-center justify-center rounded-md bg-ink font-display text-xl text-white sm:h-14 sm:w-14"
        >
          {brand.title.slice(0, 1)}
        </span>
      )}
      <span className="min-w-0">
        <span className="block text-sm font-semibold leading-tight group-hover:underline sm:text-base">
          {brand.title}
        </span>
        <span className="block text-xs text-muted">
          {brand.genre}
          {/* A phone's column is narrow: the genre says enough there. */}
          <span className="hidden sm:inline">
            {brand.genre && " · "}
            {productsOf(brand.productCount)}
          </span>
        </span>
      </span>
    </AppLink>
  );
}

/**
 * The A–Z band index: a sticky row of every letter (those without bands shown but not links),
 * and the bands under their letters in columns that fill the width, as a printed index would.
 */
export default function BandsIndex({ loaderData }: Route.ComponentProps) {
  const groups = new Map<string, BrandView[]>();
  for (const brand of loaderData.brands) {
    const letter = letterOf(brand.title);
    groups.set(letter, [...(groups.get(letter) ?? []), brand]);
  }
  const letters = INDEX.filter((letter) => groups.has(letter));
  return (
    <>
      <PageHeading title="Bands" intro="Official merchandise from every band we carry, A to Z." />
      {letters.length === 0 ? (
        <p className="text-muted">No bands yet.</p>
      ) : (
        <>
          <nav
            aria-label="Jump to letter"
            className="sticky top-0 z-(--z-raised) -mx-4 mb-6 border-b border-line bg-paper/95 px-4 py-2 backdrop-blur sm:-mx-6 sm:px-6"
          >
            {/* On a phone the row scrolls sideways; its fading edge says there is more. */}
            <ul className="flex gap-0.5 overflow-x-auto max-lg:[mask-image:linear-gradient(to_right,#000_85%,transparent)] lg:flex-wrap">
              {INDEX.map((letter) => (
                <li key={letter}>
                  {groups.has(letter) ? (
                    <a
                      href={`#letter-${letter}`}
                      className="inline-flex h-10 w-9 items-center justify-center rounded-full font-bold hover:bg-ink hover:text-white"
                    >
                      {letter}
                    </a>
                  ) : (
                    // Relative, so the hidden words stay inside the scrolling row rather than
                    // widening the page.
                    <span className="relative inline-flex h-10 w-9 items-center justify-center text-muted line-through decoration-1">
                      {letter}
                      <span className="sr-only"> (no bands)</span>
                    </span>
                  )}
                </li>
              ))}
            </ul>
          </nav>
          <div className="columns-2 gap-x-4 sm:gap-x-8 md:columns-3 xl:columns-4">
            {letters.map((letter) => (
              <section
                key={letter}
                id={`letter-${letter}`}
                aria-labelledby={`heading-${letter}`}
                className="mb-4 break-inside-avoid scroll-mt-20 sm:mb-6"
              >
                <h2
                  id={`heading-${letter}`}
                  className="mb-1 border-b border-line pb-1 font-display text-xl sm:mb-2 sm:text-2xl"
                >
                  {letter}
                </h2>
                <ul className="sm:space-y-1">
                  {groups.get(letter)?.map((brand) => (
                    <li key={brand.id}>
                      <BandEntry brand={brand} />
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        </>
      )}
    </>
  );
}
