import { DeliveryOptionFields } from "../../../components/admin/delivery-fields";
import { ResourceForm } from "../../../components/admin/resource-form";
import { ScreenHeader } from "../../../components/admin/screen-header";
import {
  deliveryOptionScreens,
  groupChoices,
  optionValues,
} from "../../../lib/admin-delivery.server";
import { formPageHeaders } from "../../../lib/form-headers";
import { screenMeta } from "../../../lib/meta";
import { readNewDeliveryOption } from "../../../lib/page-query.server";
import type { Route } from "./+types/option-new";

export const meta = screenMeta("New delivery option", { noindex: true });
export const headers = formPageHeaders({ "Cache-Control": "private, no-store" });

export const loader = async ({ context, url }: Route.LoaderArgs) => ({
  values: optionValues(undefined, readNewDeliveryOption(url).group?.toString()),
  groups: await groupChoices(context),
});

export const action = (args: Route.ActionArgs) => deliveryOptionScreens.create(args);

export default function NewDeliveryOption({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <ScreenHeader
        title="New delivery option"
        back={{ to: "/admin/delivery", label: "Delivery" }}
      />
      <ResourceForm
        label="Delivery option"
        values={loaderData.values}
        result={actionData}
        listPath="/admin/delivery"
        submitLabel="Add option"
      >
        <DeliveryOptionFields groups={loaderData.groups} />
      </ResourceForm>
    </>
  );
}
