import { StaffEditScreen, StaffScreenError } from "../../../components/admin/staff-screen";
import { bandImages, bandScreens } from "../../../lib/admin-bands.server";
import type { Route } from "./+types/edit";
import { bandsScreen } from "./screen";

export const meta = bandsScreen.editMeta;
export const headers = bandsScreen.formHeaders;

export async function loader(args: Route.LoaderArgs) {
  const screen = await bandScreens.record(args);
  return { ...screen, images: await bandImages(args.context, screen.record.id) };
}

export const action = (args: Route.ActionArgs) => bandScreens.edit(args);

export default function EditBand(props: Route.ComponentProps) {
  return <StaffEditScreen screen={bandsScreen} {...props} />;
}

export function ErrorBoundary() {
  return <StaffScreenError screen={bandsScreen} />;
}
