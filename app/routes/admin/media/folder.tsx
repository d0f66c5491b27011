import { useId } from "react";
import { Form, useLocation, useNavigation, useSearchParams } from "react-router";
import { FileGrid, FileSearchResults, fileColumns } from "../../../components/admin/media-files";
import { FolderTiles, FolderTree, MediaBreadcrumbs } from "../../../components/admin/media-folders";
import type { MediaFolderActionData } from "../../../components/admin/media-types";
import { MediaUploader } from "../../../components/admin/media-uploader";
import { ScreenError } from "../../../components/admin/screen-error";
import { Card, ScreenHeader } from "../../../components/admin/screen-header";
import { AppLink } from "../../../components/ui/app-link";
import { Button, buttonClasses } from "../../../components/ui/button";
import { DataTable } from "../../../components/ui/data-table";
import { FilterBar } from "../../../components/ui/filter-bar";
import { FormMessage, TextField } from "../../../components/ui/form";
import { listHref } from "../../../components/ui/list-query";
import { Pagination } from "../../../components/ui/pagination";
import { mediaFolder, mediaFolderAction } from "../../../lib/admin-media.server";
import { formPageHeaders } from "../../../lib/form-headers";
import { errorMeta, pageMeta } from "../../../lib/meta";
import { robotsNoindex } from "../../../lib/seo";
import type { Route } from "./+types/folder";

// One module for the root (/admin/media) and every folder (/admin/media/folders/:id): a folder
// has its own address, so a reload, a shared link and the back button show the same folder.
export const meta = ({ loaderData, error }: Route.MetaArgs) =>
  error || !loaderData
    ? errorMeta(error ?? { status: 404 })
    : [
        ...pageMeta(
          loaderData.contents.id === "root"
            ? "Media library"
            : `Media: ${loaderData.contents.name}`,
        ),
        robotsNoindex(),
      ];
export const headers = formPageHeaders({ "Cache-Control": "private, no-store" });

export const loader = (args: Route.LoaderArgs) => mediaFolder(args);

export const action = (args: Route.ActionArgs) => mediaFolderAction(args);

const count = new Intl.NumberFormat("en-GB");

export default function MediaFolder({ loaderData, actionData }: Route.ComponentProps) {
  const { contents, tree, treeComplete, view, problem, upload, search: found } = loaderData;
  const result = actionData as MediaFolderActionData | undefined;
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const navigation = useNavigation();
  const isRoot = contents.id === "root";
  const folderId = contents.id === "root" ? null : contents.id;
  const files = contents.filesMeta.total;
  const loading = navigation.state === "loading" && navigation.location.pathname === pathname;
  return (
    <>
      {!isRoot && <MediaBreadcrumbs path={contents.path} />}
      <ScreenHeader
        title={contents.name}
        intro={
          isRoot
            ? "Images and files for products, bands, collections and articles. Upload them here, then use them anywhere."
            : `${count.format(files)} ${files === 1 ? "file" : "files"} · ${count.format(contents.folders.length)} ${contents.folders.length === 1 ? "folder" : "folders"}`
        }
        actions={
          !isRoot && (
            <AppLink
              to={`/admin/media/folders/${contents.id}/edit`}
              className={buttonClasses("secondary", "sm")}
            >
              Rename or move folder
            </AppLink>
          )
        }
      />
      {problem && (
        <div className="mb-6">
          <FormMessage type="error">{problem}</FormMessage>
        </div>
      )}
      <div className="grid gap-6 lg:grid-cols-[15rem_minmax(0,1fr)]">
        {/* The folder's contents come first in reading order (and on narrow screens); on wide
            screens the tree sits to their left. */}
        <div className="min-w-0 space-y-6 lg:col-start-2 lg:row-start-1">
          <FilterBar pathname={pathname} search={search} searchLabel="Search files" />
          {found ? (
            <section aria-labelledby="found" className="space-y-3">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <h2 id="found" className="text-base font-bold">
                  {count.format(found.meta.total)}{" "}
                  {found.meta.total === 1 ? "file matches" : "files match"} “{found.q}”
                </h2>
                <AppLink
                  to={listHref(pathname, search, { q: null, page: null })}
                  className="text-sm font-semibold underline"
                >
                  Back to {isRoot ? "the media library" : `“${contents.name}”`}
                </AppLink>
              </div>
              {found.problem && <FormMessage type="error">{found.problem}</FormMessage>}
              {found.rows.length === 0 ? (
                <p className="rounded-xl bg-white p-8 text-center text-muted shadow-sm ring-1 ring-line">
                  {found.meta.currentPage > 1
                    ? "There are no files on this page."
                    : "No files match this search. Try part of a title or of the alt text."}
                </p>
              ) : (
                <>
                  <FileSearchResults files={found.rows} folderNames={found.folderNames} />
                  <Pagination
                    currentPage={found.meta.currentPage}
                    lastPage={found.meta.lastPage}
                    pathname={pathname}
                    search={search}
                  />
                </>
              )}
            </section>
          ) : (
            <FolderView
              {...{ contents, view, upload, result, folderId, files, loading, pathname, search }}
            />
          )}
        </div>
        <aside
          className="space-y-6 lg:col-start-1 lg:row-start-1"
          aria-label="Folders and new folder"
        >
          <Card title="Folders">
            <FolderTree tree={tree} current={contents.id} complete={treeComplete} />
          </Card>
          <NewFolder parentName={contents.name} result={result} />
        </aside>
      </div>
    </>
  );
}

