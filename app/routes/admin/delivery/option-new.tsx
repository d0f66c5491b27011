import { StaffNewScreen, StaffScreenError } from "../../../components/admin/staff-screen";
import {
  deliveryOptionScreens,
  groupChoices,
  optionValues,
} from "../../../lib/admin-delivery.server";
import { readNewDeliveryOption } from "../../../lib/page-query.server";
import type { Route } from "./+types/option-new";
import { deliveryOptionScreen } from "./screens";

export const meta = deliveryOptionScreen.newMeta;
export const headers = deliveryOptionScreen.formHeaders;

export const loader = async ({ context, url }: Route.LoaderArgs) => ({
  values: optionValues(undefined, readNewDeliveryOption(url).group?.toString()),
  groups: await groupChoices(context),
});

export const action = (args: Route.ActionArgs) => deliveryOptionScreens.create(args);

export default function NewDeliveryOption(props: Route.ComponentProps) {
  return <StaffNewScreen screen={deliveryOptionScreen} {...props} />;
}

export function ErrorBoundary() {
  return <StaffScreenError screen={deliveryOptionScreen} />;
}
