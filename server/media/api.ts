import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../http/env.ts";
import { notFound } from "../http/errors.ts";
import { pathParam, queryParams } from "../http/validate.ts";
import { IMAGE_WIDTHS, readFile } from "./service.ts";
import type { FileStore } from "./storage.ts";

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
export function mediaPublicApi(files: FileStore) {
  return new Hono<AppEnv>().get("/file/:slug", async (c) => {
    const slug = pathParam(c, "slug", FileSlug);
    const { w } = queryParams(c, FileQuery);
    const file = await readFile(c.get("db"), files, slug, {
      width: w,
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
  });
}
