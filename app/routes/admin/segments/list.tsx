import type { StaffSegmentItem } from "../../../../common/segments-admin";
import { PrimaryLink, timeColumn } from "../../../components/admin/list-columns";
import { ResourceList } from "../../../components/admin/resource-list";
import { ScreenHeader } from "../../../components/admin/screen-header";
import { AppLink } from "../../../components/ui/app-link";
import { tableColumns } from "../../../components/ui/data-table";
import { segmentScreens } from "../../../lib/admin-segments.server";
import { screenMeta } from "../../../lib/meta";
import type { Route } from "./+types/list";

export const meta = screenMeta("Segments", { noindex: true });

export const loader = (args: Route.LoaderArgs) => segmentScreens.list(args);

export const action = (args: Route.ActionArgs) => segmentScreens.listAction(args);

const column = tableColumns<StaffSegmentItem>();
const count = new Intl.NumberFormat("en-GB");

const columns = [
  column.accessor("title", {
    id: "title",
    header: "Segment",
    enableSorting: true,
    cell: ({ row }) => (
      <span>
        <AppLink
          to={`/admin/segments/${row.original.id}`}
          className="font-semibold hover:underline"
        >
          {row.original.title}
        </AppLink>
        {row.original.description && (
          <span className="block text-sm text-muted">{row.original.description}</span>
        )}
      </span>
    ),
  }),
  column.accessor("ruleCount", {
    header: "Rules",
    cell: ({ getValue }) => <span className="tabular-nums">{getValue()}</span>,
  }),
  column.accessor("memberCount", {
    header: "Members",
    cell: ({ row }) => (
      <AppLink
        to={`/admin/customers?segment=${row.original.id}`}
        className="tabular-nums underline hover:no-underline"
      >
        {count.format(row.original.memberCount)}
        <span className="sr-only"> customers in {row.original.title}</span>
      </AppLink>
    ),
  }),
  timeColumn(column, (row) => row.updatedAt),
];

export default function SegmentsList({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <ScreenHeader
        title="Segments"
        intro="Groups of customers made from rules, always current: discount codes can be limited to one."
        actions={<PrimaryLink to="/admin/segments/new">Add segment</PrimaryLink>}
      />
      <ResourceList
        screen={loaderData}
        result={actionData}
        caption="Segments"
        columns={columns}
        rowId={(segment) => String(segment.id)}
        searchLabel="Search segments"
        empty="No segment matches this search."
        bulkDelete={{
          noun: "segment",
          plural: "segments",
          rowLabel: (segment) => `Select ${segment.title}`,
        }}
      />
    </>
  );
}
