import { DeliveryGroupFields } from "../../../components/admin/delivery-fields";
import { ResourceForm } from "../../../components/admin/resource-form";
import { ScreenHeader } from "../../../components/admin/screen-header";
import { deliveryGroupScreens, groupValues } from "../../../lib/admin-delivery.server";
import { formPageHeaders } from "../../../lib/form-headers";
import { screenMeta } from "../../../lib/meta";
import type { Route } from "./+types/group-new";

export const meta = screenMeta("New delivery group", { noindex: true });
export const headers = formPageHeaders({ "Cache-Control": "private, no-store" });

export const loader = () => ({ values: groupValues() });

export const action = (args: Route.ActionArgs) => deliveryGroupScreens.create(args);

export default function NewDeliveryGroup({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <ScreenHeader
        title="New delivery group"
        back={{ to: "/admin/delivery", label: "Delivery" }}
      />
      <ResourceForm
        label="Delivery group"
        values={loaderData.values}
        result={actionData}
        listPath="/admin/delivery"
        submitLabel="Add group"
      >
        <DeliveryGroupFields />
      </ResourceForm>
    </>
  );
}
