import { StaffNewScreen, StaffScreenError } from "../../../components/admin/staff-screen";
import {
  bandOptions,
  newSegmentValues,
  ruleBuilderAction,
  segmentScreens,
} from "../../../lib/admin-segments.server";
import type { Route } from "./+types/new";
import { segmentsScreen } from "./screen";

export const meta = segmentsScreen.newMeta;
export const headers = segmentsScreen.formHeaders;
export async function loader({ context }: Route.LoaderArgs) {
  return { values: newSegmentValues(), bands: await bandOptions(context) };
}
export async function action(args: Route.ActionArgs) {
  return (await ruleBuilderAction(args)) ?? segmentScreens.create(args);
}

export default function NewSegment(props: Route.ComponentProps) {
  return <StaffNewScreen screen={segmentsScreen} {...props} />;
}

export function ErrorBoundary() {
  return <StaffScreenError screen={segmentsScreen} />;
}
