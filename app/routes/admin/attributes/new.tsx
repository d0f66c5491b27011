import { StaffNewScreen, StaffScreenError } from "../../../components/admin/staff-screen";
import { attributeScreens, attributeTypeChoices } from "../../../lib/admin-attributes.server";
import { readNewAttribute } from "../../../lib/page-query.server";
import type { Route } from "./+types/new";
import { attributesScreen } from "./screen";

export const meta = attributesScreen.newMeta;
export const headers = attributesScreen.formHeaders;

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

export default function NewAttribute(props: Route.ComponentProps) {
  return <StaffNewScreen screen={attributesScreen} {...props} />;
}

export function ErrorBoundary() {
  return <StaffScreenError screen={attributesScreen} />;
}
