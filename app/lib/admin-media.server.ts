import { data } from "react-router";
import { ROOT_FOLDER_NAME, type StaffMediaFolder } from "../../common/media";
import { FolderForm, MediaFileForm, NewFolderForm } from "../../common/media-forms";
import {
  destroyFileRoute,
  destroyFolderRoute,
  fileListRoute,
  fileRoute,
  folderListRoute,
  folderRoute,
  storeFileRoute,
  storeFolderRoute,
  updateFileRoute,
  updateFolderRoute,
} from "../../server/media/api.ts";
import { ACCEPTED_TYPES } from "../../server/media/file-types.ts";
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_WORDS } from "../../server/media/library.ts";
import { titleFromFileName } from "../components/admin/media-cells";
import { folderHref as folderPath } from "../components/admin/media-folders";
import type {
  FolderOption,
  MediaFolderActionData,
  MediaFolderNode,
  UploadLimits,
} from "../components/admin/media-types";
import {
  callRoute,
  listAll,
  listQueryOf,
  loadList,
  mayCall,
  recordScreen,
  redirectWithFlash,
  type ScreenArgs,
  type ScreenContext,
} from "./admin-resource.server";
import { appContext } from "./app-context.server";
import { type FormFailure, readForm, runFormRoute } from "./form-route.server";
import { readMediaFolder } from "./page-query.server";
import { optionalId, requireId } from "./route-params";

type FolderRef = number | "root";

/** The media library's staff routes (server/media/api.ts), which its screens run in process. */
const routes = {
  folders: folderListRoute,
  folder: folderRoute,
  storeFolder: storeFolderRoute,
  updateFolder: updateFolderRoute,
  destroyFolder: destroyFolderRoute,
  storeFile: storeFileRoute,
  files: fileListRoute,
  file: fileRoute,
  updateFile: updateFileRoute,
  destroyFile: destroyFileRoute,
};

// The folder tree reads every folder, up to this many (a page of 100 at a time).
const TREE_FOLDERS = 2000;

/** Every folder of the library (A–Z by parent), for the tree and the "move to" choices. */
async function allFolders(
  context: ScreenContext,
): Promise<{ folders: StaffMediaFolder[]; complete: boolean }> {
  // One more than the tree shows, to know whether there are more.
  const folders = await listAll(routes.folders, context, {}, TREE_FOLDERS + 1);
  return { folders: folders.slice(0, TREE_FOLDERS), complete: folders.length <= TREE_FOLDERS };
}

/** The folders as a tree: each folder's subfolders A–Z under it. */
function folderTree(folders: StaffMediaFolder[]): MediaFolderNode[] {
  const byParent = new Map<number | null, StaffMediaFolder[]>();
  for (const folder of folders) {
    const siblings = byParent.get(folder.parentId) ?? [];
    siblings.push(folder);
    byParent.set(folder.parentId, siblings);
  }
  const seen = new Set<number>();
  const grow = (parent: number | null): MediaFolderNode[] =>
    (byParent.get(parent) ?? [])
      .filter((folder) => !seen.has(folder.id) && seen.add(folder.id))
      .map((folder) => ({
        id: folder.id,
        name: folder.name,
        fileCount: folder.fileCount,
        children: grow(folder.id),
      }));
  return grow(null);
}

/**
 * The folders a file or folder can be put in, as "Posters › 2026", depth first; `except` and
 * everything under it are left out (a folder cannot go inside itself).
 */
function folderOptions(tree: MediaFolderNode[], except?: number): FolderOption[] {
  const options: FolderOption[] = [];
  const walk = (nodes: MediaFolderNode[], trail: string[]) => {
    for (const node of nodes) {
      if (node.id === except) continue;
      const names = [...trail, node.name];
      options.push({ id: String(node.id), title: names.join(" › ") });
      walk(node.children, names);
    }
  };
  walk(tree, []);
  return options;
}

/** The folder an address names: /admin/media is the root, /admin/media/folders/:id a folder. */
function folderOf(args: Pick<ScreenArgs, "url" | "params">): FolderRef {
  return optionalId(args) ?? "root";
}