/** A folder's own view: the uploader, its subfolders and a page of its files. */
function FolderView({
  contents,
  view,
  upload,
  result,
  folderId,
  files,
  loading,
  pathname,
  search,
}: Pick<Route.ComponentProps["loaderData"], "contents" | "view" | "upload"> & {
  result: MediaFolderActionData | undefined;
  folderId: number | null;
  files: number;
  loading: boolean;
  pathname: string;
  search: URLSearchParams;
}) {
  return (
    <>
      <MediaUploader
        key={String(contents.id)}
        folderId={folderId}
        folderName={contents.name}
        limits={upload}
        result={result}
      />
      {contents.folders.length > 0 && (
        <section aria-labelledby="subfolders" className="space-y-3">
          <h2 id="subfolders" className="text-base font-bold">
            Folders
          </h2>
          <FolderTiles folders={contents.folders} />
        </section>
      )}
      <section aria-labelledby="files" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="files" className="text-base font-bold">
            Files <span className="font-normal text-muted">({count.format(files)})</span>
          </h2>
          <ViewSwitch view={view} pathname={pathname} search={search} />
        </div>
        {contents.files.length === 0 ? (
          <p className="rounded-xl bg-white p-8 text-center text-muted shadow-sm ring-1 ring-line">
            {contents.filesMeta.currentPage > 1
              ? "There are no files on this page."
              : "No files in this folder yet. Upload some above."}
          </p>
        ) : view === "list" ? (
          <DataTable
            caption={`Files in ${contents.name}`}
            columns={fileColumns}
            rows={contents.files}
            rowId={(file) => String(file.id)}
            pathname={pathname}
            search={search}
            meta={contents.filesMeta}
            loading={loading}
          />
        ) : (
          <>
            <FileGrid files={contents.files} />
            <Pagination
              currentPage={contents.filesMeta.currentPage}
              lastPage={contents.filesMeta.lastPage}
              pathname={pathname}
              search={search}
            />
          </>
        )}
      </section>
    </>
  );
}

/** The grid or the list, as links that change the address (no JavaScript needed). */
function ViewSwitch({
  view,
  pathname,
  search,
}: {
  view: "grid" | "list";
  pathname: string;
  search: URLSearchParams;
}) {
  const option = (value: "grid" | "list", label: string) => (
    <AppLink
      to={listHref(pathname, search, {
        view: value === "grid" ? null : value,
        page: search.get("page"),
      })}
      aria-current={view === value ? "true" : undefined}
      className="inline-flex min-h-8 items-center rounded-full px-3 text-sm font-semibold text-zinc-700 hover:text-ink aria-[current=true]:bg-ink aria-[current=true]:text-white"
    >
      {label}
    </AppLink>
  );
  return (
    <nav aria-label="Show files as" className="flex rounded-full bg-white p-1 ring-1 ring-line">
      {option("grid", "Grid")}
      {option("list", "List")}
    </nav>
  );
}

/** A new folder inside this one: a name, and the page action makes it. */
function NewFolder({
  parentName,
  result,
}: {
  parentName: string;
  result: MediaFolderActionData | undefined;
}) {
  const navigation = useNavigation();
  const location = useLocation();
  const headingId = useId();
  const failed = result?.intent === "create-folder" ? result : undefined;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-line"
    >
      <h2 id={headingId} className="text-base font-bold">
        New folder
      </h2>
      <p className="mt-1 text-sm text-muted">Inside “{parentName}”.</p>
      {/* Drawn afresh after each move (a folder made), keeping what a refused one typed. */}
      <Form key={location.key} method="post" className="mt-3 space-y-3">
        <input type="hidden" name="intent" value="create-folder" />
        {failed?.message && <FormMessage type="error">{failed.message}</FormMessage>}
        <TextField
          name="name"
          label="Folder name"
          defaultValue={failed?.values?.name ?? ""}
          errors={failed?.errors?.name}
          maxLength={100}
          autoComplete="off"
        />
        <Button
          type="submit"
          size="sm"
          variant="secondary"
          pending={
            navigation.state === "submitting" &&
            navigation.formData?.get("intent") === "create-folder"
          }
          pendingLabel="Making…"
        >
          Make folder
        </Button>
      </Form>
    </section>
  );
}

export function ErrorBoundary() {
  return <ScreenError back={{ to: "/admin/media", label: "Media library" }} />;
}
