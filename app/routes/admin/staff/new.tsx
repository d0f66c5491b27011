import { StaffNewScreen, StaffScreenError } from "../../../components/admin/staff-screen";
import { blankInvite, staffScreens } from "../../../lib/admin-staff.server";
import type { Route } from "./+types/new";
import { staffAccountsScreen } from "./screen";

export const meta = staffAccountsScreen.newMeta;
export const headers = staffAccountsScreen.formHeaders;

export const loader = ({ context }: Route.LoaderArgs) => blankInvite(context);

export const action = (args: Route.ActionArgs) => staffScreens.create(args);

export default function InviteStaff(props: Route.ComponentProps) {
  return <StaffNewScreen screen={staffAccountsScreen} {...props} />;
}

export function ErrorBoundary() {
  return <StaffScreenError screen={staffAccountsScreen} />;
}