export type MediaView = "grid" | "list";

/**
 * A folder's screen (issue 14): its breadcrumbs, subfolders and a page of its files (the API's
 * `GET /folders/edit/{id}`), the whole folder tree, and what this staff member may do. A page
 * number the API cannot use shows the first page, saying so, never a 500.
 */
export async function mediaFolder(args: ScreenArgs) {
  const { url, context } = args;
  const folder = folderOf(args);
  const { view: shownAs, ...asked } = readMediaFolder(url);
  const schema = routes.folder.query;
  if (!schema) throw new Error("GET /folders/edit/{id} takes no query");
  const parsed = schema.safeParse(asked);
  const page = parsed.success ? parsed.data : schema.parse({});
  const view: MediaView = shownAs ?? "grid";
  // The search's own words, read by the staff list's declared parsing (listQueryOf).
  const q = listQueryOf(url).q?.trim() ?? "";
  const [contents, { folders, complete }, found] = await Promise.all([
    // A search shows files from every folder instead of this one's, so its page is the search's.
    callRoute(routes.folder, context, {
      params: { id: folder },
      query: q ? { page: 1, perPage: 1 } : page,
    }),
    allFolders(context),
    q ? searchFiles(args) : undefined,
  ]);
  const tree = folderTree(folders);
  return {
    contents,
    tree,
    search: found && {
      q,
      ...found,
      // Each file's folder by name ("Posters › 2026"), as the search spans every folder.
      folderNames: Object.fromEntries([
        ["root", ROOT_FOLDER_NAME],
        ...folderOptions(tree).map((option) => [option.id, option.title]),
      ]) as Record<string, string>,
    },
    treeComplete: complete,
    view,
    problem: parsed.success
      ? undefined
      : "This page number could not be used, so the first page of files is shown.",
    canDeleteFiles: mayCall(routes.destroyFile, context),
    upload: {
      maxBytes: MAX_UPLOAD_BYTES,
      maxWords: MAX_UPLOAD_WORDS,
      accepted: ACCEPTED_TYPES,
    } satisfies UploadLimits,
  };
}

/**
 * The files of every folder matching the address's `q` (title or alt text), a page at a time:
 * the API's `GET /files`, given only the search and its page (not the folder view's `view`).
 */
function searchFiles({ url, context }: Pick<ScreenArgs, "url" | "context">) {
  return loadList(
    routes.files,
    { url, context },
    {
      query: (search) => {
        const { q, page, perPage } = listQueryOf(search);
        return {
          query: Object.fromEntries(
            Object.entries({ q, page, perPage }).filter(([, value]) => value !== undefined),
          ) as Record<string, string>,
        };
      },
    },
  );
}

/** An empty file field (nothing chosen) is no file: the schema's "Choose a file" applies. */
const chosenFile = (value: FormDataEntryValue | null) =>
  value instanceof File && (value.size > 0 || value.name !== "") ? value : undefined;

/**
 * A folder page's action: a new folder in it, or an upload into it posted as a multipart form
 * without JavaScript. The upload runs the API's upload route's own validation and access rule
 * and then its service, as the route does (the store is the app's), so a refused file is the
 * same 422 with the same reason, shown beside the file.
 */
