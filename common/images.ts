// The file endpoint's URL contract, shared by the server that answers it and the pages that link
// to it.

/** The widths the file endpoint makes (`/api/file/{slug}?w=`); srcset uses the same list. */
export const IMAGE_WIDTHS = [160, 320, 480, 640, 800, 1000, 1200, 1600] as const;

/** An image as pages show it: its file's slug and size, and the text that stands in for it. */
export type ImageRef = { slug: string; alt: string; width: number | null; height: number | null };

/** The URL of a stored file, resized to one of `IMAGE_WIDTHS` when `width` is given. */
export const fileUrl = (slug: string, width?: number) =>
  `/api/file/${slug}${width ? `?w=${width}` : ""}`;
