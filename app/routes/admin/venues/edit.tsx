import { StaffEditScreen, StaffScreenError } from "../../../components/admin/staff-screen";
import { venueScreens } from "../../../lib/admin-venues.server";
import type { Route } from "./+types/edit";
import { venuesScreen } from "./screen";

export const meta = venuesScreen.editMeta;
export const headers = venuesScreen.formHeaders;
export const loader = (args: Route.LoaderArgs) => venueScreens.record(args);
export const action = (args: Route.ActionArgs) => venueScreens.edit(args);

export default function EditVenue(props: Route.ComponentProps) {
  return <StaffEditScreen screen={venuesScreen} {...props} />;
}

export function ErrorBoundary() {
  return <StaffScreenError screen={venuesScreen} />;
}