export async function mediaFolderAction(args: ScreenArgs) {
  const { request, context, url } = args;
  const folder = folderOf(args);
  const form = await readForm(request.clone());
  const here = `${folderPath(folder)}${url.search}`;
  const failed = (
    intent: MediaFolderActionData["intent"],
    failure: FormFailure,
    fileName?: string,
  ) =>
    data<MediaFolderActionData>(
      {
        intent,
        message: failure.message,
        errors: failure.errors,
        values: failure.values,
        ...(fileName ? { fileName } : {}),
      },
      { status: failure.status, headers: failure.headers },
    );

  if (form.get("intent") === "create-folder") {
    const result = await runFormRoute(routes.storeFolder, request, context, {
      area: "staff",
      codec: NewFolderForm,
      body: (_sent, decoded) => ({ ...decoded, parentId: folder === "root" ? null : folder }),
    });
    if (!result.ok) return failed("create-folder", result);
    return redirectWithFlash(context, here, `Made the folder “${result.value.name}”.`);
  }

  const file = chosenFile(form.get("file"));
  const result = await runFormRoute(routes.storeFile, request, context, {
    area: "staff",
    body: (sent) => {
      const title = sent.get("title");
      const alt = sent.get("alt");
      return {
        file,
        title:
          typeof title === "string" && title.trim() ? title : titleFromFileName(file?.name ?? ""),
        ...(typeof alt === "string" && alt.trim() ? { alt } : {}),
        folderId: folder === "root" ? "" : String(folder),
      };
    },
  });
  if (!result.ok) return failed("upload", result, file?.name);
  const stored = result.value;
  return redirectWithFlash(
    context,
    here,
    stored.fileType === "IMAGE" && !stored.alt
      ? `Uploaded “${stored.title}”. Open it to describe it in alt text.`
      : `Uploaded “${stored.title}”.`,
  );
}

// ---------------------------------------------------------------------------------------------
// A folder's settings (rename, move, delete) and a file's page (title, alt text, folder, delete)

/** A folder's settings page: saved, back to the folder; deleted (admins, when empty), its parent. */
const folderSettings = recordScreen({
  routes: { edit: routes.folder, update: routes.updateFolder, destroy: routes.destroyFolder },
  // The settings read the folder's own fields; its files are the folder page's.
  editQuery: { page: 1, perPage: 1 },
  noun: "folder",
  plural: "folders",
  label: (folder) => folder.name,
  form: FolderForm,
  redirects: {
    saved: (folder) => folderPath(folder.id),
    deleted: (folder) => folderPath(folder.parentId),
  },
});

/** The folder settings page: its name and parent, the folders it can move to, and breadcrumbs. */
export async function mediaFolderSettings(args: ScreenArgs) {
  const id = requireId(args);
  const [{ record: contents, values, canDelete }, { folders }] = await Promise.all([
    folderSettings.record(args),
    allFolders(args.context),
  ]);
  return {
    folder: {
      id,
      name: contents.name,
      parentId: contents.parentId,
      updatedAt: contents.updatedAt ?? "",
      path: contents.path,
      folderCount: contents.folders.length,
      fileCount: contents.filesMeta.total,
    },
    values,
    parents: folderOptions(folderTree(folders), id),
    canDelete,
  };
}

/** The settings page's action: save (checked against a colleague's save), or delete when empty. */
export const mediaFolderSettingsAction = (args: ScreenArgs) => folderSettings.action(args);

/**
 * A file's page: saved or deleted (admins; a file shown anywhere is a 409 saying where), its
 * folder's page.
 */
const filePage = recordScreen({
  routes: { edit: routes.file, update: routes.updateFile, destroy: routes.destroyFile },
  noun: "file",
  plural: "files",
  label: (file) => file.title,
  form: MediaFileForm,
  redirects: {
    saved: (file) => folderPath(file.folderId),
    deleted: (file) => folderPath(file.folderId),
  },
  messages: {
    saved: (file) => `Saved “${file.title}”.`,
    deleted: (file) => `Deleted “${file.title}”.`,
  },
});

/** The file page: the file, everything that shows it, and the folders it can move to. */
export async function mediaFile(args: ScreenArgs) {
  const [{ record: file, values, canDelete }, { folders }] = await Promise.all([
    filePage.record(args),
    allFolders(args.context),
  ]);
  const options = folderOptions(folderTree(folders));
  const path = options.find((option) => option.id === String(file.folderId));
  return { file, folderName: path?.title ?? null, values, folders: options, canDelete };
}

/** The file page's action: save its title, alt text and folder, or delete it. */
export const mediaFileAction = (args: ScreenArgs) => filePage.action(args);

/** The shop's public address, for the file page's "copy link". */
export const publicUrlOf = (context: ScreenContext) => context.get(appContext).config.publicUrl;
