import { StaffNewScreen, StaffScreenError } from "../../../components/admin/staff-screen";
import { venueScreens } from "../../../lib/admin-venues.server";
import type { Route } from "./+types/new";
import { venuesScreen } from "./screen";

export const meta = venuesScreen.newMeta;
export const headers = venuesScreen.formHeaders;
export const loader = () => venueScreens.blank();
export const action = (args: Route.ActionArgs) => venueScreens.create(args);

export default function NewVenue(props: Route.ComponentProps) {
  return <StaffNewScreen screen={venuesScreen} {...props} />;
}

export function ErrorBoundary() {
  return <StaffScreenError screen={venuesScreen} />;
}
