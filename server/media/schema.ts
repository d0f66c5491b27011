import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { FILE_TYPES } from "../../common/images.ts";
import { createdAt } from "../db/columns.ts";

export type FileType = (typeof FILE_TYPES)[number];

/** Uploaded or generated files; the bytes live in the file store under `slug`. */
export const mediaFiles = pgTable(
  "media_files",
  {
    id: serial("id").primaryKey(),
    // spec §3: a random UUID, optionally followed by the file's extension.
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    alt: text("alt").notNull().default(""),
    fileType: text("file_type", { enum: FILE_TYPES }).notNull(),
    mimeType: text("mime_type").notNull(),
    byteSize: integer("byte_size").notNull(),
    width: integer("width"),
    height: integer("height"),
    createdAt: createdAt(),
  },
  (table) => [
    check(
      "media_files_slug_format",
      sql`${table.slug} ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\\.[a-z0-9]{1,5})?$'`,
    ),
    check("media_files_byte_size", sql`${table.byteSize} >= 0`),
    index("media_files_type_idx").on(table.fileType),
  ],
);
