import { and, asc, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import { fileUrl } from "../../common/file-urls.ts";
import {
  ROOT_FOLDER_NAME,
  type StaffFolderContents,
  type StaffMediaFile,
  type StaffMediaFileEdit,
  type StaffMediaFolder,
} from "../../common/media.ts";
import type { Page } from "../../common/pagination.ts";
import { isRefusal, type Refusal, refuse } from "../../common/refusal.ts";
import { type Actor as MediaActor, recordAudit } from "../audit/index.ts";
import type { Db } from "../db/client.ts";
import { pageMeta, pageOffset } from "../db/pagination.ts";
import { inTransactionOrRefuse, sqlState } from "../db/transaction.ts";
import { notifyShopChanged } from "../http/response-cache.ts";
import {
  ACCEPTED_IMAGES,
  type DetectedType,
  detectFileType,
  FILE_EXTENSIONS,
  newFileSlug,
} from "./file-types.ts";
import { prepareImage, renderServedSizes, sizeName, sizeNames } from "./images.ts";
import { mediaFiles, mediaFolders } from "./schema.ts";
import type { FileStore } from "./storage.ts";
import { fileUsage, inUseMessage, whereFileIsUsed } from "./usage.ts";
import type {
  StaffFileListQuery,
  StaffFileUpdateInput,
  StaffFolderListQuery,
  StaffFolderStoreInput,
  StaffFolderUpdateInput,
} from "./validators.ts";

/** security.md #23: the largest file staff may upload. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
// A little room past the largest file for the form's other fields and the multipart framing;
// the file itself is held to MAX_UPLOAD_BYTES by `storeUpload`.
export const UPLOAD_BODY_BYTES = MAX_UPLOAD_BYTES + 64 * 1024;
export const MAX_UPLOAD_WORDS = "20 MB";

/** A folder as paths name it: `root`, or a folder's id. */
export type FolderRef = number | "root";

const NO_SUCH_FOLDER = "No such folder.";
const NO_SUCH_FILE = "No such file.";
const STALE = (noun: string) =>
  `Someone else saved this ${noun} after you opened it. Reload it to see their changes, then make yours again.`;

// Correlated subqueries name the outer table in full: Drizzle leaves columns unqualified when a
// query reads one table, and an unqualified "id" would bind to the inner table instead.
const folderColumns = {
  id: mediaFolders.id,
  name: mediaFolders.name,
  parentId: mediaFolders.parentId,
  folderCount: sql<number>`(select count(*)::int from ${mediaFolders} sub where sub.parent_id = "media_folders"."id")`,
  fileCount: sql<number>`(select count(*)::int from ${mediaFiles} f where f.folder_id = "media_folders"."id")`,
  createdAt: mediaFolders.createdAt,
  updatedAt: mediaFolders.updatedAt,
};

type FolderRow = {
  id: number;
  name: string;
  parentId: number | null;
  folderCount: number;
  fileCount: number;
  createdAt: Date;
  updatedAt: Date;
};

const folderView = (row: FolderRow): StaffMediaFolder => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

type FileRow = typeof mediaFiles.$inferSelect;

const fileView = (row: FileRow): StaffMediaFile => ({
  id: row.id,
  slug: row.slug,
  url: fileUrl(row.slug),
  title: row.title,
  alt: row.alt,
  fileType: row.fileType,
  mimeType: row.mimeType,
  byteSize: row.byteSize,
  width: row.width,
  height: row.height,
  folderId: row.folderId,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** What the audit log keeps of a folder or a file: its fields, without the bookkeeping. */
const auditedFolder = (row: { name: string; parentId: number | null }) => ({
  name: row.name,
  parentId: row.parentId,
});
const auditedFile = (row: FileRow) => ({
  slug: row.slug,
  title: row.title,
  alt: row.alt,
  fileType: row.fileType,
  mimeType: row.mimeType,
  byteSize: row.byteSize,
  folderId: row.folderId,
});

const inFolder = <T extends typeof mediaFolders.parentId | typeof mediaFiles.folderId>(
  column: T,
  folder: FolderRef,
) => (folder === "root" ? isNull(column) : eq(column, folder));

/** `%` and `_` match themselves in a search. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

// ─── Reads ──────────────────────────────────────────────────────────────────────────────────

/** The names of files and folders by id, as the audit log names them; ones gone are left out. */
export async function mediaNames(db: Db, refs: { fileIds: number[]; folderIds: number[] }) {
  const [files, folders] = await Promise.all([
    refs.fileIds.length
      ? db
          .select({ id: mediaFiles.id, name: mediaFiles.title })
          .from(mediaFiles)
          .where(inArray(mediaFiles.id, refs.fileIds))
      : [],
    refs.folderIds.length
      ? db
          .select({ id: mediaFolders.id, name: mediaFolders.name })
          .from(mediaFolders)
          .where(inArray(mediaFolders.id, refs.folderIds))
      : [],
  ]);
  const byId = (rows: Array<{ id: number; name: string }>) =>
    new Map(rows.map((row) => [row.id, row.name]));
  return { files: byId(files), folders: byId(folders) };
}

/**
 * A page of folders A–Z (architecture.md §4), optionally only one parent's, or those whose name
 * holds `q`.
 */
export async function listFolders(
  db: Db,
  query: StaffFolderListQuery,
): Promise<Page<StaffMediaFolder>> {
  const conditions: SQL[] = [];
  if (query.parent !== undefined) conditions.push(inFolder(mediaFolders.parentId, query.parent));
  if (query.q) conditions.push(ilike(mediaFolders.name, `%${likeEscaped(query.q)}%`));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(folderColumns)
      .from(mediaFolders)
      .where(where)
      .orderBy(sql`lower(${mediaFolders.name})`, asc(mediaFolders.id))
      .limit(query.perPage)
      .offset(pageOffset(query.page, query.perPage)),
    db.select({ n: count() }).from(mediaFolders).where(where),
  ]);
  return {
    data: rows.map(folderView),
    meta: pageMeta(query.page, query.perPage, total?.n ?? 0),
  };
}

/**
 * A page of the library's files in every folder, newest first (architecture.md §4): those whose
 * title or alt text holds `q`, of one type, or the `ids` a form names.
 */
export async function listFiles(db: Db, query: StaffFileListQuery): Promise<Page<StaffMediaFile>> {
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = `%${likeEscaped(query.q)}%`;
    conditions.push(or(ilike(mediaFiles.title, pattern), ilike(mediaFiles.alt, pattern)) as SQL);
  }
  if (query.type) conditions.push(eq(mediaFiles.fileType, query.type));
  if (query.ids) conditions.push(inArray(mediaFiles.id, query.ids));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(mediaFiles)
      .where(where)
      .orderBy(desc(mediaFiles.id))
      .limit(query.perPage)
      .offset(pageOffset(query.page, query.perPage)),
    db.select({ n: count() }).from(mediaFiles).where(where),
  ]);
  return {
    data: rows.map(fileView),
    meta: pageMeta(query.page, query.perPage, total?.n ?? 0),
  };
}

