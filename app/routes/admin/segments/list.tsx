import { StaffListScreen } from "../../../components/admin/staff-screen";
import { segmentScreens } from "../../../lib/admin-segments.server";
import type { Route } from "./+types/list";
import { segmentsScreen } from "./screen";

export const meta = segmentsScreen.listMeta;
export const loader = (args: Route.LoaderArgs) => segmentScreens.list(args);
export const action = (args: Route.ActionArgs) => segmentScreens.listAction(args);

export default function SegmentsList(props: Route.ComponentProps) {
  return <StaffListScreen screen={segmentsScreen} {...props} />;
}
