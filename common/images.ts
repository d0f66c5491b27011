import { z } from "zod";

/** behaviour.md §3: the kinds of file the shop stores; only IMAGE files are shown as pictures. */
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
