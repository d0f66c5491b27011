import { StaffNewScreen, StaffScreenError } from "../../../components/admin/staff-screen";
import { attributeTypeScreens } from "../../../lib/admin-attribute-types.server";
import type { Route } from "./+types/new";
import { attributeTypesScreen } from "./screen";

export const meta = attributeTypesScreen.newMeta;
export const headers = attributeTypesScreen.formHeaders;
export const loader = () => {
  const blank = attributeTypeScreens.blank();
  return { values: { ...blank.values, display: "buttons" } };
};
export const action = (args: Route.ActionArgs) => attributeTypeScreens.create(args);

export default function NewAttributeType(props: Route.ComponentProps) {
  return <StaffNewScreen screen={attributeTypesScreen} {...props} />;
}

export function ErrorBoundary() {
  return <StaffScreenError screen={attributeTypesScreen} />;
}
