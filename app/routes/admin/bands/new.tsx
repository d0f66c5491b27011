import { StaffNewScreen, StaffScreenError } from "../../../components/admin/staff-screen";
import { bandScreens } from "../../../lib/admin-bands.server";
import type { Route } from "./+types/new";
import { bandsScreen } from "./screen";

export const meta = bandsScreen.newMeta;
export const headers = bandsScreen.formHeaders;
export const loader = () => bandScreens.blank();
export const action = (args: Route.ActionArgs) => bandScreens.create(args);

export default function NewBand(props: Route.ComponentProps) {
  return <StaffNewScreen screen={bandsScreen} {...props} />;
}

export function ErrorBoundary() {
  return <StaffScreenError screen={bandsScreen} />;
}
