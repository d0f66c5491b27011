import type { StaffFolderContents, StaffMediaFolder } from "../../../common/media";
import { AppLink } from "../ui/app-link";
import { FolderIcon } from "./media-cells";
import type { MediaFolderNode } from "./media-types";

/** The address of a folder's screen: /admin/media for the root. */
export const folderHref = (id: number | "root" | null) =>
  id === "root" || id === null ? "/admin/media" : `/admin/media/folders/${id}`;

const count = new Intl.NumberFormat("en-GB");
const plural = (n: number, one: string, many: string) =>
  `${count.format(n)} ${n === 1 ? one : many}`;

/**
 * Where a folder sits, from the library down: each step a link but the last, the current page.
 * `current` false makes the last step a link too (a folder's settings page, a file's page).
 */
export function MediaBreadcrumbs({
  path,
  current = true,
}: {
  path: StaffFolderContents["path"];
  current?: boolean;
}) {
  return (
    <nav aria-label="Breadcrumb" className="mb-2 text-sm">
      <ol className="flex flex-wrap items-center gap-1 text-muted">
        {path.map((step, index) => {
          const last = index === path.length - 1;
          return (
            <li key={step.id} className="flex items-center gap-1">
              {index > 0 && (
                <span aria-hidden="true" className="text-zinc-400">
                  /
                </span>
              )}
              {last && current ? (
                <span aria-current="page" className="font-semibold text-ink">
                  {step.name}
                </span>
              ) : (
                <AppLink
                  to={folderHref(step.id)}
                  className="inline-flex min-h-6 items-center font-semibold hover:text-ink hover:underline"
                >
                  {step.name}
                </AppLink>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/**
 * Every folder of the library as a tree of links, the current one marked. Plain nested lists,
 * so it reads in order and needs no JavaScript.
 */
export function FolderTree({
  tree,
  current,
  complete,
}: {
  tree: MediaFolderNode[];
  current: number | "root";
  complete: boolean;
}) {
  return (
    <nav aria-label="Folders">
      <ul className="space-y-0.5 text-sm">
        <li>
          <TreeLink id="root" name="Media library" current={current} />
          {tree.length > 0 && <Branch nodes={tree} current={current} />}
        </li>
      </ul>
      {!complete && (
        <p className="mt-3 text-xs text-muted">
          Only the first 2,000 folders are listed here; open the others from their parents.
        </p>
      )}
    </nav>
  );
}

function Branch({ nodes, current }: { nodes: MediaFolderNode[]; current: number | "root" }) {
  return (
    <ul className="mt-0.5 ml-3 space-y-0.5 border-l border-line pl-2">
      {nodes.map((node) => (
        <li key={node.id}>
          <TreeLink id={node.id} name={node.name} current={current} count={node.fileCount} />
          {node.children.length > 0 && <Branch nodes={node.children} current={current} />}
        </li>
      ))}
    </ul>
  );
}

function TreeLink({
  id,
  name,
  current,
  count: files,
}: {
  id: number | "root";
  name: string;
  current: number | "root";
  count?: number;
}) {
  const here = id === current;
  return (
    <AppLink
      to={folderHref(id)}
      aria-current={here ? "page" : undefined}
      className="flex min-h-8 items-center gap-2 rounded-md px-2 py-1 font-medium text-zinc-700 hover:bg-zinc-100 hover:text-ink aria-[current=page]:bg-zinc-900 aria-[current=page]:text-white"
    >
      <FolderIcon className="h-4 w-4 shrink-0 opacity-70" />
      <span className="min-w-0 flex-1 truncate">{name}</span>
      {files !== undefined && files > 0 && (
        <span className="text-xs tabular-nums opacity-70">
          {count.format(files)}
          <span className="sr-only"> {files === 1 ? "file" : "files"}</span>
        </span>
      )}
    </AppLink>
  );
}

/** A folder's subfolders as tiles: each its name and what it holds. */
export function FolderTiles({ folders }: { folders: StaffMediaFolder[] }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4">
      {folders.map((folder) => (
        <li key={folder.id}>
          <AppLink
            to={folderHref(folder.id)}
            className="group flex items-center gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-line hover:ring-ink"
          >
            <span className="grid h-10 w-10 shrink-0 place-items-center rounded-lg bg-amber-50 text-amber-600">
              <FolderIcon />
            </span>
            <span className="min-w-0">
              <span className="block truncate font-semibold group-hover:underline">
                {folder.name}
              </span>
              <span className="block text-xs text-muted">
                {plural(folder.fileCount, "file", "files")}
                {folder.folderCount > 0 && ` · ${plural(folder.folderCount, "folder", "folders")}`}
              </span>
            </span>
          </AppLink>
        </li>
      ))}
    </ul>
  );
}
