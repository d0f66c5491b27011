import type { StaffSegmentItem } from "../../../../common/segments-admin";
import { timeColumn } from "../../../components/admin/list-columns";
import { ruleCount, SegmentFields } from "../../../components/admin/segment-fields";
import { staffScreen } from "../../../components/admin/staff-screen";
import { AppLink } from "../../../components/ui/app-link";
import { tableColumns } from "../../../components/ui/data-table";
import type { RuleBuilderData } from "../../../lib/admin-segments.server";

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

type SegmentForm = {
  bands: ReadonlyArray<{ id: string; title: string }>;
  record?: { memberCount: number };
};

/** The segments' screens: /admin/segments, /new and /:id. */
export const segmentsScreen = staffScreen<
  StaffSegmentItem,
  { id: number; updatedAt: string },
  object,
  SegmentForm
>({
  path: "/admin/segments",
  title: "Segments",
  noun: "segment",
  plural: "segments",
  list: {
    intro:
      "Groups of customers made from rules, always current: discount codes can be limited to one.",
    columns,
  },
  form: {
    Fields: ({ data, result }) => {
      // The rule builder's own answer (a count, or rows added or removed without JavaScript).
      const counted = result as RuleBuilderData | undefined;
      return (
        <SegmentFields
          key={counted?.values ? `rules:${ruleCount(counted.values)}` : "loaded"}
          bands={data.bands}
          counted={counted ?? (data.record && { count: data.record.memberCount })}
        />
      );
    },
    deleteDescription:
      "The group goes; its customers are not changed. A segment a discount code is limited to cannot be deleted: change the code first.",
  },
});
