import { formatPrice } from "../../../../common/money";
import type { StaffOrderItem } from "../../../../common/orders-admin";
import { countColumn, PrimaryLink, timeColumn } from "../../../components/admin/list-columns";
import {
  DayCell,
  ORDER_STATUS_OPTIONS,
  OrderStatusBadge,
} from "../../../components/admin/order-cells";
import { ResourceList } from "../../../components/admin/resource-list";
import { ScreenHeader } from "../../../components/admin/screen-header";
import { AppLink } from "../../../components/ui/app-link";
import { buttonClasses } from "../../../components/ui/button";
import { tableColumns } from "../../../components/ui/data-table";
import { orderList, orderListAction } from "../../../lib/admin-orders.server";
import { screenMeta } from "../../../lib/meta";
import type { Route } from "./+types/list";

export const meta = screenMeta("Orders", { noindex: true });

export const loader = (args: Route.LoaderArgs) => orderList(args);

export const action = (args: Route.ActionArgs) => orderListAction(args);

const column = tableColumns<StaffOrderItem>();

// A column's id is its sort key in the address (`?sort=total&direction=desc`).
const columns = [
  column.accessor("number", {
    id: "number",
    header: "Order",
    enableSorting: true,
    cell: ({ row }) => (
      <AppLink
        to={`/admin/orders/${row.original.id}`}
        className="font-semibold whitespace-nowrap hover:underline"
      >
        {row.original.number}
      </AppLink>
    ),
  }),
  timeColumn(column, (row) => row.createdAt, { sortKey: "created", header: "Date" }),
  column.accessor("customerName", {
    header: "Customer",
    cell: ({ row }) => (
      <span className="block">
        {row.original.customerName}
        <span className="block text-sm text-muted">{row.original.email}</span>
      </span>
    ),
  }),
  column.accessor("status", {
    header: "Status",
    cell: ({ row }) => (
      <span className="flex flex-wrap gap-1">
        <OrderStatusBadge status={row.original.status} />
        {row.original.paymentProblem && (
          <span className="rounded-full bg-red-100 px-2.5 py-0.5 text-sm font-semibold text-red-900">
            Check payment
          </span>
        )}
        {row.original.archivedAt && <span className="text-xs text-muted">Archived</span>}
      </span>
    ),
  }),
  column.accessor("total", {
    id: "total",
    header: "Total",
    enableSorting: true,
    cell: ({ getValue }) => <span className="tabular-nums">{formatPrice(getValue())}</span>,
  }),
  countColumn(column, (row) => row.itemCount, { header: "Items" }),
  column.accessor("shipBy", {
    header: "Ship by",
    cell: ({ getValue }) => <DayCell day={getValue()} />,
  }),
];

export default function OrdersList({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <ScreenHeader
        title="Orders"
        intro="Every order placed in the shop: find one, dispatch it, print its packing slip and VAT invoice."
        actions={
          <>
            <a href={loaderData.exportHref} download className={buttonClasses("secondary", "sm")}>
              Export CSV<span className="sr-only"> of the orders shown</span>
            </a>
            <PrimaryLink to="/admin/orders/dispatch">Bulk dispatch</PrimaryLink>
          </>
        }
      />
      <ResourceList
        screen={loaderData}
        result={actionData}
        caption="Orders"
        columns={columns}
        rowId={(order) => String(order.id)}
        searchLabel="Search orders"
        filters={[
          {
            name: "status",
            label: "Status",
            anyLabel: "All statuses",
            options: ORDER_STATUS_OPTIONS,
          },
          {
            name: "archived",
            label: "Archive",
            anyLabel: "Current orders",
            options: [{ value: "true", label: "Archived orders" }],
          },
        ]}
        dates={[
          { name: "from", label: "From" },
          { name: "to", label: "To" },
        ]}
        empty="No order matches these filters."
        bulkActions={
          loaderData.canDelete
            ? {
                actions: [{ intent: "archive", label: "Archive selected" }],
                noun: "order",
                plural: "orders",
                rowLabel: (order) => `Select ${order.number}`,
              }
            : undefined
        }
      />
    </>
  );
}
