import { data, type RouterContextProvider } from "react-router";
import { formValuesOf } from "../../common/form-codecs";
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
import type { AdminActionData } from "../components/admin/screen-types";
import {
  callRoute,
  failedAction,
  listQueryOf,
  loadList,
  mayCall,
  redirectWithFlash,
} from "./admin-resource.server";
import { appContext } from "./app-context.server";
import { readForm, runFormRoute } from "./form-route.server";
import { readMediaFolder } from "./page-query.server";
import { optionalId, requireId } from "./route-params";

type Context = Readonly<RouterContextProvider>;
type Args = {
  request: Request;
  url: URL;
  context: Context;
  params: Record<string, string | undefined>;
};
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

// The folder tree reads every folder, a page of 100 at a time, up to this many pages.
const TREE_PAGES = 20;

/** Every folder of the library (A–Z by parent), for the tree and the "move to" choices. */
async function allFolders(
  context: Context,
): Promise<{ folders: StaffMediaFolder[]; complete: boolean }> {
  const folders: StaffMediaFolder[] = [];
  for (let page = 1; page <= TREE_PAGES; page += 1) {
    const answer = await callRoute(routes.folders, context, {
      query: { page, perPage: 100 },
    });
    folders.push(...answer.data);
    if (page >= answer.meta.lastPage) return { folders, complete: true };
  }
  return { folders, complete: false };
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
function folderOf(args: Pick<Args, "url" | "params">): FolderRef {
  return optionalId(args) ?? "root";
}

export type MediaView = "grid" | "list";

/**
 * A folder's screen (issue 14): its breadcrumbs, subfolders and a page of its files (the API's
 * `GET /folders/edit/{id}`), the whole folder tree, and what this staff member may do. A page
 * number the API cannot use shows the first page, saying so, never a 500.
 */
export async function mediaFolder(args: Args) {
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
function searchFiles({ url, context }: Pick<Args, "url" | "context">) {
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
export async function mediaFolderAction(args: Args) {
  const { request, context, url } = args;
  const folder = folderOf(args);
  const form = await readForm(request.clone());
  const here = `${folderPath(folder)}${url.search}`;
  const failed = (
    intent: MediaFolderActionData["intent"],
    failure: {
      status: number;
      message?: string;
      errors?: Record<string, string[]>;
      values?: Record<string, string>;
      headers?: Record<string, string>;
    },
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
// A folder's settings: rename, move, delete

/** The folder settings page: its name and parent, the folders it can move to, and breadcrumbs. */
export async function mediaFolderSettings(args: Args) {
  const { context } = args;
  const id = requireId(args);
  const [contents, { folders }] = await Promise.all([
    callRoute(routes.folder, context, {
      params: { id },
      query: { page: 1, perPage: 1 },
    }),
    allFolders(context),
  ]);
  const tree = folderTree(folders);
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
    values: formValuesOf(FolderForm, contents),
    parents: folderOptions(tree, id),
    canDelete: mayCall(routes.destroyFolder, context),
  };
}

/** What the form asks for: a save (the default), a question before deleting, or the delete. */
async function intentOf(request: Request) {
  const intent = (await readForm(request.clone())).get("intent");
  return intent === "confirm-delete" || intent === "delete" ? intent : "save";
}

const onlyAdmins = (what: string) =>
  data<AdminActionData>(
    { intent: "delete", message: `Only admins may delete ${what}.` },
    { status: 403 },
  );

/** The settings page's action: save (checked against a colleague's save), or delete when empty. */
export async function mediaFolderSettingsAction(args: Args) {
  const { request, context } = args;
  const id = requireId(args);
  const intent = await intentOf(request);
  if (intent !== "save" && !mayCall(routes.destroyFolder, context)) return onlyAdmins("folders");
  if (intent === "confirm-delete") return data<AdminActionData>({ intent, ids: [String(id)] });
  if (intent === "delete") {
    const before = await callRoute(routes.folder, context, {
      params: { id },
      query: { page: 1, perPage: 1 },
    });
    const result = await runFormRoute(routes.destroyFolder, request, context, {
      area: "staff",
      body: () => ({ id }),
    });
    if (!result.ok)
      return failedAction({ ...result, message: result.message || "Not deleted." }, "delete");
    return redirectWithFlash(
      context,
      folderPath(before.parentId),
      `Deleted the folder “${before.name}”.`,
    );
  }
  const result = await runFormRoute(routes.updateFolder, request, context, {
    area: "staff",
    codec: FolderForm,
    body: (form, decoded) => {
      const updatedAt = form.get("updatedAt");
      return {
        ...decoded,
        id,
        ...(typeof updatedAt === "string" && updatedAt ? { updatedAt } : {}),
      };
    },
  });
  if (!result.ok) return failedAction(result, "save");
  return redirectWithFlash(context, folderPath(id), `Saved the folder “${result.value.name}”.`);
}

// ---------------------------------------------------------------------------------------------
// A file: title, alt text, folder; where it is used; delete

/** The file page: the file, everything that shows it, and the folders it can move to. */
export async function mediaFile(args: Args) {
  const { context } = args;
  const id = requireId(args);
  const [file, { folders }] = await Promise.all([
    callRoute(routes.file, context, { params: { id } }),
    allFolders(context),
  ]);
  const tree = folderTree(folders);
  const path = folderOptions(tree).find((option) => option.id === String(file.folderId));
  return {
    file,
    folderName: path?.title ?? null,
    values: formValuesOf(MediaFileForm, file),
    folders: folderOptions(tree),
    canDelete: mayCall(routes.destroyFile, context),
  };
}

/**
 * The file page's action: save its title, alt text and folder (checked against a colleague's
 * save), or delete it (admins; a file shown anywhere is a 409 saying where).
 */
export async function mediaFileAction(args: Args) {
  const { request, context } = args;
  const id = requireId(args);
  const intent = await intentOf(request);
  if (intent !== "save" && !mayCall(routes.destroyFile, context)) return onlyAdmins("files");
  if (intent === "confirm-delete") return data<AdminActionData>({ intent, ids: [String(id)] });
  if (intent === "delete") {
    const before = await callRoute(routes.file, context, { params: { id } });
    const result = await runFormRoute(routes.destroyFile, request, context, {
      area: "staff",
      body: () => ({ id }),
    });
    if (!result.ok)
      return failedAction({ ...result, message: result.message || "Not deleted." }, "delete");
    return redirectWithFlash(context, folderPath(before.folderId), `Deleted “${before.title}”.`);
  }
  const result = await runFormRoute(routes.updateFile, request, context, {
    area: "staff",
    codec: MediaFileForm,
    body: (form, decoded) => {
      const updatedAt = form.get("updatedAt");
      return {
        ...decoded,
        id,
        ...(typeof updatedAt === "string" && updatedAt ? { updatedAt } : {}),
      };
    },
  });
  if (!result.ok) return failedAction(result, "save");
  return redirectWithFlash(
    context,
    folderPath(result.value.folderId),
    `Saved “${result.value.title}”.`,
  );
}

/** The shop's public address, for the file page's "copy link". */
export const publicUrlOf = (context: Context) => context.get(appContext).config.publicUrl;
