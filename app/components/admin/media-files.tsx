import type { StaffMediaFile } from "../../../common/media";
import { AppLink } from "../ui/app-link";
import { tableColumns } from "../ui/data-table";
import { Badge, LondonTime } from "./cells";
import { dimensionsOf, FilePreview, formatBytes, formatOf, kindOf } from "./media-cells";
import { folderHref } from "./media-folders";

/** The address of a file's page. */
export const fileHref = (id: number) => `/admin/media/files/${id}`;

/** Whether an image still needs its alt text: what the grid and list point out. */
const needsAlt = (file: StaffMediaFile) => file.fileType === "IMAGE" && file.alt.trim() === "";

/**
 * A page of files as a grid of cards, like a photo library: the preview, the title (the link to
 * the file's page) and what the file is.
 */
export function FileGrid({ files }: { files: StaffMediaFile[] }) {
  return (
    <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 xl:grid-cols-4">
      {files.map((file) => (
        <li
          key={file.id}
          className="group relative overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-line focus-within:ring-2 focus-within:ring-ink hover:ring-ink"
        >
          <FilePreview file={file} className="aspect-square w-full border-b border-line" />
          <div className="p-3">
            <AppLink
              to={fileHref(file.id)}
              className="block truncate text-sm font-semibold after:absolute after:inset-0 focus-visible:outline-none"
            >
              {file.title}
            </AppLink>
            <p className="mt-0.5 truncate text-xs text-muted">
              {formatOf(file)}
              {dimensionsOf(file) && ` · ${dimensionsOf(file)}`} · {formatBytes(file.byteSize)}
            </p>
            {needsAlt(file) && (
              <p className="mt-1.5">
                <Badge tone="warning">No alt text</Badge>
              </p>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}

const column = tableColumns<StaffMediaFile>();

/** The columns of the list view of a folder's files. */
export const fileColumns = [
  column.accessor("title", {
    header: "File",
    cell: ({ row }) => (
      <span className="flex items-center gap-3">
        <FilePreview
          file={row.original}
          width={160}
          className="h-12 w-12 shrink-0 rounded-md ring-1 ring-line"
        />
        <span className="min-w-0">
          <AppLink to={fileHref(row.original.id)} className="font-semibold hover:underline">
            {row.original.title}
          </AppLink>
          {needsAlt(row.original) && (
            <span className="mt-1 block">
              <Badge tone="warning">No alt text</Badge>
            </span>
          )}
        </span>
      </span>
    ),
  }),
  column.accessor("fileType", {
    header: "Type",
    cell: ({ row }) => (
      <span className="whitespace-nowrap">
        {kindOf(row.original)} <span className="text-muted">({formatOf(row.original)})</span>
      </span>
    ),
  }),
  column.accessor("byteSize", {
    header: "Size",
    cell: ({ getValue }) => (
      <span className="whitespace-nowrap tabular-nums">{formatBytes(getValue())}</span>
    ),
  }),
  column.display({
    id: "dimensions",
    header: "Dimensions",
    cell: ({ row }) =>
      dimensionsOf(row.original) ? (
        <span className="whitespace-nowrap tabular-nums">{dimensionsOf(row.original)}</span>
      ) : (
        <span className="text-muted">—</span>
      ),
  }),
  column.accessor("createdAt", {
    header: "Uploaded",
    cell: ({ getValue }) => (
      <span className="whitespace-nowrap">
        <LondonTime iso={getValue()} />
      </span>
    ),
  }),
];

/**
 * The files a search found, from every folder: each with its preview, its title (the link to its
 * page) and the folder it is in (a link to that folder), as the search spans them all.
 */
export function FileSearchResults({
  files,
  folderNames,
}: {
  files: StaffMediaFile[];
  /** Folder names by id ("root" for the top level), e.g. "Posters › 2026". */
  folderNames: Record<string, string>;
}) {
  return (
    <ul className="divide-y divide-line rounded-xl bg-white shadow-sm ring-1 ring-line">
      {files.map((file) => {
        const folder = file.folderId ?? "root";
        return (
          <li key={file.id} className="flex items-center gap-3 p-3">
            <FilePreview
              file={file}
              width={160}
              className="h-12 w-12 shrink-0 rounded-md ring-1 ring-line"
            />
            <span className="min-w-0">
              <AppLink to={fileHref(file.id)} className="font-semibold hover:underline">
                {file.title}
              </AppLink>
              <span className="block text-sm text-muted">
                In{" "}
                <AppLink to={folderHref(file.folderId)} className="underline hover:text-ink">
                  {folderNames[String(folder)] ?? "a folder"}
                </AppLink>{" "}
                · {formatOf(file)}
                {dimensionsOf(file) && ` · ${dimensionsOf(file)}`} · {formatBytes(file.byteSize)}
              </span>
              {needsAlt(file) && (
                <span className="mt-1 block">
                  <Badge tone="warning">No alt text</Badge>
                </span>
              )}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
