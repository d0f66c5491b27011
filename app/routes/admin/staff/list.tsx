import { StaffListScreen } from "../../../components/admin/staff-screen";
import { mayManageStaff, ownId, staffScreens } from "../../../lib/admin-staff.server";
import type { Route } from "./+types/list";
import { staffAccountsScreen } from "./screen";

export const meta = staffAccountsScreen.listMeta;

export async function loader(args: Route.LoaderArgs) {
  const screen = await staffScreens.list(args);
  const manageable = mayManageStaff(args.context);
  const own = ownId(args.context);
  return {
    ...screen,
    rows: screen.rows.map((member) => ({ ...member, manageable, isSelf: member.id === own })),
    // Staff accounts are deactivated, never deleted.
    canDelete: false,
  };
}

export default function StaffList(props: Route.ComponentProps) {
  return <StaffListScreen screen={staffAccountsScreen} {...props} />;
}
