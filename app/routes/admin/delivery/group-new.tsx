import { StaffNewScreen, StaffScreenError } from "../../../components/admin/staff-screen";
import { deliveryGroupScreens, groupValues } from "../../../lib/admin-delivery.server";
import type { Route } from "./+types/group-new";
import { deliveryGroupScreen } from "./screens";

export const meta = deliveryGroupScreen.newMeta;
export const headers = deliveryGroupScreen.formHeaders;

export const loader = () => ({ values: groupValues() });

export const action = (args: Route.ActionArgs) => deliveryGroupScreens.create(args);

export default function NewDeliveryGroup(props: Route.ComponentProps) {
  return <StaffNewScreen screen={deliveryGroupScreen} {...props} />;
}

export function ErrorBoundary() {
  return <StaffScreenError screen={deliveryGroupScreen} />;
}
