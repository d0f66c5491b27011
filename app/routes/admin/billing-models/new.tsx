import { BillingModelFields } from "../../../components/admin/billing-model-fields";
import { ResourceForm } from "../../../components/admin/resource-form";
import { ScreenHeader } from "../../../components/admin/screen-header";
import { billingModelScreens } from "../../../lib/admin-billing-models.server";
import { formPageHeaders } from "../../../lib/form-headers";
import { screenMeta } from "../../../lib/meta";
import type { Route } from "./+types/new";

export const meta = screenMeta("New billing model", { noindex: true });
export const headers = formPageHeaders({ "Cache-Control": "private, no-store" });

export const loader = () => billingModelScreens.blank();

export const action = (args: Route.ActionArgs) => billingModelScreens.create(args);

export default function NewBillingModel({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <ScreenHeader
        title="New billing model"
        back={{ to: "/admin/billing-models", label: "Billing models" }}
      />
      <ResourceForm
        label="Billing model details"
        values={{ type: "one_off", ...loaderData.values }}
        result={actionData}
        listPath="/admin/billing-models"
        submitLabel="Add billing model"
      >
        <BillingModelFields />
      </ResourceForm>
    </>
  );
}