/** The folders from the root down to `folderId`, for breadcrumbs (at most 100 deep). */
async function folderPath(db: Db, folderId: number): Promise<Array<{ id: number; name: string }>> {
  const result = await db.execute(sql`
    with recursive chain(id, name, parent_id, depth) as (
      select id, name, parent_id, 0 from ${mediaFolders} where id = ${folderId}
      union all
      select f.id, f.name, f.parent_id, chain.depth + 1
      from ${mediaFolders} f join chain on f.id = chain.parent_id
      where chain.depth < 100
    )
    select id, name from chain order by depth desc`);
  return (result as unknown as { rows: Array<{ id: number; name: string }> }).rows;
}

/**
 * A folder (or the root) as the media library shows it: its subfolders A–Z and a page of its
 * files, newest first. A `not-found` refusal for a folder that does not exist.
 */
export async function folderContents(
  db: Db,
  folder: FolderRef,
  page: { page: number; perPage: number },
): Promise<StaffFolderContents | Refusal> {
  let own: { name: string; parentId: number | null; updatedAt: string | null };
  let path: StaffFolderContents["path"] = [{ id: "root", name: ROOT_FOLDER_NAME }];
  if (folder === "root") {
    own = { name: ROOT_FOLDER_NAME, parentId: null, updatedAt: null };
  } else {
    const [row] = await db.select().from(mediaFolders).where(eq(mediaFolders.id, folder));
    if (!row) return refuse("not-found", NO_SUCH_FOLDER);
    own = { name: row.name, parentId: row.parentId, updatedAt: row.updatedAt.toISOString() };
    path = [...path, ...(await folderPath(db, folder))];
  }
  const [folders, files, [total]] = await Promise.all([
    db
      .select(folderColumns)
      .from(mediaFolders)
      .where(inFolder(mediaFolders.parentId, folder))
      .orderBy(sql`lower(${mediaFolders.name})`, asc(mediaFolders.id)),
    db
      .select()
      .from(mediaFiles)
      .where(inFolder(mediaFiles.folderId, folder))
      .orderBy(desc(mediaFiles.id))
      .limit(page.perPage)
      .offset(pageOffset(page.page, page.perPage)),
    db.select({ n: count() }).from(mediaFiles).where(inFolder(mediaFiles.folderId, folder)),
  ]);
  return {
    id: folder,
    ...own,
    path,
    folders: folders.map(folderView),
    files: files.map(fileView),
    filesMeta: pageMeta(page.page, page.perPage, total?.n ?? 0),
  };
}

