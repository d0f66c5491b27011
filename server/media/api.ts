import { z } from "zod";
import { notFound } from "../http/errors.ts";
import { defineRoute, type RouteGroup } from "../http/route-table.ts";
import { IMAGE_WIDTHS, readFile } from "./service.ts";

const FileSlug = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\.[a-z0-9]{1,5})?$/);

const FileQuery = z.strictObject({
  w: z.coerce
    .number()
    .refine((width) => (IMAGE_WIDTHS as readonly number[]).includes(width), {
      message: `Width must be one of ${IMAGE_WIDTHS.join(", ")}.`,
    })
    .optional(),
});

/** GET /api/file/{slug}: the file, or an image resized for `?w=` in the best accepted format. */
const showFile = defineRoute({
  method: "get",
  path: "/file/{slug}",
  tag: "media",
  summary: "A file; an image resized for `?w=` in the best format the client accepts",
  params: z.strictObject({ slug: FileSlug }),
  query: FileQuery,
  answers: {
    file: ["image/avif", "image/webp", "image/jpeg", "image/png", "application/octet-stream"],
    description: "The file's bytes; immutable, so cached for a year (ETag, 304).",
  },
  refusals: ["not-found"],
  async handle(c, { params, query }) {
    const file = await readFile(c.get("db"), c.get("files"), params.slug, {
      width: query.w,
      accept: c.req.header("accept"),
    });
    if (!file) throw notFound("No file with that name.");
    c.header("ETag", file.etag);
    // A slug names one content for ever: uploads get new slugs.
    c.header("Cache-Control", "public, max-age=31536000, immutable");
    c.header("Vary", "Accept");
    if (file.fileType !== "IMAGE") {
      c.header(
        "Content-Disposition",
        `attachment; filename="${file.title.replace(/[^\w .-]/g, "_")}"`,
      );
    }
    if (c.req.header("if-none-match") === file.etag) return c.body(null, 304);
    c.header("Content-Type", file.mimeType);
    return c.body(new Uint8Array(file.bytes));
  },
});

export const mediaRoutes: RouteGroup[] = [{ area: "public", routes: [showFile] }];
