import { BILLING_MODEL_TYPE_TITLES, BILLING_PERIOD_TITLES } from "../../../../common/billing";
import type { StaffBillingModelItem } from "../../../../common/billing-admin";
import { Badge } from "../../../components/admin/cells";
import { countColumn, PrimaryLink, timeColumn } from "../../../components/admin/list-columns";
import { ResourceList } from "../../../components/admin/resource-list";
import { ScreenHeader } from "../../../components/admin/screen-header";
import { AppLink } from "../../../components/ui/app-link";
import { tableColumns } from "../../../components/ui/data-table";
import { billingModelScreens } from "../../../lib/admin-billing-models.server";
import { screenMeta } from "../../../lib/meta";
import type { Route } from "./+types/list";

export const meta = screenMeta("Billing models", { noindex: true });

export const loader = (args: Route.LoaderArgs) => billingModelScreens.list(args);

export const action = (args: Route.ActionArgs) => billingModelScreens.listAction(args);

const column = tableColumns<StaffBillingModelItem>();
const TONES = { one_off: "neutral", pre_order: "info", membership: "success" } as const;

// A column's id is its sort key in the address (`?sort=type&direction=desc`).
const columns = [
  column.accessor("title", {
    id: "title",
    header: "Billing model",
    enableSorting: true,
    cell: ({ row }) => (
      <AppLink to={`/admin/billing-models/${row.original.id}`} className="hover:underline">
        {row.original.title}
      </AppLink>
    ),
  }),
  column.accessor("type", {
    id: "type",
    header: "Type",
    enableSorting: true,
    cell: ({ getValue }) => (
      <Badge tone={TONES[getValue()]}>{BILLING_MODEL_TYPE_TITLES[getValue()]}</Badge>
    ),
  }),
  column.accessor("period", {
    header: "Renews",
    cell: ({ getValue }) => {
      const period = getValue();
      return period ? BILLING_PERIOD_TITLES[period] : <span className="text-muted">—</span>;
    },
  }),
  countColumn(column, (row) => row.productCount, { header: "Products" }),
  timeColumn(column, (row) => row.updatedAt),
];

export default function BillingModelsList({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <ScreenHeader
        title="Billing models"
        intro="How products are sold: one-off, pre-order (charged now, sent from the release date) or a fan-club membership that renews."
        actions={<PrimaryLink to="/admin/billing-models/new">Add billing model</PrimaryLink>}
      />
      <ResourceList
        screen={loaderData}
        result={actionData}
        caption="Billing models"
        columns={columns}
        rowId={(model) => String(model.id)}
        searchLabel="Search billing models"
        filters={[
          {
            name: "type",
            label: "Type",
            anyLabel: "All types",
            options: Object.entries(BILLING_MODEL_TYPE_TITLES).map(([value, label]) => ({
              value,
              label,
            })),
          },
        ]}
        empty="No billing model matches this search."
        bulkDelete={{
          noun: "billing model",
          plural: "billing models",
          rowLabel: (model) => `Select ${model.title}`,
        }}
      />
    </>
  );
}
