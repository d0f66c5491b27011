import type { ReactNode } from "react";
import type { MediaFileUsage, StaffMediaFileEdit } from "../../../../common/media";
import { LondonTime } from "../../../components/admin/cells";
import {
  dimensionsOf,
  FilePreview,
  formatBytes,
  formatOf,
  kindOf,
} from "../../../components/admin/media-cells";
import { folderHref } from "../../../components/admin/media-folders";
import { ResourceForm, useField } from "../../../components/admin/resource-form";
import { ScreenError } from "../../../components/admin/screen-error";
import { Card, ScreenHeader } from "../../../components/admin/screen-header";
import type { AdminActionData } from "../../../components/admin/screen-types";
import { sectionRecordPath } from "../../../components/admin/sections";
import { AppLink } from "../../../components/ui/app-link";
import { SelectField, TextAreaField, TextField } from "../../../components/ui/form";
import { mediaFile, mediaFileAction } from "../../../lib/admin-media.server";
import { formPageHeaders } from "../../../lib/form-headers";
import { errorMeta, pageMeta } from "../../../lib/meta";
import { robotsNoindex } from "../../../lib/seo";
import type { Route } from "./+types/file";

export const meta = ({ loaderData, error }: Route.MetaArgs) =>
  error || !loaderData
    ? errorMeta(error ?? { status: 404 })
    : [...pageMeta(`File: ${loaderData.file.title}`), robotsNoindex()];
export const headers = formPageHeaders({ "Cache-Control": "private, no-store" });

export const loader = (args: Route.LoaderArgs) => mediaFile(args);

export const action = (args: Route.ActionArgs) => mediaFileAction(args);

/** How many places show the file. */
const usageCount = (usage: MediaFileUsage) =>
  usage.products.length + usage.bands.length + usage.collections.length + usage.articles.length;

export default function MediaFile({ loaderData, actionData }: Route.ComponentProps) {
  const { file, folderName, values, folders, canDelete } = loaderData;
  const folder = { to: folderHref(file.folderId), label: folderName ?? "Media library" };
  const uses = usageCount(file.usage);
  return (
    <>
      <ScreenHeader
        title={file.title}
        back={folder}
        intro={`${kindOf(file)} · ${formatOf(file)}`}
      />
      <ResourceForm
        key={file.id}
        label="File details"
        values={values}
        result={actionData as AdminActionData | undefined}
        listPath={folder.to}
        updatedAt={file.updatedAt}
        submitLabel="Save file"
        aside={
          <>
            <FileFacts file={file} />
            <FileUsage usage={file.usage} />
          </>
        }
        destroy={
          canDelete
            ? {
                label: "Delete file",
                title: `Delete “${file.title}”?`,
                description:
                  uses > 0
                    ? `It is shown in ${uses} ${uses === 1 ? "place" : "places"} (listed under “Where it is used”), so it cannot be deleted until they stop using it.`
                    : "The file and every size made of it leave the shop at once. This cannot be undone.",
                confirmLabel: "Delete file",
              }
            : undefined
        }
      >
        <Card>
          <a
            href={file.url}
            target="_blank"
            rel="noopener"
            className="block overflow-hidden rounded-lg ring-1 ring-line"
          >
            <FilePreview file={file} width={800} className="max-h-[28rem] min-h-48 w-full" />
            <span className="sr-only">Open the original file (opens in a new tab)</span>
          </a>
        </Card>
        <FileFields isImage={file.fileType === "IMAGE"} folders={folders} />
      </ResourceForm>
    </>
  );
}

function FileFields({
  isImage,
  folders,
}: {
  isImage: boolean;
  folders: Array<{ id: string; title: string }>;
}) {
  const alt = useField("alt");
  return (
    <Card title="Details">
      <TextField
        {...useField("title")}
        label="Title"
        hint="For finding it in the library; shoppers do not see it."
        maxLength={200}
        required
      />
      {isImage && (
        <TextAreaField
          {...alt}
          label="Alt text"
          hint="What the image shows, for people who cannot see it (read out by screen readers, shown when it does not load). Leave empty only for a purely decorative image."
          rows={3}
          maxLength={500}
        />
      )}
      <SelectField
        {...useField("folderId")}
        label="Folder"
        placeholder="Media library (top level)"
        options={folders}
      />
    </Card>
  );
}

