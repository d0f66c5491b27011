import { z } from "zod";

// The file endpoint's contract, shared by the server that answers it and the pages that link to it.

/** spec §3: the kinds of file the shop stores; only IMAGE files are shown as pictures. */
export const FILE_TYPES = ["IMAGE", "VIDEO", "AUDIO", "DOCUMENT", "ARCHIVE"] as const;

/** An image as the shop links to it: `/api/file/{slug}`, with its size when known. */
export const ImageRef = z
  .object({
    slug: z.string(),
    alt: z.string(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
  })
  .meta({
    id: "ImageRef",
    description:
      "An image file: its slug for /api/file/{slug}, alt text, and pixel size when known.",
  });
export type ImageRef = z.output<typeof ImageRef>;

/** The widths the file endpoint makes (`/api/file/{slug}?w=`); srcset uses the same list. */
export const IMAGE_WIDTHS = [160, 320, 480, 640, 800, 1000, 1200, 1600] as const;

/** The URL of a stored file, resized to one of `IMAGE_WIDTHS` when `width` is given. */
export const fileUrl = (slug: string, width?: number) =>
  `/api/file/${slug}${width ? `?w=${width}` : ""}`;
