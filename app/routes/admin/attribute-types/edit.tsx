import { AttributeTypeFields } from "../../../components/admin/attribute-fields";
import { LondonTime } from "../../../components/admin/cells";
import { ResourceForm } from "../../../components/admin/resource-form";
import { ScreenError } from "../../../components/admin/screen-error";
import { ScreenHeader } from "../../../components/admin/screen-header";
import { AppLink } from "../../../components/ui/app-link";
import { attributeTypeScreens } from "../../../lib/admin-attribute-types.server";
import { formPageHeaders } from "../../../lib/form-headers";
import { errorMeta, pageMeta } from "../../../lib/meta";
import { robotsNoindex } from "../../../lib/seo";
import type { Route } from "./+types/edit";

export const meta = ({ loaderData, error }: Route.MetaArgs) =>
  error || !loaderData
    ? errorMeta(error ?? { status: 404 })
    : [...pageMeta(`Attribute type: ${loaderData.label}`), robotsNoindex()];
export const headers = formPageHeaders({ "Cache-Control": "private, no-store" });

export const loader = (args: Route.LoaderArgs) => attributeTypeScreens.record(args);

export const action = (args: Route.ActionArgs) => attributeTypeScreens.edit(args);

export default function EditAttributeType({ loaderData, actionData }: Route.ComponentProps) {
  const { record, label, values, canDelete } = loaderData;
  return (
    <>
      <ScreenHeader
        title={label}
        back={{ to: "/admin/attribute-types", label: "Attribute types" }}
        intro={
          <>
            Last saved <LondonTime iso={record.updatedAt} />.{" "}
            <AppLink
              to={`/admin/attributes?type=${record.id}`}
              className="font-semibold text-ink underline"
            >
              Its values
            </AppLink>
          </>
        }
      />
      <ResourceForm
        key={record.id}
        label="Attribute type details"
        values={values}
        result={actionData}
        listPath="/admin/attribute-types"
        updatedAt={record.updatedAt}
        submitLabel="Save attribute type"
        destroy={
          canDelete
            ? {
                label: "Delete attribute type",
                title: `Delete ${label}?`,
                description:
                  "The type and its values go at once. A type whose values variants use cannot be deleted.",
                confirmLabel: "Delete attribute type",
              }
            : undefined
        }
      >
        <AttributeTypeFields isNew={false} />
      </ResourceForm>
    </>
  );
}

export function ErrorBoundary() {
  return <ScreenError back={{ to: "/admin/attribute-types", label: "Attribute types" }} />;
}
