import { AttributeFields } from "../../../components/admin/attribute-fields";
import { LondonTime } from "../../../components/admin/cells";
import { ResourceForm } from "../../../components/admin/resource-form";
import { ScreenError } from "../../../components/admin/screen-error";
import { ScreenHeader } from "../../../components/admin/screen-header";
import { attributeScreens, attributeTypeChoices } from "../../../lib/admin-attributes.server";
import { formPageHeaders } from "../../../lib/form-headers";
import { errorMeta, pageMeta } from "../../../lib/meta";
import { robotsNoindex } from "../../../lib/seo";
import type { Route } from "./+types/edit";

export const meta = ({ loaderData, error }: Route.MetaArgs) =>
  error || !loaderData
    ? errorMeta(error ?? { status: 404 })
    : [...pageMeta(`Attribute: ${loaderData.label}`), robotsNoindex()];
export const headers = formPageHeaders({ "Cache-Control": "private, no-store" });

export async function loader(args: Route.LoaderArgs) {
  const [screen, types] = await Promise.all([
    attributeScreens.record(args),
    attributeTypeChoices(args.context),
  ]);
  const type = types.find((entry) => entry.id === screen.record.attributeTypeId);
  return { ...screen, typeTitle: type?.title ?? "" };
}

export const action = (args: Route.ActionArgs) => attributeScreens.edit(args);

export default function EditAttribute({ loaderData, actionData }: Route.ComponentProps) {
  const { record, label, values, canDelete, typeTitle } = loaderData;
  return (
    <>
      <ScreenHeader
        title={`${typeTitle}: ${label}`}
        back={{ to: `/admin/attributes?type=${record.attributeTypeId}`, label: "Attributes" }}
        intro={
          <>
            Last saved <LondonTime iso={record.updatedAt} />.
          </>
        }
      />
      <ResourceForm
        key={record.id}
        label="Attribute details"
        values={values}
        result={actionData}
        listPath="/admin/attributes"
        updatedAt={record.updatedAt}
        submitLabel="Save attribute"
        destroy={
          canDelete
            ? {
                label: "Delete attribute",
                title: `Delete ${label}?`,
                description:
                  "The value goes at once. A value that variants have cannot be deleted: take it off them first.",
                confirmLabel: "Delete attribute",
              }
            : undefined
        }
      >
        <AttributeFields typeTitle={typeTitle} />
      </ResourceForm>
    </>
  );
}

export function ErrorBoundary() {
  return <ScreenError back={{ to: "/admin/attributes", label: "Attributes" }} />;
}
