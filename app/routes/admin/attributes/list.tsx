import { StaffListScreen } from "../../../components/admin/staff-screen";
import { attributeScreens, attributeTypeChoices } from "../../../lib/admin-attributes.server";
import type { Route } from "./+types/list";
import { attributesScreen } from "./screen";

export const meta = attributesScreen.listMeta;

export async function loader(args: Route.LoaderArgs) {
  const [screen, types] = await Promise.all([
    attributeScreens.list(args),
    attributeTypeChoices(args.context),
  ]);
  return { ...screen, types };
}

export const action = (args: Route.ActionArgs) => attributeScreens.listAction(args);

export default function AttributesList(props: Route.ComponentProps) {
  return <StaffListScreen screen={attributesScreen} {...props} />;
}
