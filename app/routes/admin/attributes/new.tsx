import { AttributeFields } from "../../../components/admin/attribute-fields";
import { ResourceForm } from "../../../components/admin/resource-form";
import { ScreenHeader } from "../../../components/admin/screen-header";
import { attributeScreens, attributeTypeChoices } from "../../../lib/admin-attributes.server";
import { formPageHeaders } from "../../../lib/form-headers";
import { screenMeta } from "../../../lib/meta";
import { readNewAttribute } from "../../../lib/page-query.server";
import type { Route } from "./+types/new";

export const meta = screenMeta("New attribute", { noindex: true });
export const headers = formPageHeaders({ "Cache-Control": "private, no-store" });

export async function loader({ context, url }: Route.LoaderArgs) {
  const types = await attributeTypeChoices(context);
  // From a type's list (`?type=2`), the new value is of that type.
  const type = readNewAttribute(url).type?.toString() ?? "";
  const blank = attributeScreens.blank();
  return {
    values: {
      ...blank.values,
      attributeTypeId: types.some((entry) => String(entry.id) === type) ? type : "",
    },
    types,
  };
}

export const action = (args: Route.ActionArgs) => attributeScreens.create(args);

export default function NewAttribute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <ScreenHeader title="New attribute" back={{ to: "/admin/attributes", label: "Attributes" }} />
      <ResourceForm
        label="Attribute details"
        values={loaderData.values}
        result={actionData}
        listPath="/admin/attributes"
        submitLabel="Add attribute"
      >
        <AttributeFields types={loaderData.types} />
      </ResourceForm>
    </>
  );
}
