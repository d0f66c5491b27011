import { z } from "zod";
import { FILE_TYPES } from "./images.ts";
import { PageMeta, pageOf } from "./pagination.ts";

const Instant = z.string().meta({ description: "ISO 8601 UTC." });

/** GET /api/staff/folders, and a folder's subfolders: one folder of the media library. */
export const StaffMediaFolder = z
  .object({
    id: z.number().int(),
    name: z.string(),
    /** null: the folder sits in the root. */
    parentId: z.number().int().nullable(),
    folderCount: z.number().int().min(0),
    fileCount: z.number().int().min(0),
    createdAt: Instant,
    updatedAt: Instant.meta({
      description: "ISO 8601 UTC; send it back with an update to catch a colleague's save.",
    }),
  })
  .meta({ id: "StaffMediaFolder", description: "A folder of the media library." });
export type StaffMediaFolder = z.output<typeof StaffMediaFolder>;

export const StaffMediaFolderPage = pageOf(StaffMediaFolder).meta({
  id: "StaffMediaFolderPage",
  description: "A page of folders.",
});

/** A stored file as the media library shows it. */
export const StaffMediaFile = z
  .object({
    id: z.number().int(),
    /** behaviour.md §3: a random UUID and the extension of the file's type. */
    slug: z.string(),
    /** Where the shop serves it: `/api/file/{slug}` (images also at `?w=` widths). */
    url: z.string(),
    title: z.string(),
    alt: z.string(),
    fileType: z.enum(FILE_TYPES),
    mimeType: z.string(),
    byteSize: z.number().int().min(0),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    /** null: the file sits in the root. */
    folderId: z.number().int().nullable(),
    createdAt: Instant,
    updatedAt: Instant.meta({
      description: "ISO 8601 UTC; send it back with an update to catch a colleague's save.",
    }),
  })
  .meta({ id: "StaffMediaFile", description: "A file of the media library." });
export type StaffMediaFile = z.output<typeof StaffMediaFile>;

export const StaffMediaFilePage = pageOf(StaffMediaFile).meta({
  id: "StaffMediaFilePage",
  description: "A page of files.",
});

const UsedBy = z.object({ id: z.number().int(), slug: z.string(), title: z.string() });

/** Where a file is shown: what stops it being deleted. */
export const MediaFileUsage = z
  .object({
    /** Products whose gallery holds the file. */
    products: z.array(UsedBy),
    /** Bands using it as their logo or hero image. */
    bands: z.array(UsedBy.extend({ as: z.array(z.enum(["logo", "hero"])) })),
    /** Collections using it as their hero image. */
    collections: z.array(UsedBy),
    /** Blog articles using it as their cover. */
    articles: z.array(UsedBy),
  })
  .meta({ id: "MediaFileUsage", description: "Everything that shows the file." });
export type MediaFileUsage = z.output<typeof MediaFileUsage>;

/** GET /api/staff/files/edit/{id}: the file, and where it is used. */
export const StaffMediaFileEdit = StaffMediaFile.extend({ usage: MediaFileUsage }).meta({
  id: "StaffMediaFileEdit",
  description: "A file of the media library and everything that shows it.",
});
export type StaffMediaFileEdit = z.output<typeof StaffMediaFileEdit>;

const FolderId = z.union([z.number().int(), z.literal("root")]);

/** GET /api/staff/folders/edit/{id}: a folder (or the root), its subfolders and a page of files. */
export const StaffFolderContents = z
  .object({
    id: FolderId,
    name: z.string(),
    parentId: z.number().int().nullable(),
    /** null for the root, which is no record. */
    updatedAt: Instant.nullable(),
    /** From the root down to this folder, for breadcrumbs. */
    path: z.array(z.object({ id: FolderId, name: z.string() })),
    /** Every subfolder, A–Z. */
    folders: z.array(StaffMediaFolder),
    /** A page of the folder's files, newest first (`?page=`, `?perPage=`). */
    files: z.array(StaffMediaFile),
    filesMeta: PageMeta,
  })
  .meta({
    id: "StaffFolderContents",
    description: "A folder of the media library (or the root), its subfolders and its files.",
  });
export type StaffFolderContents = z.output<typeof StaffFolderContents>;

/** What a destroy answers. */
export const MediaDestroyed = z
  .object({ ids: z.array(z.number().int()) })
  .meta({ id: "MediaDestroyed", description: "The ids deleted." });

/** The name the media library gives the root folder. */
export const ROOT_FOLDER_NAME = "Media library";
