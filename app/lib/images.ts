import type { ImageRef } from "../../common/images";

/** The widths the file endpoint makes (`/api/file/{slug}?w=`); srcset uses the same list. */
export const IMAGE_WIDTHS = [160, 320, 480, 640, 800, 1000, 1200, 1600] as const;

export type { ImageRef };

export const fileUrl = (slug: string, width?: number) =>
  `/api/file/${slug}${width ? `?w=${width}` : ""}`;

/** A srcset of every width up to the original's, so no request asks for an upscaled copy. */
export function srcSet(image: ImageRef): string {
  const widths = IMAGE_WIDTHS.filter((width) => !image.width || width <= image.width);
  return widths.map((width) => `${fileUrl(image.slug, width)} ${width}w`).join(", ");
}
