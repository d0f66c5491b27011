import { AttributeTypeFields } from "../../../components/admin/attribute-fields";
import { ResourceForm } from "../../../components/admin/resource-form";
import { ScreenHeader } from "../../../components/admin/screen-header";
import { attributeTypeScreens } from "../../../lib/admin-attribute-types.server";
import { formPageHeaders } from "../../../lib/form-headers";
import { screenMeta } from "../../../lib/meta";
import type { Route } from "./+types/new";

export const meta = screenMeta("New attribute type", { noindex: true });
export const headers = formPageHeaders({ "Cache-Control": "private, no-store" });

export const loader = () => {
  const blank = attributeTypeScreens.blank();
  return { values: { ...blank.values, display: "buttons" } };
};

export const action = (args: Route.ActionArgs) => attributeTypeScreens.create(args);

export default function NewAttributeType({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <ScreenHeader
        title="New attribute type"
        back={{ to: "/admin/attribute-types", label: "Attribute types" }}
      />
      <ResourceForm
        label="Attribute type details"
        values={loaderData.values}
        result={actionData}
        listPath="/admin/attribute-types"
        submitLabel="Add attribute type"
      >
        <AttributeTypeFields isNew />
      </ResourceForm>
    </>
  );
}
