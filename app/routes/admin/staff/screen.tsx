import type { StaffMember } from "../../../../common/staff";
import { STAFF_ROLE_LABELS, STAFF_STATUS_LABELS } from "../../../../common/staff-roles";
import { timeColumn } from "../../../components/admin/list-columns";
import { Card } from "../../../components/admin/screen-header";
import { StaffName, StaffRoleBadge, StaffStatus } from "../../../components/admin/staff-cells";
import { StaffFields } from "../../../components/admin/staff-fields";
import { enumFilter, staffScreen } from "../../../components/admin/staff-screen";
import { tableColumns } from "../../../components/ui/data-table";

/** A staff account as the list shows it: whether this admin may open it, and whether it is theirs. */
type Row = StaffMember & { manageable: boolean; isSelf: boolean };

const column = tableColumns<Row>();

// A column's id is its sort key in the address (`?sort=updated&direction=desc`).
const columns = [
  column.accessor("name", {
    id: "name",
    header: "Name",
    enableSorting: true,
    cell: ({ row }) => (
      <StaffName
        member={row.original}
        isSelf={row.original.isSelf}
        link={row.original.manageable}
      />
    ),
  }),
  column.accessor("email", {
    header: "Email",
    cell: ({ getValue }) => <span className="break-all">{getValue()}</span>,
  }),
  column.accessor("role", {
    header: "Role",
    cell: ({ getValue }) => <StaffRoleBadge role={getValue()} />,
  }),
  column.display({
    id: "status",
    header: "Status",
    cell: ({ row }) => <StaffStatus member={row.original} />,
  }),
  timeColumn(column, (row) => row.updatedAt, { header: "Last changed" }),
];

/**
 * The staff accounts' list and invitation: /admin/staff and /new. An account's own page
 * (/admin/staff/:id) is its route's, as it switches access as well as saving.
 */
export const staffAccountsScreen = staffScreen<Row, { id: number; updatedAt: string }>({
  path: "/admin/staff",
  title: "Staff",
  noun: "staff member",
  plural: "staff",
  list: {
    intro: ({ canAdd }) =>
      canAdd
        ? "Everyone who can sign in to the back office. Invite people by email; deactivate an account to sign its owner out everywhere."
        : "Everyone who can sign in to the back office. Only admins can invite people or change accounts.",
    columns,
    caption: "Staff accounts",
    addLabel: "Invite staff",
    filters: [
      enumFilter("role", "Role", "All roles", STAFF_ROLE_LABELS),
      enumFilter("status", "Status", "All statuses", STAFF_STATUS_LABELS),
    ],
    searchLabel: "Search by name or email",
    empty: "Nobody matches this search.",
    // Staff accounts are deactivated, never deleted: no tick boxes for anyone.
    bulkDelete: false,
  },
  form: {
    newTitle: "Invite staff",
    newIntro:
      "They get an email with a link to choose their password, then sign in at the back office.",
    newSubmit: "Send invitation",
    label: "Invitation",
    Fields: () => <StaffFields invite showRole />,
    Aside: () => (
      <Card title="What happens next">
        <ol className="list-decimal space-y-2 pl-5 text-sm text-muted">
          <li>We email them a link that lasts 72 hours.</li>
          <li>They choose a password; until then the list shows them as invited.</li>
          <li>They sign in at the back office with their email and that password.</li>
        </ol>
      </Card>
    ),
  },
});
