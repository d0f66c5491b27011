import { DeliveryGroupFields } from "../../../components/admin/delivery-fields";
import { ResourceForm } from "../../../components/admin/resource-form";
import { ScreenError } from "../../../components/admin/screen-error";
import { ScreenHeader } from "../../../components/admin/screen-header";
import { deliveryGroupScreens, groupValues } from "../../../lib/admin-delivery.server";
import { formPageHeaders } from "../../../lib/form-headers";
import { errorMeta, pageMeta } from "../../../lib/meta";
import { robotsNoindex } from "../../../lib/seo";
import type { Route } from "./+types/group-edit";

export const meta = ({ loaderData, error }: Route.MetaArgs) =>
  error || !loaderData
    ? errorMeta(error ?? { status: 404 })
    : [...pageMeta(`Delivery group: ${loaderData.label}`), robotsNoindex()];
export const headers = formPageHeaders({ "Cache-Control": "private, no-store" });

export async function loader(args: Route.LoaderArgs) {
  const screen = await deliveryGroupScreens.record(args);
  return { ...screen, values: groupValues(screen.record) };
}

export const action = (args: Route.ActionArgs) => deliveryGroupScreens.edit(args);

export default function EditDeliveryGroup({ loaderData, actionData }: Route.ComponentProps) {
  const { record, label, values, canDelete } = loaderData;
  return (
    <>
      <ScreenHeader title={label} back={{ to: "/admin/delivery", label: "Delivery" }} />
      <ResourceForm
        key={record.id}
        label="Delivery group"
        values={values}
        result={actionData}
        listPath="/admin/delivery"
        updatedAt={record.updatedAt}
        submitLabel="Save group"
        destroy={
          canDelete
            ? {
                label: "Delete group",
                title: `Delete ${label}?`,
                description:
                  "Its countries will no longer be delivered to. A group that still has options cannot be deleted: delete or move them first.",
                confirmLabel: "Delete group",
              }
            : undefined
        }
      >
        <DeliveryGroupFields />
      </ResourceForm>
    </>
  );
}

export function ErrorBoundary() {
  return <ScreenError back={{ to: "/admin/delivery", label: "Delivery" }} />;
}