/** One file as the media library's file screen shows it, with everything that shows it. */
export async function fileForEdit(db: Db, id: number): Promise<StaffMediaFileEdit | Refusal> {
  const [row] = await db.select().from(mediaFiles).where(eq(mediaFiles.id, id));
  if (!row) return refuse("not-found", NO_SUCH_FILE);
  return { ...fileView(row), usage: await whereFileIsUsed(db, id) };
}

// ─── Folder writes ──────────────────────────────────────────────────────────────────────────

/** Whether `parentId` (null: the root) exists, locked against deletion until the write ends. */
async function parentExists(tx: Db, parentId: number | null): Promise<boolean> {
  if (parentId === null) return true;
  const [row] = await tx
    .select({ id: mediaFolders.id })
    .from(mediaFolders)
    .where(eq(mediaFolders.id, parentId))
    .for("key share");
  return row !== undefined;
}

/** Whether another folder in `parentId` already has `name`, whatever its case. */
async function nameTaken(tx: Db, parentId: number | null, name: string, except?: number) {
  const [row] = await tx
    .select({ id: mediaFolders.id })
    .from(mediaFolders)
    .where(
      and(
        inFolder(mediaFolders.parentId, parentId ?? "root"),
        sql`lower(${mediaFolders.name}) = lower(${name})`,
        except === undefined ? undefined : sql`${mediaFolders.id} <> ${except}`,
      ),
    );
  return row !== undefined;
}

const nameTakenRefusal = (name: string) =>
  refuse("invalid", `There is already a folder called “${name}” here.`, "name");

/** A write that lost a race: the same name made at once (23505), or a folder gone (23503). */
function raceRefusal(error: unknown, name: string): Refusal | undefined {
  const state = sqlState(error);
  if (state === "23505") return nameTakenRefusal(name);
  if (state === "23503") return refuse("invalid", NO_SUCH_FOLDER, "parentId");
  return undefined;
}

async function folderRow(tx: Db, id: number): Promise<FolderRow | undefined> {
  const [row] = await tx.select(folderColumns).from(mediaFolders).where(eq(mediaFolders.id, id));
  return row;
}

