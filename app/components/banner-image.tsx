import { fileUrl, type ImageRef, srcSet } from "../lib/images";

type Props = {
  image: ImageRef;
  sizes: string;
  className?: string;
  /** The page's main image: loaded at once with high priority instead of lazily. */
  priority?: boolean;
};

/**
 * A wide decorative banner (a band's, or an article's cover): responsive, sized so the page does
 * not shift, and silent to screen readers since the heading beside it says what it is.
 */
export function BannerImage({ image, sizes, className = "", priority = false }: Props) {
  return (
    <img
      src={fileUrl(image.slug, 1200)}
      srcSet={srcSet(image)}
      sizes={sizes}
      width={image.width ?? 1600}
      height={image.height ?? 700}
      alt=""
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : "auto"}
      className={className}
    />
  );
}
