import { z } from "zod";
import {
  MediaDestroyed,
  StaffFolderContents,
  StaffMediaFile,
  StaffMediaFileEdit,
  StaffMediaFilePage,
  StaffMediaFolder,
  StaffMediaFolderPage,
} from "../../common/media.ts";
import { defineCommand } from "../http/command.ts";
import { notFound } from "../http/errors.ts";
import { PathId } from "../http/query-schemas.ts";
import { DestroyInput, idsToDestroy } from "../http/resource.ts";
import { type AnyRoute, defineRoute, type RouteGroup } from "../http/route-table.ts";
import {
  createFolder,
  destroyFiles,
  destroyFolders,
  fileForEdit,
  folderContents,
  listFiles,
  listFolders,
  storeUpload,
  UPLOAD_BODY_BYTES,
  updateFile,
  updateFolder,
} from "./library.ts";
import { IMAGE_WIDTHS, readFile } from "./service.ts";
import {
  FolderPathInput,
  StaffFileListQuery,
  StaffFileStoreInput,
  StaffFileUpdateInput,
  StaffFolderContentsQuery,
  StaffFolderListQuery,
  StaffFolderStoreInput,
  StaffFolderUpdateInput,
  StaffImageStoreInput,
} from "./validators.ts";

const FileSlug = z
  .string()
  .max(42)
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\.[a-z0-9]{1,5})?$/);

