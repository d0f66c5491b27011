import { StaffEditScreen, StaffScreenError } from "../../../components/admin/staff-screen";
import { attributeScreens, attributeTypeChoices } from "../../../lib/admin-attributes.server";
import type { Route } from "./+types/edit";
import { attributesScreen } from "./screen";

export const meta = attributesScreen.editMeta;
export const headers = attributesScreen.formHeaders;

export async function loader(args: Route.LoaderArgs) {
  const [screen, types] = await Promise.all([
    attributeScreens.record(args),
    attributeTypeChoices(args.context),
  ]);
  const type = types.find((entry) => entry.id === screen.record.attributeTypeId);
  return { ...screen, typeTitle: type?.title ?? "" };
}

export const action = (args: Route.ActionArgs) => attributeScreens.edit(args);

export default function EditAttribute(props: Route.ComponentProps) {
  return <StaffEditScreen screen={attributesScreen} {...props} />;
}

export function ErrorBoundary() {
  return <StaffScreenError screen={attributesScreen} />;
}
