import { z } from "zod";
import { MAX_ID } from "../../common/ids.ts";
import { FILE_TYPES } from "../../common/images.ts";
import { IdList, Pagination, PathId } from "../http/query-schemas.ts";

const Id = z
  .number({ error: "Must be an id." })
  .int("Must be an id.")
  .min(1, "Must be an id.")
  .max(MAX_ID, "No such id.");

const FolderName = z
  .string({ error: "Enter a name." })
  .trim()
  .min(1, "Enter a name.")
  .max(100, "Keep the name to 100 characters.");

const Title = z
  .string({ error: "Enter a title." })
  .trim()
  .min(1, "Enter a title.")
  .max(200, "Keep the title to 200 characters.");

const Alt = z
  .string({ error: "Describe the image in words." })
  .trim()
  .max(500, "Keep the alt text to 500 characters.");

/** What an update was opened with: a save after a colleague's is a 409 (the stale check). */
const UpdatedAt = z
  .string()
  .max(40)
  .optional()
  .meta({ description: "When the form was opened: a save after someone else's is a 409." });

/** A folder in a path: `root`, or a folder's id. */
export const FolderPathInput = z.strictObject({ id: z.union([z.literal("root"), PathId]) });

/** GET /api/staff/folders: a page of folders, A–Z, optionally of one parent or matching `q`. */
export const StaffFolderListQuery = z.strictObject({
  ...Pagination,
  parent: z
    .union([z.literal("root"), PathId], { error: "Must be root or a folder's id." })
    .optional()
    .meta({ description: "Only the folders directly in this one (`root` for the top level)." }),
  q: z.string().trim().max(100, "Keep the search to 100 characters.").optional(),
});
export type StaffFolderListQuery = z.output<typeof StaffFolderListQuery>;

/**
 * GET /api/staff/files: a page of the library's files, newest first, in any folder: those whose
 * title or alt text holds `q`, of one `type`, or exactly `ids` (a form showing files it names).
 */
export const StaffFileListQuery = z.strictObject({
  ...Pagination,
  q: z.string().trim().max(100, "Keep the search to 100 characters.").optional(),
  type: z
    .enum(FILE_TYPES, { error: `Must be one of ${FILE_TYPES.join(", ")}.` })
    .optional()
    .meta({ description: "Only files of this kind (`IMAGE` for a picture's picker)." }),
  ids: IdList.optional().meta({ description: "Only these files: `?ids=3,5,8`." }),
});
export type StaffFileListQuery = z.output<typeof StaffFileListQuery>;

/** GET /api/staff/folders/edit/{id}: which page of the folder's files. */
export const StaffFolderContentsQuery = z.strictObject(Pagination);

export const StaffFolderStoreInput = z.strictObject({
  name: FolderName,
  /** Absent or null: the folder goes in the root. */
  parentId: Id.nullable().optional(),
});
export type StaffFolderStoreInput = z.output<typeof StaffFolderStoreInput>;

export const StaffFolderUpdateInput = z.strictObject({
  id: Id,
  name: FolderName.optional(),
  /** null moves the folder to the root. */
  parentId: Id.nullable().optional(),
  updatedAt: UpdatedAt,
});
export type StaffFolderUpdateInput = z.output<typeof StaffFolderUpdateInput>;

/** `POST …/destroy`: one id, or several at once (all or none are deleted). */

export const StaffFileUpdateInput = z.strictObject({
  id: Id,
  title: Title.optional(),
  alt: Alt.optional(),
  /** null moves the file to the root. */
  folderId: Id.nullable().optional(),
  updatedAt: UpdatedAt,
});
export type StaffFileUpdateInput = z.output<typeof StaffFileUpdateInput>;

const UploadedFile = z
  .instanceof(File, { message: "Choose a file to upload." })
  .meta({ type: "string", format: "binary", description: "The file's bytes." });

/** A form field's folder: empty or `root` for the root, else a folder's id. */
const FormFolderId = z
  .string()
  .regex(/^(|root|[1-9][0-9]{0,9})$/, "Must be root or a folder's id.")
  .transform((value) => (value === "" || value === "root" ? null : Number(value)))
  .refine((id) => id === null || id <= MAX_ID, "No such folder.")
  .optional()
  .meta({ description: "The folder to put it in: a folder's id, or empty/`root` for the root." });

const uploadFields = {
  file: UploadedFile,
  title: Title,
  alt: Alt.optional(),
  // A client may send a slug, but the shop names every file itself (behaviour.md §3, §7;
  // security.md #23: a name always holds the same bytes, so a sender could otherwise reuse a
  // deleted file's cached name).
  slug: z
    .string()
    .regex(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\.[a-z0-9]{1,5})?$/,
      "Must be a UUID, optionally followed by an extension.",
    )
    .optional()
    .meta({
      description:
        "Accepted for the spec's client and checked, but the shop names every file itself: read the slug from the answer.",
    }),
  folderId: FormFolderId,
};

/** POST /api/staff/files/store (multipart): any file the shop takes, typed by its bytes. */
export const StaffFileStoreInput = z.strictObject({
  ...uploadFields,
  type: z
    .enum(FILE_TYPES, { error: `Must be one of ${FILE_TYPES.join(", ")}.` })
    .optional()
    .meta({
      description: "The kind the sender expects; the bytes decide, and a mismatch is a 422.",
    }),
});
export type StaffFileStoreInput = z.output<typeof StaffFileStoreInput>;

/** POST /api/staff/images/store (multipart): an image, re-encoded before it is kept. */
export const StaffImageStoreInput = z.strictObject({
  ...uploadFields,
  type: z.literal("IMAGE", { error: "Must be IMAGE: other files go to /files/store." }).optional(),
});
export type StaffImageStoreInput = z.output<typeof StaffImageStoreInput>;