const FileQuery = z.strictObject({
  w: z.coerce
    .number()
    .int()
    .min(Math.min(...IMAGE_WIDTHS))
    .max(Math.max(...IMAGE_WIDTHS))
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

const UPLOAD_DESCRIPTION =
  "Multipart: `file`, `title`, optional `alt`, `folderId`, `type` and `slug`. The type comes from the file's bytes, never its name or declared type; SVG, markup and anything else not taken is a 422 naming the reason. Up to 20 MB (413 past it). Images are checked for their pixel size before decoding (40 MP, 16,383 px a side), re-encoded without metadata and made in the shop's sizes. The shop names the file: a new UUID and the extension of its real type.";

/**
 * POST /files/store and /images/store: the same upload, the second taking images alone, into the
 * app's file store (the local disk or the S3 bucket). It answers the file stored, as a page
 * making the same call in process gets it (issue 30).
 */
function uploadRoute(
  path: "/files/store" | "/images/store",
  schema: typeof StaffFileStoreInput | typeof StaffImageStoreInput,
  onlyImages: boolean,
) {
  return defineCommand<
    Record<never, never>,
    Record<never, never>,
    StaffFileStoreInput,
    StaffMediaFile
  >({
    method: "post",
    path,
    tag: "media",
    summary: onlyImages
      ? "Upload an image (JPEG, PNG, WebP, AVIF or GIF) to the media library"
      : "Upload a file to the media library",
    description: UPLOAD_DESCRIPTION,
    multipart: { schema, maxBytes: UPLOAD_BODY_BYTES },
    answers: { data: StaffMediaFile, status: 201 },
    refusals: ["invalid"],
    transaction: "work",
    run: async ({ db, files, audit }, { body }) =>
      storeUpload(
        db,
        files,
        audit,
        {
          bytes: new Uint8Array(await body.file.arrayBuffer()),
          name: body.file.name,
          title: body.title,
          alt: body.alt,
          folderId: body.folderId,
          type: body.type,
        },
        { onlyImages },
      ),
  });
}

export const storeFileRoute = uploadRoute("/files/store", StaffFileStoreInput, false);
export const storeImageRoute = uploadRoute("/images/store", StaffImageStoreInput, true);

export const folderListRoute = defineRoute({
  method: "get",
  path: "/folders",
  tag: "media",
  summary: "The media library's folders: paginated, A–Z, of one parent or matching `q`",
  query: StaffFolderListQuery,
  answers: { page: StaffMediaFolderPage },
  call: ({ db }, { query }) => listFolders(db, query),
});

export const folderRoute = defineRoute({
  method: "get",
  path: "/folders/edit/{id}",
  tag: "media",
  summary: "A folder (`root` for the top level): its subfolders and a page of its files",
  params: FolderPathInput,
  query: StaffFolderContentsQuery,
  answers: { data: StaffFolderContents },
  refusals: ["not-found"],
  call: ({ db }, { params, query }) => folderContents(db, params.id, query),
});

export const storeFolderRoute = defineCommand({
  method: "post",
  path: "/folders/store",
  tag: "media",
  summary: "Make a folder",
  body: StaffFolderStoreInput,
  answers: { data: StaffMediaFolder, status: 201 },
  refusals: ["invalid"],
  transaction: "work",
  run: ({ db, audit }, { body }) => createFolder(db, audit, body),
});

export const updateFolderRoute = defineCommand({
  method: "post",
  path: "/folders/update",
  tag: "media",
  summary: "Rename a folder or move it: only the fields sent",
  body: StaffFolderUpdateInput,
  answers: { data: StaffMediaFolder },
  refusals: ["invalid", "not-found", "conflict"],
  transaction: "work",
  run: ({ db, audit }, { body }) => updateFolder(db, audit, body),
});

export const destroyFolderRoute = defineCommand({
  method: "post",
  path: "/folders/destroy",
  tag: "media",
  summary:
    "Delete empty folders (`{ id }` or `{ ids }`, admins only); one holding anything is a 409",
  access: "admin",
  body: DestroyInput,
  answers: { data: MediaDestroyed },
  refusals: ["not-found", "conflict"],
  transaction: "work",
  run: ({ db, audit }, { body }) => destroyFolders(db, audit, idsToDestroy(body)),
});

export const fileListRoute = defineRoute({
  method: "get",
  path: "/files",
  tag: "media",
  summary:
    "The media library's files in every folder: paginated, newest first, matching `q` (title or alt text), of one `type`, or exactly `ids`",
  query: StaffFileListQuery,
  answers: { page: StaffMediaFilePage },
  call: ({ db }, { query }) => listFiles(db, query),
});

export const fileRoute = defineRoute({
  method: "get",
  path: "/files/edit/{id}",
  tag: "media",
  summary: "A file of the media library, and everything that shows it",
  params: z.strictObject({ id: PathId }),
  answers: { data: StaffMediaFileEdit },
  refusals: ["not-found"],
  call: ({ db }, { params }) => fileForEdit(db, params.id),
});

export const updateFileRoute = defineCommand({
  method: "post",
  path: "/files/update",
  tag: "media",
  summary: "Change a file's title, alt text or folder: only the fields sent",
  body: StaffFileUpdateInput,
  answers: { data: StaffMediaFile },
  refusals: ["invalid", "not-found", "conflict"],
  transaction: "work",
  run: ({ db, audit }, { body }) => updateFile(db, audit, body),
});

export const destroyFileRoute = defineCommand({
  method: "post",
  path: "/files/destroy",
  tag: "media",
  summary:
    "Delete files (`{ id }` or `{ ids }`, admins only); one shown anywhere is a 409 saying where",
  access: "admin",
  body: DestroyInput,
  answers: { data: MediaDestroyed },
  refusals: ["not-found", "conflict"],
  // Its own transaction: the bytes leave the file store once the rows have gone.
  transaction: "work",
  run: ({ db, files, logger, audit }, { body }) =>
    destroyFiles(db, files, audit, idsToDestroy(body), (failures) =>
      logger.warn({ failures }, "deleted files left bytes in the store"),
    ),
});

const staffRoutes: AnyRoute[] = [
  folderListRoute,
  folderRoute,
  storeFolderRoute,
  updateFolderRoute,
  destroyFolderRoute,
  fileListRoute,
  storeFileRoute,
  storeImageRoute,
  fileRoute,
  updateFileRoute,
  destroyFileRoute,
];

export const mediaRoutes: RouteGroup[] = [
  { area: "public", routes: [showFile] },
  { area: "staff", routes: staffRoutes },
];
