import { type AnyColumn, eq, inArray, type SQL, sql } from "drizzle-orm";
import { QueryBuilder } from "drizzle-orm/pg-core";
import type { ImageRef } from "../../common/images.ts";
import { inBatches } from "../db/bulk-insert.ts";
import type { Db } from "../db/client.ts";
import { type ImageFormat, renderImage, sizeName } from "./images.ts";
import { mediaFiles } from "./schema.ts";
import type { FileStore } from "./storage.ts";

// Only the widths the shop's srcset asks for are made, so no one can fill the disk with sizes.
export { IMAGE_WIDTHS } from "../../common/file-urls.ts";
export type { ImageFormat };

/**
 * Stored files as other modules read them inside their own queries (a product's gallery, a basket
 * line's picture): public columns only, and read-only by contract (architecture.md §7.3). Join it
 * as a table: `.innerJoin(mediaFileView, eq(mediaFileView.id, …))`.
 */
export const mediaFileView = new QueryBuilder()
  .select({
    id: mediaFiles.id,
    slug: mediaFiles.slug,
    title: mediaFiles.title,
    fileType: mediaFiles.fileType,
    width: mediaFiles.width,
    height: mediaFiles.height,
    alt: mediaFiles.alt,
  })
  .from(mediaFiles)
  .as("media_file");

/**
 * The image reference of the file `fileId` names, null when it names none: a scalar subquery for
 * another module's select. Both arguments must name their table in full, since Drizzle leaves
 * columns unqualified when a query reads one table (see catalog/service/brands.ts).
 */
export function imageRefOf(fileId: SQL | AnyColumn, alt: SQL | AnyColumn): SQL<ImageRef | null> {
  return sql<ImageRef | null>`(
  select json_build_object('slug', mf.slug, 'alt', ${alt}, 'width', mf.width, 'height', mf.height)
  from ${mediaFiles} mf where mf.id = ${fileId}
)`;
}

const mimeOf: Record<ImageFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpeg: "image/jpeg",
  png: "image/png",
};

/** The best format the browser accepts: AVIF, then WebP, else the original's own. */
export function negotiateFormat(accept: string | undefined, originalMime: string): ImageFormat {
  if (accept?.includes("image/avif")) return "avif";
  if (accept?.includes("image/webp")) return "webp";
  return originalMime === "image/png" ? "png" : "jpeg";
}

export type ServedFile = {
  bytes: Buffer;
  mimeType: string;
  etag: string;
  fileType: string;
  title: string;
};

/**
 * A stored file by slug; for an image, resized to `width` in the best format the browser accepts
 * (made once, kept in the store, metadata stripped). Undefined when no such file exists.
 *
 * Files are served through the shop from whichever store holds them, the S3 bucket included,
 * rather than by redirecting to the bucket: one URL per file whatever the store, the choice of
 * size and format made here (a bucket cannot read `Accept`), the headers set here (`nosniff`,
 * downloads as attachments, a year of immutable caching), the CSP's `img-src 'self'` unchanged,
 * and the bucket private. A CDN in front of the shop caches the answers, as they never change.
 */
export async function readFile(
  db: Db,
  files: FileStore,
  slug: string,
  request: { width?: number; accept?: string },
): Promise<ServedFile | undefined> {
  const [file] = await db.select().from(mediaFiles).where(eq(mediaFiles.slug, slug));
  if (!file) return undefined;
  const base = { fileType: file.fileType, title: file.title };
  const image = { width: request.width, format: negotiateFormat(request.accept, file.mimeType) };
  if (file.fileType !== "IMAGE" || (!image.width && mimeOf[image.format] === file.mimeType)) {
    const bytes = await files.read(slug);
    return bytes && { ...base, bytes, mimeType: file.mimeType, etag: `"${slug}"` };
  }
  const variant = sizeName(slug, image.width, image.format);
  const etag = `"${variant}"`;
  const cached = await files.read(variant);
  if (cached) return { ...base, bytes: cached, mimeType: mimeOf[image.format], etag };
  const original = await files.read(slug);
  if (!original) return undefined;
  const bytes = await renderImage(original, image.width, image.format);
  await files.put(variant, bytes);
  return { ...base, bytes, mimeType: mimeOf[image.format], etag };
}

export type NewMediaFile = Omit<typeof mediaFiles.$inferInsert, "id">;

// Files per INSERT: ten columns each, well under PostgreSQL's 65,535 parameters.
const FILES_PER_INSERT = 2000;

/**
 * Records files whose bytes are already in the file store under their slugs, in the order given;
 * returns their ids and slugs.
 */
export async function createFiles(
  db: Db,
  files: NewMediaFile[],
): Promise<Array<{ id: number; slug: string }>> {
  const created: Array<{ id: number; slug: string }> = [];
  await inBatches(files, FILES_PER_INSERT, async (batch) => {
    created.push(
      ...(await db
        .insert(mediaFiles)
        .values(batch)
        .returning({ id: mediaFiles.id, slug: mediaFiles.slug })),
    );
  });
  return created;
}

/** Deletes the records of these files; their bytes stay in the store. */
export async function deleteFiles(db: Db, ids: number[]): Promise<void> {
  await inBatches(ids, 5000, (batch) => db.delete(mediaFiles).where(inArray(mediaFiles.id, batch)));
}
