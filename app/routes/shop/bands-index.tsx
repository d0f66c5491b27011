import { BandTile } from "../../components/band-tile";
import { PageHeading } from "../../components/page-heading";
import { catalog } from "../../lib/catalog.server";
import { screenMeta } from "../../lib/meta";
import type { Route } from "./+types/bands-index";

export const meta = screenMeta("Bands");

export async function loader({ context }: Route.LoaderArgs) {
  const { data } = await catalog(context).listBrands({ page: 1, perPage: 100 });
  return { brands: data };
}

const letterOf = (title: string) => {
  const first = title
    .replace(/^the\s+/i, "")
    .charAt(0)
    .toUpperCase();
  return /[A-Z]/.test(first) ? first : "#";
};

/** The A–Z band index, with jumps to each letter. */
export default function BandsIndex({ loaderData }: Route.ComponentProps) {
  const groups = new Map<string, typeof loaderData.brands>();
  for (const brand of loaderData.brands) {
    const letter = letterOf(brand.title);
    groups.set(letter, [...(groups.get(letter) ?? []), brand]);
  }
  const letters = [...groups.keys()].sort();
  return (
    <>
      <PageHeading title="Bands" intro="Official merchandise from every band we carry, A to Z." />
      {letters.length === 0 ? (
        <p className="text-muted">No bands yet.</p>
      ) : (
        <>
          <nav
            aria-label="Jump to letter"
            className="sticky top-0 z-10 -mx-4 mb-8 bg-paper/95 px-4 py-3 backdrop-blur"
          >
            <ul className="flex flex-wrap gap-1">
              {letters.map((letter) => (
                <li key={letter}>
                  <a
                    href={`#letter-${letter}`}
                    className="inline-flex h-9 w-9 items-center justify-center rounded-full font-bold hover:bg-ink hover:text-white"
                  >
                    {letter}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          {letters.map((letter) => (
            <section
              key={letter}
              id={`letter-${letter}`}
              aria-labelledby={`heading-${letter}`}
              className="mb-10 scroll-mt-20"
            >
              <h2 id={`heading-${letter}`} className="mb-4 font-display text-3xl">
                {letter}
              </h2>
              <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
                {groups.get(letter)?.map((brand) => (
                  <li key={brand.id}>
                    <BandTile brand={brand} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </>
      )}
    </>
  );
}
