import type { BrandView } from "../../common/catalog";
import { fileUrl } from "../lib/images";
import { AppLink } from "./ui/app-link";

/** Said above the results when a misspelt word was corrected: what was searched instead. */
export function SearchCorrection({
  searchedFor,
  correctedFrom,
}: {
  searchedFor: string;
  correctedFrom: string;
}) {
  return (
    <p className="mb-4 rounded-xl bg-amber-50 px-4 py-3 text-sm ring-1 ring-amber-200">
      Showing results for <strong className="font-semibold">“{searchedFor}”</strong>. Nothing
      matched “{correctedFrom}”.
    </p>
  );
}

/** The bands a search names, as links to their pages, above the products. */
export function BandMatches({ bands }: { bands: BrandView[] }) {
  if (bands.length === 0) return null;
  return (
    <section aria-labelledby="band-matches" className="mb-8">
      <h2 id="band-matches" className="mb-3 text-sm font-bold tracking-wide text-muted uppercase">
        {bands.length === 1 ? "Band" : "Bands"}
      </h2>
      <ul className="flex flex-wrap gap-3">
        {bands.map((band) => (
          <li key={band.id}>
            <AppLink
              to={`/bands/${band.slug}`}
              className="flex min-h-11 items-center gap-3 rounded-full bg-white py-1.5 pr-4 pl-1.5 shadow-sm ring-1 ring-line hover:ring-ink"
            >
              {band.logo ? (
                <img
                  src={fileUrl(band.logo.slug, 160)}
                  alt=""
                  width={40}
                  height={40}
                  className="h-10 w-10 rounded-full object-cover"
                />
              ) : (
                <span
                  aria-hidden="true"
                  className="flex h-10 w-10 items-center justify-center rounded-full bg-ink font-display text-white"
                >
                  {band.title.slice(0, 1)}
                </span>
              )}
              <span>
                <span className="block text-sm font-semibold">{band.title}</span>
                <span className="block text-xs text-muted">
                  {band.productCount} {band.productCount === 1 ? "product" : "products"}
                </span>
              </span>
            </AppLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * A search that found nothing: what to try instead (the spelling, a general word), the way back
 * to the search without filters when some are chosen, popular bands, and clearing the search.
 */
export function SearchEmpty({
  q,
  clearFiltersTo,
  popularBands,
}: {
  q: string;
  /** The search without its filters, when filters are chosen. */
  clearFiltersTo?: string;
  popularBands: BrandView[];
}) {
  return (
    <div className="rounded-xl border border-dashed border-line bg-white p-6 sm:p-10">
      <h2 className="text-lg font-semibold">
        {clearFiltersTo
          ? `Nothing matches “${q}” with the filters you chose.`
          : `We couldn’t find anything for “${q}”.`}
      </h2>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-muted">
        {clearFiltersTo && (
          <li>
            <AppLink to={clearFiltersTo} className="font-semibold text-ink underline">
              Search “{q}” without filters
            </AppLink>
          </li>
        )}
        <li>Check the spelling, or try fewer words.</li>
        <li>Try a general word, such as “hoodie”, “vinyl” or a band’s name.</li>
      </ul>
      {popularBands.length > 0 && (
        <>
          <h3 className="mt-6 text-sm font-bold tracking-wide text-muted uppercase">
            Popular bands
          </h3>
          <ul className="mt-3 flex flex-wrap gap-2">
            {popularBands.map((band) => (
              <li key={band.id}>
                <AppLink
                  to={`/bands/${band.slug}`}
                  className="inline-flex min-h-11 items-center rounded-full border border-line px-4 text-sm font-semibold hover:border-ink"
                >
                  {band.title}
                </AppLink>
              </li>
            ))}
          </ul>
        </>
      )}
      <div className="mt-6 flex flex-wrap gap-4 text-sm font-semibold">
        <AppLink to="/products" className="underline">
          Clear search and see all products
        </AppLink>
        <AppLink to="/bands" className="underline">
          Browse bands A to Z
        </AppLink>
      </div>
    </div>
  );
}
