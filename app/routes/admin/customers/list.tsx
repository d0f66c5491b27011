import { CUSTOMER_KIND_LABELS } from "../../../../common/customer-kinds";
import type { StaffCustomerItem } from "../../../../common/customers-admin";
import { formatPrice } from "../../../../common/money";
import { Badge } from "../../../components/admin/cells";
import { countColumn, timeColumn } from "../../../components/admin/list-columns";
import { ResourceList } from "../../../components/admin/resource-list";
import { ScreenHeader } from "../../../components/admin/screen-header";
import { enumFilter } from "../../../components/admin/staff-screen";
import { AppLink } from "../../../components/ui/app-link";
import { buttonClasses } from "../../../components/ui/button";
import { tableColumns } from "../../../components/ui/data-table";
import { customerList } from "../../../lib/admin-customers.server";
import { screenMeta } from "../../../lib/meta";
import type { Route } from "./+types/list";

export const meta = screenMeta("Customers", { noindex: true });

export const loader = (args: Route.LoaderArgs) => customerList(args);

const column = tableColumns<StaffCustomerItem>();

// A column's id is its sort key in the address (`?sort=spend&direction=desc`).
const columns = [
  column.accessor("name", {
    id: "name",
    header: "Name",
    enableSorting: true,
    cell: ({ row }) => (
      <AppLink to={`/admin/customers/${row.original.id}`} className="font-semibold hover:underline">
        {row.original.name}
      </AppLink>
    ),
  }),
  column.accessor("email", {
    header: "Email",
    cell: ({ getValue }) => <span className="break-all">{getValue()}</span>,
  }),
  column.accessor("kind", {
    header: "Account",
    cell: ({ row }) =>
      row.original.erased ? (
        <Badge tone="danger">Erased</Badge>
      ) : row.original.kind === "registered" ? (
        <Badge tone="success">Registered</Badge>
      ) : (
        <Badge>Guest</Badge>
      ),
  }),
  countColumn(column, (row) => row.orderCount, { header: "Orders", sortKey: "orders" }),
  column.accessor("lifetimeSpend", {
    id: "spend",
    header: "Lifetime spend",
    enableSorting: true,
    cell: ({ getValue }) => <span className="tabular-nums">{formatPrice(getValue())}</span>,
  }),
  timeColumn(column, (row) => row.joinedAt, { sortKey: "joined", header: "Joined" }),
];

export default function CustomersList({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <ScreenHeader
        title="Customers"
        intro="Everyone who has shopped: registered customers and guests known from their orders."
        actions={
          <a href={loaderData.csvUrl} className={buttonClasses("secondary", "sm")} download>
            Export CSV
          </a>
        }
      />
      <ResourceList
        screen={loaderData}
        caption="Customers"
        columns={columns}
        rowId={(customer) => String(customer.id)}
        searchLabel="Search by name or email"
        filters={[
          enumFilter("kind", "Account", "All customers", CUSTOMER_KIND_LABELS),
          {
            name: "consent",
            label: "Marketing",
            anyLabel: "Any consent",
            options: [
              { value: "true", label: "Said yes" },
              { value: "false", label: "Said no" },
            ],
          },
          {
            name: "segment",
            label: "Segment",
            anyLabel: "Any segment",
            options: loaderData.segments.map((segment) => ({
              value: String(segment.id),
              label: segment.title,
            })),
          },
          {
            name: "erased",
            label: "Erased",
            anyLabel: "Without erased",
            options: [{ value: "true", label: "With erased" }],
          },
        ]}
        empty="No customer matches this search."
      />
    </>
  );
}
