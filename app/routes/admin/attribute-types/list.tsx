import { StaffListScreen } from "../../../components/admin/staff-screen";
import { attributeTypeScreens } from "../../../lib/admin-attribute-types.server";
import type { Route } from "./+types/list";
import { attributeTypesScreen } from "./screen";

export const meta = attributeTypesScreen.listMeta;
export const loader = (args: Route.LoaderArgs) => attributeTypeScreens.list(args);
export const action = (args: Route.ActionArgs) => attributeTypeScreens.listAction(args);

export default function AttributeTypesList(props: Route.ComponentProps) {
  return <StaffListScreen screen={attributeTypesScreen} {...props} />;
}
