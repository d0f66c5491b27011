import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { FILE_TYPES } from "../../common/images.ts";
import { createdAt, timestamps, updatedAt } from "../db/columns.ts";

export type FileType = (typeof FILE_TYPES)[number];

/**
 * Folders of the media library (behaviour.md §7: `/folders`). A folder without a parent sits in the
 * root, which is no row: `GET /folders/edit/root` shows it. Names are unique within a parent,
 * whatever their case; a folder that holds files or folders cannot be deleted (the foreign keys
 * restrict).
 */
export const mediaFolders = pgTable(
  "media_folders",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    parentId: integer("parent_id").references((): AnyPgColumn => mediaFolders.id, {
      onDelete: "restrict",
    }),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex("media_folders_parent_name_idx").on(
      sql`coalesce(${table.parentId}, 0)`,
      sql`lower(${table.name})`,
    ),
    index("media_folders_parent_idx").on(table.parentId),
    check("media_folders_name_length", sql`char_length(${table.name}) between 1 and 100`),
    check("media_folders_not_own_parent", sql`${table.parentId} <> ${table.id}`),
  ],
);

/** Uploaded or generated files; the bytes live in the file store under `slug`. */
export const mediaFiles = pgTable(
  "media_files",
  {
    id: serial("id").primaryKey(),
    // behaviour.md §3: a random UUID, optionally followed by the file's extension.
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    alt: text("alt").notNull().default(""),
    fileType: text("file_type", { enum: FILE_TYPES }).notNull(),
    mimeType: text("mime_type").notNull(),
    byteSize: integer("byte_size").notNull(),
    width: integer("width"),
    height: integer("height"),
    // In the root when null; a folder holding files cannot be deleted.
    folderId: integer("folder_id").references(() => mediaFolders.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check(
      "media_files_slug_format",
      sql`${table.slug} ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\\.[a-z0-9]{1,5})?$'`,
    ),
    check("media_files_byte_size", sql`${table.byteSize} >= 0`),
    index("media_files_type_idx").on(table.fileType),
    index("media_files_folder_idx").on(table.folderId, table.id),
  ],
);
