import { StaffListScreen } from "../../../components/admin/staff-screen";
import { billingModelScreens } from "../../../lib/admin-billing-models.server";
import type { Route } from "./+types/list";
import { billingModelsScreen } from "./screen";

export const meta = billingModelsScreen.listMeta;
export const loader = (args: Route.LoaderArgs) => billingModelScreens.list(args);
export const action = (args: Route.ActionArgs) => billingModelScreens.listAction(args);

export default function BillingModelsList(props: Route.ComponentProps) {
  return <StaffListScreen screen={billingModelsScreen} {...props} />;
}
