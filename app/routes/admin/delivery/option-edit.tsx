import { StaffEditScreen, StaffScreenError } from "../../../components/admin/staff-screen";
import {
  deliveryOptionScreens,
  groupChoices,
  optionValues,
} from "../../../lib/admin-delivery.server";
import type { Route } from "./+types/option-edit";
import { deliveryOptionScreen } from "./screens";

export const meta = deliveryOptionScreen.editMeta;
export const headers = deliveryOptionScreen.formHeaders;

export async function loader(args: Route.LoaderArgs) {
  const screen = await deliveryOptionScreens.record(args);
  return {
    ...screen,
    values: optionValues(screen.record),
    groups: await groupChoices(args.context),
  };
}

export const action = (args: Route.ActionArgs) => deliveryOptionScreens.edit(args);

export default function EditDeliveryOption(props: Route.ComponentProps) {
  return <StaffEditScreen screen={deliveryOptionScreen} {...props} />;
}

export function ErrorBoundary() {
  return <StaffScreenError screen={deliveryOptionScreen} />;
}
