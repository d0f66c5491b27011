import { fileUrl, IMAGE_WIDTHS } from "../../common/file-urls.ts";
import type { ImageRef } from "../../common/images.ts";

export { fileUrl, type ImageRef };

/** A srcset of every width up to the original's, so no request asks for an upscaled copy. */
export function srcSet(image: ImageRef): string {
  const widths = IMAGE_WIDTHS.filter((width) => !image.width || width <= image.width);
  return widths.map((width) => `${fileUrl(image.slug, width)} ${width}w`).join(", ");
}
