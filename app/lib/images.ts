import { fileUrl, IMAGE_WIDTHS } from "../../common/images.ts";

export { fileUrl };

export type ImageRef = { slug: string; alt: string; width: number | null; height: number | null };

/** A srcset of every width up to the original's, so no request asks for an upscaled copy. */
export function srcSet(image: ImageRef): string {
  const widths = IMAGE_WIDTHS.filter((width) => !image.width || width <= image.width);
  return widths.map((width) => `${fileUrl(image.slug, width)} ${width}w`).join(", ");
}
