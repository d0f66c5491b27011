import { BandAside, BandFields } from "../../../components/admin/band-fields";
import { LondonTime } from "../../../components/admin/cells";
import { ResourceForm } from "../../../components/admin/resource-form";
import { ScreenError } from "../../../components/admin/screen-error";
import { ScreenHeader } from "../../../components/admin/screen-header";
import { bandImages, bandScreens } from "../../../lib/admin-bands.server";
import { formPageHeaders } from "../../../lib/form-headers";
import { errorMeta, pageMeta } from "../../../lib/meta";
import { robotsNoindex } from "../../../lib/seo";
import type { Route } from "./+types/edit";

export const meta = ({ loaderData, error }: Route.MetaArgs) =>
  error || !loaderData
    ? errorMeta(error ?? { status: 404 })
    : [...pageMeta(`Band: ${loaderData.label}`), robotsNoindex()];
export const headers = formPageHeaders({ "Cache-Control": "private, no-store" });

export async function loader(args: Route.LoaderArgs) {
  const screen = await bandScreens.record(args);
  return { ...screen, images: await bandImages(args.context, screen.record.id) };
}

export const action = (args: Route.ActionArgs) => bandScreens.edit(args);

export default function EditBand({ loaderData, actionData }: Route.ComponentProps) {
  const { record, label, values, canDelete, images } = loaderData;
  return (
    <>
      <ScreenHeader
        title={label}
        back={{ to: "/admin/bands", label: "Bands" }}
        intro={
          <>
            Last saved <LondonTime iso={record.updatedAt} />.{" "}
            <a
              href={`/bands/${record.slug}`}
              target="_blank"
              rel="noopener"
              className="font-semibold text-ink underline"
            >
              View on the shop<span className="sr-only"> (opens in a new tab)</span>
            </a>
          </>
        }
      />
      <ResourceForm
        key={record.id}
        label="Band details"
        values={values}
        result={actionData}
        listPath="/admin/bands"
        updatedAt={record.updatedAt}
        submitLabel="Save band"
        aside={<BandAside images={images} />}
        destroy={
          canDelete
            ? {
                label: "Delete band",
                title: `Delete ${label}?`,
                description:
                  "The band leaves the shop at once. A band that still has products cannot be deleted: move or delete its products first.",
                confirmLabel: "Delete band",
              }
            : undefined
        }
      >
        <BandFields isNew={false} />
      </ResourceForm>
    </>
  );
}

export function ErrorBoundary() {
  return <ScreenError back={{ to: "/admin/bands", label: "Bands" }} />;
}
