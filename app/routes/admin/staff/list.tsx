import type { StaffMember } from "../../../../common/staff";
import { PrimaryLink, timeColumn } from "../../../components/admin/list-columns";
import { ResourceList } from "../../../components/admin/resource-list";
import { ScreenHeader } from "../../../components/admin/screen-header";
import { StaffName, StaffRoleBadge, StaffStatus } from "../../../components/admin/staff-cells";
import { tableColumns } from "../../../components/ui/data-table";
import { mayManageStaff, ownId, staffScreens } from "../../../lib/admin-staff.server";
import { screenMeta } from "../../../lib/meta";
import type { Route } from "./+types/list";

export const meta = screenMeta("Staff", { noindex: true });

export async function loader(args: Route.LoaderArgs) {
  const screen = await staffScreens.list(args);
  return {
    ...screen,
    // Staff accounts are deactivated, never deleted: no tick boxes for anyone.
    canDelete: false,
    canManage: mayManageStaff(args.context),
    ownId: ownId(args.context),
  };
}

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

export default function StaffList({ loaderData }: Route.ComponentProps) {
  const { canManage } = loaderData;
  const rows: Row[] = loaderData.rows.map((member) => ({
    ...member,
    manageable: canManage,
    isSelf: member.id === loaderData.ownId,
  }));
  return (
    <>
      <ScreenHeader
        title="Staff"
        intro={
          canManage
            ? "Everyone who can sign in to the back office. Invite people by email; deactivate an account to sign its owner out everywhere."
            : "Everyone who can sign in to the back office. Only admins can invite people or change accounts."
        }
        actions={
          canManage ? <PrimaryLink to="/admin/staff/new">Invite staff</PrimaryLink> : undefined
        }
      />
      <ResourceList
        screen={{ ...loaderData, rows }}
        caption="Staff accounts"
        columns={columns}
        rowId={(member) => String(member.id)}
        searchLabel="Search by name or email"
        filters={[
          {
            name: "role",
            label: "Role",
            anyLabel: "All roles",
            options: [
              { value: "staff", label: "Staff" },
              { value: "admin", label: "Admin" },
            ],
          },
          {
            name: "status",
            label: "Status",
            anyLabel: "All statuses",
            options: [
              { value: "active", label: "Active" },
              { value: "invited", label: "Invited" },
              { value: "deactivated", label: "Deactivated" },
            ],
          },
        ]}
        empty="Nobody matches this search."
      />
    </>
  );
}