/**
 * Makes a folder in `parentId` (the root when absent), in one transaction with its audit entry.
 * A name already used in that folder, or a parent that does not exist, is an `invalid` refusal.
 */
export async function createFolder(
  db: Db,
  actor: MediaActor,
  input: StaffFolderStoreInput,
): Promise<StaffMediaFolder | Refusal> {
  const parentId = input.parentId ?? null;
  try {
    return await inTransactionOrRefuse(db, async (tx) => {
      if (!(await parentExists(tx, parentId))) {
        return refuse("invalid", NO_SUCH_FOLDER, "parentId");
      }
      if (await nameTaken(tx, parentId, input.name)) return nameTakenRefusal(input.name);
      const [created] = await tx
        .insert(mediaFolders)
        .values({ name: input.name, parentId })
        .returning({ id: mediaFolders.id });
      const row = created && (await folderRow(tx, created.id));
      if (!row) throw new Error("The folder was not created");
      await recordAudit(tx, {
        actor,
        action: "create",
        resource: "folders",
        resourceId: row.id,
        label: row.name,
        after: auditedFolder(row),
      });
      return folderView(row);
    });
  } catch (error) {
    const refusal = raceRefusal(error, input.name);
    if (refusal) return refusal;
    throw error;
  }
}

/**
 * Renames a folder or moves it to another parent, in one transaction with its audit entry. A
 * folder cannot move into itself or one of its own folders; moves take one lock, so two moves
 * at once cannot make a loop between them. A save after a colleague's (`updatedAt`) is a 409.
 */
