import { fileUrl, type ImageRef, srcSet } from "../lib/images";

type Props = {
  image: ImageRef | null;
  sizes: string;
  className?: string;
  /** The page's main image: loaded at once with high priority instead of lazily. */
  priority?: boolean;
};

/** A responsive product image with its size set, so the page does not shift as it loads. */
export function ProductImage({ image, sizes, className = "", priority = false }: Props) {
  if (!image) {
    return (
      <div
        className={`flex aspect-[4/5] items-center justify-center bg-zinc-200 text-sm text-muted ${className}`}
        role="img"
        aria-label="No image yet"
      >
        No image yet
      </div>
    );
  }
  return (
    <img
      src={fileUrl(image.slug, 800)}
      srcSet={srcSet(image)}
      sizes={sizes}
      width={image.width ?? 800}
      height={image.height ?? 1000}
      alt={image.alt}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "sync" : "async"}
      fetchPriority={priority ? "high" : "auto"}
      className={`h-auto w-full bg-zinc-100 object-cover ${className}`}
    />
  );
}
