// The file endpoint's URLs, shared by the server that answers them and the pages that link to
// them. No zod here: components import this, and whatever they import is downloaded by shoppers.

/** The widths the file endpoint makes (`/api/file/{slug}?w=`); srcset uses the same list. */
export const IMAGE_WIDTHS = [160, 320, 480, 640, 800, 1000, 1200, 1600] as const;

/** The URL of a stored file, resized to one of `IMAGE_WIDTHS` when `width` is given. */
export const fileUrl = (slug: string, width?: number) =>
  `/api/file/${slug}${width ? `?w=${width}` : ""}`;
