import { StaffListScreen } from "../../../components/admin/staff-screen";
import { venueScreens } from "../../../lib/admin-venues.server";
import type { Route } from "./+types/list";
import { venuesScreen } from "./screen";

export const meta = venuesScreen.listMeta;
export const loader = (args: Route.LoaderArgs) => venueScreens.list(args);
export const action = (args: Route.ActionArgs) => venueScreens.listAction(args);

export default function VenuesList(props: Route.ComponentProps) {
  return <StaffListScreen screen={venuesScreen} {...props} />;
}
