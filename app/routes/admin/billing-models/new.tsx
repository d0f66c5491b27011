import { StaffNewScreen, StaffScreenError } from "../../../components/admin/staff-screen";
import { billingModelScreens } from "../../../lib/admin-billing-models.server";
import type { Route } from "./+types/new";
import { billingModelsScreen } from "./screen";

export const meta = billingModelsScreen.newMeta;
export const headers = billingModelsScreen.formHeaders;
export const loader = () => {
  const blank = billingModelScreens.blank();
  return { values: { type: "one_off", ...blank.values } };
};
export const action = (args: Route.ActionArgs) => billingModelScreens.create(args);

export default function NewBillingModel(props: Route.ComponentProps) {
  return <StaffNewScreen screen={billingModelsScreen} {...props} />;
}

export function ErrorBoundary() {
  return <StaffScreenError screen={billingModelsScreen} />;
}