export async function updateFolder(
  db: Db,
  actor: MediaActor,
  input: StaffFolderUpdateInput,
): Promise<StaffMediaFolder | Refusal> {
  try {
    return await inTransactionOrRefuse(db, async (tx) => {
      const [before] = await tx
        .select()
        .from(mediaFolders)
        .where(eq(mediaFolders.id, input.id))
        .for("update");
      if (!before) return refuse("not-found", NO_SUCH_FOLDER);
      if (input.updatedAt && input.updatedAt !== before.updatedAt.toISOString()) {
        return refuse("conflict", STALE("folder"));
      }
      const name = input.name ?? before.name;
      const parentId = input.parentId === undefined ? before.parentId : input.parentId;
      if (parentId !== before.parentId) {
        // One move at a time across the tree: two moves checked at once could each look fine
        // and together make a loop.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('media_folders.tree'))`);
        if (!(await parentExists(tx, parentId))) {
          return refuse("invalid", NO_SUCH_FOLDER, "parentId");
        }
        if (parentId !== null && (await folderPath(tx, parentId)).some((f) => f.id === input.id)) {
          return refuse(
            "invalid",
            "A folder cannot go inside itself or one of its own folders.",
            "parentId",
          );
        }
      }
      if (
        (name.toLowerCase() !== before.name.toLowerCase() || parentId !== before.parentId) &&
        (await nameTaken(tx, parentId, name, input.id))
      ) {
        return nameTakenRefusal(name);
      }
      await tx
        .update(mediaFolders)
        .set({ name, parentId, updatedAt: new Date() })
        .where(eq(mediaFolders.id, input.id));
      const row = await folderRow(tx, input.id);
      if (!row) throw new Error("The folder vanished while locked");
      await recordAudit(tx, {
        actor,
        action: "update",
        resource: "folders",
        resourceId: row.id,
        label: row.name,
        before: auditedFolder(before),
        after: auditedFolder(row),
      });
      return folderView(row);
    });
  } catch (error) {
    const refusal = raceRefusal(error, input.name ?? "");
    if (refusal) return refusal;
    throw error;
  }
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Deletes folders, all or none, in one transaction with their audit entries. A folder that holds
 * files, or folders not deleted with it, is a `conflict` refusal that says what it holds.
 */
export async function destroyFolders(
  db: Db,
  actor: MediaActor,
  ids: number[],
): Promise<{ ids: number[] } | Refusal> {
  const wanted = [...new Set(ids)];
  try {
    return await inTransactionOrRefuse(db, async (tx) => {
      const rows = await tx
        .select()
        .from(mediaFolders)
        .where(inArray(mediaFolders.id, wanted))
        .orderBy(asc(mediaFolders.id))
        .for("update");
      if (rows.length !== wanted.length) return refuse("not-found", NO_SUCH_FOLDER);
      const held = await tx
        .select({ folderId: mediaFiles.folderId, n: count() })
        .from(mediaFiles)
        .where(inArray(mediaFiles.folderId, wanted))
        .groupBy(mediaFiles.folderId);
      const children = await tx
        .select({ id: mediaFolders.id, parentId: mediaFolders.parentId })
        .from(mediaFolders)
        .where(inArray(mediaFolders.parentId, wanted));
      for (const row of rows) {
        const files = held.find((each) => each.folderId === row.id)?.n ?? 0;
        const folders = children.filter(
          (child) => child.parentId === row.id && !wanted.includes(child.id),
        ).length;
        if (files > 0 || folders > 0) {
          const holds = [
            files > 0 ? plural(files, "file", "files") : undefined,
            folders > 0 ? plural(folders, "folder", "folders") : undefined,
          ].filter(Boolean);
          return refuse(
            "conflict",
            `The folder “${row.name}” holds ${holds.join(" and ")}. Move or delete ${files + folders === 1 ? "it" : "them"} first.`,
          );
        }
      }
      // Children before their parents: a parent is deleted once nothing points at it.
      const depth = new Map<number, number>();
      const depthOf = (id: number): number => {
        const known = depth.get(id);
        if (known !== undefined) return known;
        const parent = rows.find((row) => row.id === id)?.parentId;
        const own =
          parent !== null && parent !== undefined && wanted.includes(parent)
            ? depthOf(parent) + 1
            : 0;
        depth.set(id, own);
        return own;
      };
      const ordered = [...rows].sort((a, b) => depthOf(b.id) - depthOf(a.id));
      for (const row of ordered) {
        await tx.delete(mediaFolders).where(eq(mediaFolders.id, row.id));
        await recordAudit(tx, {
          actor,
          action: "delete",
          resource: "folders",
          resourceId: row.id,
          label: row.name,
          before: auditedFolder(row),
        });
      }
      return { ids: wanted };
    });
  } catch (error) {
    // A file or folder put in one of them while this ran (the foreign keys restrict).
    if (sqlState(error) === "23503") {
      return refuse(
        "conflict",
        "Something was just put in one of these folders. Reload it and try again.",
      );
    }
    throw error;
  }
}

// ─── File writes ────────────────────────────────────────────────────────────────────────────

export type Upload = {
  /** The bytes as they arrived. */
  bytes: Uint8Array;
  /** The name the sender gave the file: only a plain-text file's type is read from it. */
  name: string;
  title: string;
  alt?: string;
  /** The folder to put it in; null or absent: the root. */
  folderId?: number | null;
  /** The kind the sender expects; the bytes decide. */
  type?: string;
};

const KIND_WORDS: Record<string, string> = {
  IMAGE: "an image",
  VIDEO: "a video",
  AUDIO: "an audio file",
  DOCUMENT: "a document",
  ARCHIVE: "an archive",
};

const describe = (detected: DetectedType) =>
  `${detected.extension.toUpperCase()} (${KIND_WORDS[detected.fileType] ?? detected.fileType})`;

/**
 * Keeps an uploaded file (security.md #23) and records it, in one transaction with its audit entry.
 * Its type comes from its bytes, never its name or declared type; `onlyImages` takes images
 * alone. An image is checked for its pixel size before it is decoded, decoded under a pixel
 * limit, re-encoded without metadata, and its WebP sizes for the shop's srcset are made now. The
 * shop names it: a new random UUID and the extension of its real type. Anything refused is an
 * `invalid` refusal naming the field and the reason, and leaves nothing behind.
 */
export async function storeUpload(
  db: Db,
  store: FileStore,
  actor: MediaActor,
  upload: Upload,
  options: { onlyImages: boolean },
): Promise<StaffMediaFile | Refusal> {
  if (upload.bytes.length > MAX_UPLOAD_BYTES) {
    return refuse("invalid", `The file is larger than ${MAX_UPLOAD_WORDS}.`, "file");
  }
  const detected = await detectFileType(upload.bytes, upload.name);
  if ("refused" in detected) return refuse("invalid", detected.refused, "file");
  if (options.onlyImages && detected.fileType !== "IMAGE") {
    return refuse(
      "invalid",
      `This is ${describe(detected)}, not an image (${ACCEPTED_IMAGES}). Upload it as a file instead.`,
      "file",
    );
  }
  if (upload.type !== undefined && upload.type !== detected.fileType) {
    return refuse(
      "invalid",
      `The file is ${describe(detected)}, not of type ${upload.type}.`,
      "type",
    );
  }
  const folderId = upload.folderId ?? null;
  // Checked before the work of an image, and again by the foreign key when it is recorded.
  if (folderId !== null && !(await parentExists(db, folderId))) {
    return refuse("invalid", NO_SUCH_FOLDER, "folderId");
  }

  let kept: {
    bytes: Buffer;
    extension: string;
    mimeType: string;
    width: number | null;
    height: number | null;
  } = {
    bytes: Buffer.from(upload.bytes),
    extension: detected.extension,
    mimeType: detected.mimeType,
    width: null,
    height: null,
  };
  let sizes: Array<{ width: number; bytes: Buffer }> = [];
  if (detected.fileType === "IMAGE") {
    const image = await prepareImage(upload.bytes, detected.extension);
    if ("refused" in image) return refuse("invalid", image.refused, "file");
    const type = FILE_EXTENSIONS[image.extension];
    if (!type) throw new Error(`No file type for .${image.extension}`);
    kept = { ...image, mimeType: type.mimeType };
    sizes = await renderServedSizes(image.bytes, image.width);
  }
  const slug = newFileSlug(kept.extension);
  const named = [
    { name: slug, bytes: kept.bytes },
    ...sizes.map((size) => ({ name: sizeName(slug, size.width, "webp"), bytes: size.bytes })),
  ];

  // The bytes go first, so a recorded file is never missing them; they go again if it fails.
  const forget = () =>
    forgetFiles(
      store,
      named.map((each) => each.name),
    );
  try {
    await Promise.all(named.map((each) => store.put(each.name, each.bytes)));
  } catch (error) {
    await forget();
    throw error;
  }
  try {
    const stored = await inTransactionOrRefuse(db, async (tx) => {
      const [row] = await tx
        .insert(mediaFiles)
        .values({
          slug,
          title: upload.title,
          alt: upload.alt ?? "",
          fileType: detected.fileType,
          mimeType: kept.mimeType,
          byteSize: kept.bytes.length,
          width: kept.width,
          height: kept.height,
          folderId,
        })
        .returning();
      if (!row) throw new Error("The file was not recorded");
      await recordAudit(tx, {
        actor,
        action: "create",
        resource: "files",
        resourceId: row.id,
        label: row.title,
        after: auditedFile(row),
      });
      return fileView(row);
    });
    if (isRefusal(stored)) await forget();
    return stored;
  } catch (error) {
    await forget();
    // The folder was deleted while the file was on its way (the foreign key restricts).
    if (sqlState(error) === "23503") return refuse("invalid", NO_SUCH_FOLDER, "folderId");
    throw error;
  }
}

// Removals at once: a bulk delete of images is thousands of names (each size of each image).
const REMOVALS_AT_ONCE = 8;

/**
 * Removes names from the store, as far as it can (a name nothing records is never served);
 * answers how many it could not remove.
 */
async function forgetFiles(store: FileStore, names: string[]): Promise<number> {
  let failures = 0;
  const queue = [...names];
  const worker = async () => {
    for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
      await store.remove(name).catch(() => {
        failures += 1;
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(REMOVALS_AT_ONCE, names.length) }, worker));
  return failures;
}

/**
 * Changes a file's title, alt text or folder, in one transaction with its audit entry. A save
 * after a colleague's (`updatedAt`) is a 409; a folder that does not exist, a 422. A new alt
 * text shows wherever the file does, so every process's response cache hears of it.
 */
export async function updateFile(
  db: Db,
  actor: MediaActor,
  input: StaffFileUpdateInput,
): Promise<StaffMediaFile | Refusal> {
  try {
    const updated = await inTransactionOrRefuse(db, async (tx) => {
      const [before] = await tx
        .select()
        .from(mediaFiles)
        .where(eq(mediaFiles.id, input.id))
        .for("update");
      if (!before) return refuse("not-found", NO_SUCH_FILE);
      if (input.updatedAt && input.updatedAt !== before.updatedAt.toISOString()) {
        return refuse("conflict", STALE("file"));
      }
      const folderId = input.folderId === undefined ? before.folderId : input.folderId;
      if (folderId !== before.folderId && !(await parentExists(tx, folderId))) {
        return refuse("invalid", NO_SUCH_FOLDER, "folderId");
      }
      const [row] = await tx
        .update(mediaFiles)
        .set({
          title: input.title ?? before.title,
          alt: input.alt ?? before.alt,
          folderId,
          updatedAt: new Date(),
        })
        .where(eq(mediaFiles.id, input.id))
        .returning();
      if (!row) throw new Error("The file vanished while locked");
      await recordAudit(tx, {
        actor,
        action: "update",
        resource: "files",
        resourceId: row.id,
        label: row.title,
        before: auditedFile(before),
        after: auditedFile(row),
      });
      return fileView(row);
    });
    if (!isRefusal(updated)) await notifyShopChanged(db);
    return updated;
  } catch (error) {
    if (sqlState(error) === "23503") return refuse("invalid", NO_SUCH_FOLDER, "folderId");
    throw error;
  }
}

/**
 * Deletes files, all or none, in one transaction with their audit entries; then their bytes and
 * every size made of them leave the store. A file shown anywhere (a product's gallery, a band's
 * logo or hero, a collection's hero, an article's cover) is a `conflict` refusal that says where.
 * `onStoreError` hears bytes the store could not remove (they are never served again).
 */
export async function destroyFiles(
  db: Db,
  store: FileStore,
  actor: MediaActor,
  ids: number[],
  onStoreError: (failures: number) => void = () => {},
): Promise<{ ids: number[] } | Refusal> {
  const wanted = [...new Set(ids)];
  const destroyed = await inTransactionOrRefuse(db, async (tx) => {
    // Locked first: a product taking one of them now waits, and then finds it gone.
    const rows = await tx
      .select()
      .from(mediaFiles)
      .where(inArray(mediaFiles.id, wanted))
      .orderBy(asc(mediaFiles.id))
      .for("update");
    if (rows.length !== wanted.length) return refuse("not-found", NO_SUCH_FILE);
    const usage = await fileUsage(tx, wanted);
    for (const row of rows) {
      const uses = usage.get(row.id);
      const message = uses && inUseMessage(row.title, uses);
      if (message) return refuse("conflict", message);
    }
    await tx.delete(mediaFiles).where(inArray(mediaFiles.id, wanted));
    for (const row of rows) {
      await recordAudit(tx, {
        actor,
        action: "delete",
        resource: "files",
        resourceId: row.id,
        label: row.title,
        before: auditedFile(row),
      });
    }
    return rows;
  });
  if (isRefusal(destroyed)) return destroyed;
  const names = destroyed.flatMap((row) =>
    row.fileType === "IMAGE" ? [row.slug, ...sizeNames(row.slug)] : [row.slug],
  );
  const failures = await forgetFiles(store, names);
  if (failures > 0) onStoreError(failures);
  return { ids: wanted };
}
