import { StaffEditScreen, StaffScreenError } from "../../../components/admin/staff-screen";
import { bandOptions, ruleBuilderAction, segmentScreens } from "../../../lib/admin-segments.server";
import type { Route } from "./+types/edit";
import { segmentsScreen } from "./screen";

export const meta = segmentsScreen.editMeta;
export const headers = segmentsScreen.formHeaders;
export async function loader(args: Route.LoaderArgs) {
  const screen = await segmentScreens.record(args);
  return { ...screen, bands: await bandOptions(args.context) };
}
export async function action(args: Route.ActionArgs) {
  return (await ruleBuilderAction(args)) ?? segmentScreens.edit(args);
}

export default function EditSegment(props: Route.ComponentProps) {
  return <StaffEditScreen screen={segmentsScreen} {...props} />;
}

export function ErrorBoundary() {
  return <StaffScreenError screen={segmentsScreen} />;
}
