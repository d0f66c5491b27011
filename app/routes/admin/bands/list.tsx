import { StaffListScreen } from "../../../components/admin/staff-screen";
import { bandScreens } from "../../../lib/admin-bands.server";
import type { Route } from "./+types/list";
import { bandsScreen } from "./screen";

export const meta = bandsScreen.listMeta;
export const loader = (args: Route.LoaderArgs) => bandScreens.list(args);
export const action = (args: Route.ActionArgs) => bandScreens.listAction(args);

export default function BandsList(props: Route.ComponentProps) {
  return <StaffListScreen screen={bandsScreen} {...props} />;
}
