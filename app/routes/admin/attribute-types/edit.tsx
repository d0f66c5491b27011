import { StaffEditScreen, StaffScreenError } from "../../../components/admin/staff-screen";
import { attributeTypeScreens } from "../../../lib/admin-attribute-types.server";
import type { Route } from "./+types/edit";
import { attributeTypesScreen } from "./screen";

export const meta = attributeTypesScreen.editMeta;
export const headers = attributeTypesScreen.formHeaders;
export const loader = (args: Route.LoaderArgs) => attributeTypeScreens.record(args);
export const action = (args: Route.ActionArgs) => attributeTypeScreens.edit(args);

export default function EditAttributeType(props: Route.ComponentProps) {
  return <StaffEditScreen screen={attributeTypesScreen} {...props} />;
}

export function ErrorBoundary() {
  return <StaffScreenError screen={attributeTypesScreen} />;
}
