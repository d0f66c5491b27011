import { fileUrl, type ImageRef, srcSet } from "../lib/images";

/**
 * A band's banner artwork shown whole (its own lettering names the band, so it is never cropped
 * or covered, and reads as decoration), loaded at once as the page's leading picture.
 */
export function BandArtwork({
  art,
  sizes,
  className = "",
}: {
  art: ImageRef;
  sizes: string;
  className?: string;
}) {
  return (
    <img
      src={fileUrl(art.slug, 1200)}
      srcSet={srcSet(art)}
      sizes={sizes}
      width={art.width ?? 1600}
      height={art.height ?? 700}
      alt=""
      fetchPriority="high"
      className={`aspect-[16/7] h-auto w-full object-cover ${className}`.trim()}
    />
  );
}
