import { StaffEditScreen, StaffScreenError } from "../../../components/admin/staff-screen";
import { deliveryGroupScreens, groupValues } from "../../../lib/admin-delivery.server";
import type { Route } from "./+types/group-edit";
import { deliveryGroupScreen } from "./screens";

export const meta = deliveryGroupScreen.editMeta;
export const headers = deliveryGroupScreen.formHeaders;

export async function loader(args: Route.LoaderArgs) {
  const screen = await deliveryGroupScreens.record(args);
  return { ...screen, values: groupValues(screen.record) };
}

export const action = (args: Route.ActionArgs) => deliveryGroupScreens.edit(args);

export default function EditDeliveryGroup(props: Route.ComponentProps) {
  return <StaffEditScreen screen={deliveryGroupScreen} {...props} />;
}

export function ErrorBoundary() {
  return <StaffScreenError screen={deliveryGroupScreen} />;
}
