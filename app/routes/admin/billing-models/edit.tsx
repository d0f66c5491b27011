import { BillingModelFields } from "../../../components/admin/billing-model-fields";
import { LondonTime } from "../../../components/admin/cells";
import { ResourceForm } from "../../../components/admin/resource-form";
import { ScreenError } from "../../../components/admin/screen-error";
import { ScreenHeader } from "../../../components/admin/screen-header";
import { billingModelScreens } from "../../../lib/admin-billing-models.server";
import { formPageHeaders } from "../../../lib/form-headers";
import { errorMeta, pageMeta } from "../../../lib/meta";
import { robotsNoindex } from "../../../lib/seo";
import type { Route } from "./+types/edit";

export const meta = ({ loaderData, error }: Route.MetaArgs) =>
  error || !loaderData
    ? errorMeta(error ?? { status: 404 })
    : [...pageMeta(`Billing model: ${loaderData.label}`), robotsNoindex()];
export const headers = formPageHeaders({ "Cache-Control": "private, no-store" });

export const loader = (args: Route.LoaderArgs) => billingModelScreens.record(args);

export const action = (args: Route.ActionArgs) => billingModelScreens.edit(args);

export default function EditBillingModel({ loaderData, actionData }: Route.ComponentProps) {
  const { record, label, values, canDelete } = loaderData;
  return (
    <>
      <ScreenHeader
        title={label}
        back={{ to: "/admin/billing-models", label: "Billing models" }}
        intro={
          <>
            Last saved <LondonTime iso={record.updatedAt} />.
          </>
        }
      />
      <ResourceForm
        key={record.id}
        label="Billing model details"
        values={values}
        result={actionData}
        listPath="/admin/billing-models"
        updatedAt={record.updatedAt}
        submitLabel="Save billing model"
        destroy={
          canDelete
            ? {
                label: "Delete billing model",
                title: `Delete ${label}?`,
                description:
                  "A billing model that products are sold on cannot be deleted: give them another model first.",
                confirmLabel: "Delete billing model",
              }
            : undefined
        }
      >
        <BillingModelFields />
      </ResourceForm>
    </>
  );
}

export function ErrorBoundary() {
  return <ScreenError back={{ to: "/admin/billing-models", label: "Billing models" }} />;
}
