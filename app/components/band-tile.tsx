import type { BrandView } from "../../common/catalog";
import { fileUrl } from "../lib/images";
import { AppLink } from "./ui/app-link";

/** A band's logo and name, linking to its page. */
export function BandTile({ brand }: { brand: BrandView }) {
  return (
    <AppLink
      to={`/bands/${brand.slug}`}
      className="group flex flex-col items-center gap-3 rounded-xl bg-white p-4 text-center shadow-sm ring-1 ring-line hover:ring-ink"
    >
      {brand.logo ? (
        <img
          src={fileUrl(brand.logo.slug, 320)}
          alt=""
          width={160}
          height={160}
          loading="lazy"
          className="h-28 w-28 rounded-lg object-contain"
        />
      ) : (
        <span
          aria-hidden="true"
          className="flex h-28 w-28 items-center justify-center rounded-lg bg-ink font-display text-3xl text-white"
        >
          {brand.title.slice(0, 1)}
        </span>
      )}
      <span className="font-semibold group-hover:underline">{brand.title}</span>
      <span className="text-xs text-muted">{brand.genre}</span>
    </AppLink>
  );
}
