import { MediaBreadcrumbs } from "../../../components/admin/media-folders";
import { ResourceForm, useField } from "../../../components/admin/resource-form";
import { ScreenError } from "../../../components/admin/screen-error";
import { Card, ScreenHeader } from "../../../components/admin/screen-header";
import type { AdminActionData } from "../../../components/admin/screen-types";
import { SelectField, TextField } from "../../../components/ui/form";
import { mediaFolderSettings, mediaFolderSettingsAction } from "../../../lib/admin-media.server";
import { formPageHeaders } from "../../../lib/form-headers";
import { errorMeta, pageMeta } from "../../../lib/meta";
import { robotsNoindex } from "../../../lib/seo";
import type { Route } from "./+types/folder-edit";

export const meta = ({ loaderData, error }: Route.MetaArgs) =>
  error || !loaderData
    ? errorMeta(error ?? { status: 404 })
    : [...pageMeta(`Folder: ${loaderData.folder.name}`), robotsNoindex()];
export const headers = formPageHeaders({ "Cache-Control": "private, no-store" });

export const loader = (args: Route.LoaderArgs) => mediaFolderSettings(args);

export const action = (args: Route.ActionArgs) => mediaFolderSettingsAction(args);

const count = new Intl.NumberFormat("en-GB");

export default function FolderSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { folder, values, parents, canDelete } = loaderData;
  const here = `/admin/media/folders/${folder.id}`;
  const empty = folder.fileCount === 0 && folder.folderCount === 0;
  return (
    <>
      <MediaBreadcrumbs path={folder.path} current={false} />
      <ScreenHeader
        title={`Folder settings: ${folder.name}`}
        back={{ to: here, label: folder.name }}
      />
      <ResourceForm
        key={folder.id}
        label="Folder settings"
        values={values}
        result={actionData as AdminActionData | undefined}
        listPath={here}
        updatedAt={folder.updatedAt}
        submitLabel="Save folder"
        aside={
          <Card title="Contents">
            <p className="text-sm text-muted">
              {count.format(folder.fileCount)} {folder.fileCount === 1 ? "file" : "files"} and{" "}
              {count.format(folder.folderCount)} {folder.folderCount === 1 ? "folder" : "folders"}.
              {!empty &&
                " Only an empty folder can be deleted: move or delete what it holds first."}
            </p>
          </Card>
        }
        destroy={
          canDelete
            ? {
                label: "Delete folder",
                title: `Delete the folder “${folder.name}”?`,
                description: empty
                  ? "The folder is empty; deleting it cannot be undone."
                  : "A folder that holds files or folders is not deleted: move or delete them first.",
                confirmLabel: "Delete folder",
              }
            : undefined
        }
      >
        <FolderFields parents={parents} />
      </ResourceForm>
    </>
  );
}

function FolderFields({ parents }: { parents: Array<{ id: string; title: string }> }) {
  return (
    <Card title="Folder">
      <TextField {...useField("name")} label="Name" maxLength={100} required autoComplete="off" />
      <SelectField
        {...useField("parentId")}
        label="Inside"
        hint="Moving a folder moves everything in it."
        placeholder="Media library (top level)"
        options={parents}
      />
    </Card>
  );
}

export function ErrorBoundary() {
  return <ScreenError back={{ to: "/admin/media", label: "Media library" }} />;
}