function FileFacts({ file }: { file: StaffMediaFileEdit }) {
  const facts: Array<[string, ReactNode]> = [
    ["Type", `${kindOf(file)} (${file.mimeType})`],
    ["Size", formatBytes(file.byteSize)],
    ...(dimensionsOf(file)
      ? [["Dimensions", `${dimensionsOf(file)} pixels`] as [string, string]]
      : []),
    ["Uploaded", <LondonTime key="uploaded" iso={file.createdAt} />],
    ["Last changed", <LondonTime key="changed" iso={file.updatedAt} />],
  ];
  return (
    <Card title="File">
      <dl className="space-y-3 text-sm">
        {facts.map(([term, value]) => (
          <div key={term} className="flex justify-between gap-4">
            <dt className="text-muted">{term}</dt>
            <dd className="text-right font-medium">{value}</dd>
          </div>
        ))}
        <div>
          <dt className="text-muted">Address</dt>
          <dd className="mt-1">
            <code className="block rounded bg-zinc-100 px-2 py-1 text-xs break-all">
              {file.url}
            </code>
          </dd>
        </div>
      </dl>
    </Card>
  );
}

type Use = { kind: string; title: string; to?: string; note?: string; shop?: string };

/** Everything that shows the file, each a link to its screen where the back office has one. */
function FileUsage({ usage }: { usage: MediaFileUsage }) {
  const uses: Use[] = [
    // A product's screen when the back office has one; until then, its page on the shop.
    ...usage.products.map((product) => ({
      kind: "Product",
      title: product.title,
      to: sectionRecordPath("products", product.id),
      shop: `/products/${product.slug}`,
    })),
    ...usage.bands.map((band) => ({
      kind: "Band",
      title: band.title,
      to: sectionRecordPath("bands", band.id),
      note: band.as.map((as) => (as === "logo" ? "logo" : "banner")).join(" and "),
    })),
    ...usage.collections.map((collection) => ({
      kind: "Collection",
      title: collection.title,
      to: sectionRecordPath("collections", collection.id),
      note: "hero image",
    })),
    ...usage.articles.map((article) => ({
      kind: "Article",
      title: article.title,
      note: "cover",
    })),
  ];
  return (
    <Card
      title="Where it is used"
      description={
        uses.length === 0
          ? "Nothing shows this file yet."
          : `Shown in ${uses.length} ${uses.length === 1 ? "place" : "places"}. A file in use cannot be deleted.`
      }
    >
      {uses.length > 0 && (
        <ul className="divide-y divide-line text-sm">
          {uses.map((use) => (
            <li
              key={`${use.kind}-${use.title}-${use.to ?? ""}`}
              className="py-2 first:pt-0 last:pb-0"
            >
              <span className="block text-xs font-semibold tracking-wide text-muted uppercase">
                {use.kind}
                {use.note && <span className="font-normal normal-case"> · {use.note}</span>}
              </span>
              {use.to ? (
                <AppLink
                  to={use.to}
                  className="font-semibold underline underline-offset-2 hover:text-accent"
                >
                  {use.title}
                </AppLink>
              ) : use.shop ? (
                <a
                  href={use.shop}
                  target="_blank"
                  rel="noopener"
                  className="font-semibold underline underline-offset-2 hover:text-accent"
                >
                  {use.title}
                  <span className="sr-only"> (on the shop, opens in a new tab)</span>
                </a>
              ) : (
                <span className="font-semibold">{use.title}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export function ErrorBoundary() {
  return <ScreenError back={{ to: "/admin/media", label: "Media library" }} />;
}
