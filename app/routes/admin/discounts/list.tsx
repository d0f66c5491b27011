import { DISCOUNT_UNIT_TYPE_LABELS } from "../../../../common/discount-choices";
import type { StaffDiscountItem } from "../../../../common/discounts-admin";
import { formatPrice } from "../../../../common/money";
import { Badge } from "../../../components/admin/cells";
import { PrimaryLink } from "../../../components/admin/list-columns";
import { ResourceList } from "../../../components/admin/resource-list";
import { ScreenHeader } from "../../../components/admin/screen-header";
import { enumFilter } from "../../../components/admin/staff-screen";
import { AppLink } from "../../../components/ui/app-link";
import { buttonClasses } from "../../../components/ui/button";
import { tableColumns } from "../../../components/ui/data-table";
import { discountScreens } from "../../../lib/admin-discounts.server";
import { screenMeta } from "../../../lib/meta";
import type { Route } from "./+types/list";

export const meta = screenMeta("Discounts", { noindex: true });

export const loader = (args: Route.LoaderArgs) => discountScreens.list(args);

export const action = (args: Route.ActionArgs) => discountScreens.listAction(args);

const column = tableColumns<StaffDiscountItem>();
const count = new Intl.NumberFormat("en-GB");
const WHO = {
  everyone: "Everyone",
  guests: "Guests",
  registered: "Registered",
  segment: "Segment",
} as const;
const STATUS_TONE = { live: "success", scheduled: "info", ended: "neutral" } as const;
const STATUS_LABEL = { live: "Live", scheduled: "Scheduled", ended: "Ended" } as const;

/** Where a row goes: a code to its page, a batch to the batch's. */
const rowPath = (row: StaffDiscountItem) =>
  row.kind === "batch" ? `/admin/discounts/batches/${row.id}` : `/admin/discounts/${row.id}`;

const columns = [
  column.accessor("code", {
    id: "code",
    header: "Code",
    enableSorting: true,
    cell: ({ row }) => (
      <span className="flex flex-col">
        <AppLink to={rowPath(row.original)} className="font-mono font-semibold hover:underline">
          {row.original.kind === "batch" ? (
            <span className="font-sans">{row.original.code}</span>
          ) : (
            row.original.code
          )}
        </AppLink>
        {row.original.kind === "batch" ? (
          <span className="text-xs text-muted">Batch of generated codes</span>
        ) : (
          row.original.description && (
            <span className="text-xs text-muted">{row.original.description}</span>
          )
        )}
      </span>
    ),
  }),
  column.accessor("value", {
    header: "Value",
    cell: ({ row }) =>
      row.original.unitType === "percentage"
        ? `${row.original.value}% off`
        : `${formatPrice(row.original.value)} off`,
  }),
  column.accessor("eligibleGroup", {
    header: "Who",
    cell: ({ row }) =>
      row.original.eligibleGroup === "segment"
        ? (row.original.segmentTitle ?? "Segment")
        : WHO[row.original.eligibleGroup],
  }),
  column.accessor("scope", {
    header: "Scope",
    cell: ({ row }) =>
      row.original.scope === "basket"
        ? "Whole basket"
        : `${row.original.targetCount} selected item${row.original.targetCount === 1 ? "" : "s"}`,
  }),
  column.accessor("status", {
    header: "Status",
    cell: ({ getValue }) => (
      <Badge tone={STATUS_TONE[getValue()]}>{STATUS_LABEL[getValue()]}</Badge>
    ),
  }),
  column.accessor("timesUsed", {
    id: "used",
    header: "Used",
    enableSorting: true,
    cell: ({ row }) => (
      <span className="tabular-nums">
        {count.format(row.original.timesUsed)}
        {row.original.usageLimit !== null && ` / ${count.format(row.original.usageLimit)}`}
      </span>
    ),
  }),
];

export default function DiscountsList({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <ScreenHeader
        title="Discounts"
        intro="Discount codes shoppers type at the basket, and batches of single-use codes made for mailing lists."
        actions={
          <>
            <AppLink to="/admin/discounts/generate" className={buttonClasses("secondary", "sm")}>
              Generate codes
            </AppLink>
            <PrimaryLink to="/admin/discounts/new">Add discount</PrimaryLink>
          </>
        }
      />
      <ResourceList
        screen={loaderData}
        result={actionData}
        caption="Discounts"
        columns={columns}
        rowId={(row) => `${row.kind}-${row.id}`}
        searchLabel="Search codes"
        filters={[
          {
            name: "status",
            label: "Status",
            anyLabel: "Any status",
            options: [
              { value: "live", label: "Live" },
              { value: "scheduled", label: "Scheduled" },
              { value: "ended", label: "Ended" },
            ],
          },
          enumFilter("type", "Type", "Any type", DISCOUNT_UNIT_TYPE_LABELS),
        ]}
        empty="No discount matches this search."
      />
    </>
  );
}
