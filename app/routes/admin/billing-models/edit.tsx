import { StaffEditScreen, StaffScreenError } from "../../../components/admin/staff-screen";
import { billingModelScreens } from "../../../lib/admin-billing-models.server";
import type { Route } from "./+types/edit";
import { billingModelsScreen } from "./screen";

export const meta = billingModelsScreen.editMeta;
export const headers = billingModelsScreen.formHeaders;
export const loader = (args: Route.LoaderArgs) => billingModelScreens.record(args);
export const action = (args: Route.ActionArgs) => billingModelScreens.edit(args);

export default function EditBillingModel(props: Route.ComponentProps) {
  return <StaffEditScreen screen={billingModelsScreen} {...props} />;
}

export function ErrorBoundary() {
  return <StaffScreenError screen={billingModelsScreen} />;
}
