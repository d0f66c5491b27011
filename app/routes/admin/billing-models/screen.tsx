import { BILLING_MODEL_TYPE_TITLES, BILLING_PERIOD_TITLES } from "../../../../common/billing";
import type { StaffBillingModelItem } from "../../../../common/billing-admin";
import { BillingModelFields } from "../../../components/admin/billing-model-fields";
import { Badge } from "../../../components/admin/cells";
import { countColumn, timeColumn } from "../../../components/admin/list-columns";
import { enumFilter, staffScreen } from "../../../components/admin/staff-screen";
import { AppLink } from "../../../components/ui/app-link";
import { tableColumns } from "../../../components/ui/data-table";

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

/** The billing models' screens: /admin/billing-models, /new and /:id. */
export const billingModelsScreen = staffScreen<
  StaffBillingModelItem,
  { id: number; updatedAt: string }
>({
  path: "/admin/billing-models",
  title: "Billing models",
  noun: "billing model",
  plural: "billing models",
  list: {
    intro:
      "How products are sold: one-off, pre-order (charged now, sent from the release date) or a fan-club membership that renews.",
    columns,
    filters: [enumFilter("type", "Type", "All types", BILLING_MODEL_TYPE_TITLES)],
  },
  form: {
    Fields: () => <BillingModelFields />,
    deleteDescription:
      "A billing model that products are sold on cannot be deleted: give them another model first.",
  },
});
