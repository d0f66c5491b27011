import { DeliveryOptionFields } from "../../../components/admin/delivery-fields";
import { ResourceForm } from "../../../components/admin/resource-form";
import { ScreenError } from "../../../components/admin/screen-error";
import { ScreenHeader } from "../../../components/admin/screen-header";
import {
  deliveryOptionScreens,
  groupChoices,
  optionValues,
} from "../../../lib/admin-delivery.server";
import { formPageHeaders } from "../../../lib/form-headers";
import { errorMeta, pageMeta } from "../../../lib/meta";
import { robotsNoindex } from "../../../lib/seo";
import type { Route } from "./+types/option-edit";

export const meta = ({ loaderData, error }: Route.MetaArgs) =>
  error || !loaderData
    ? errorMeta(error ?? { status: 404 })
    : [...pageMeta(`Delivery option: ${loaderData.label}`), robotsNoindex()];
export const headers = formPageHeaders({ "Cache-Control": "private, no-store" });

export async function loader(args: Route.LoaderArgs) {
  const screen = await deliveryOptionScreens.record(args);
  return {
    ...screen,
    values: optionValues(screen.record),
    groups: await groupChoices(args.context),
  };
}

export const action = (args: Route.ActionArgs) => deliveryOptionScreens.edit(args);

export default function EditDeliveryOption({ loaderData, actionData }: Route.ComponentProps) {
  const { record, label, values, canDelete, groups } = loaderData;
  return (
    <>
      <ScreenHeader title={label} back={{ to: "/admin/delivery", label: "Delivery" }} />
      <ResourceForm
        key={record.id}
        label="Delivery option"
        values={values}
        result={actionData}
        listPath="/admin/delivery"
        updatedAt={record.updatedAt}
        submitLabel="Save option"
        destroy={
          canDelete
            ? {
                label: "Delete option",
                title: `Delete ${label}?`,
                description:
                  "An option an order names cannot be deleted: make it inactive instead, so the order keeps its history.",
                confirmLabel: "Delete option",
              }
            : undefined
        }
      >
        <DeliveryOptionFields groups={groups} />
      </ResourceForm>
    </>
  );
}

export function ErrorBoundary() {
  return <ScreenError back={{ to: "/admin/delivery", label: "Delivery" }} />;
}
