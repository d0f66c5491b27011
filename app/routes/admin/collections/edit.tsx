import { StaffEditScreen, StaffScreenError } from "../../../components/admin/staff-screen";
import { collectionAction, collectionRecord } from "../../../lib/admin-collections.server";
import type { Route } from "./+types/edit";
import { collectionsScreen } from "./screen";

export const meta = collectionsScreen.editMeta;
export const headers = collectionsScreen.formHeaders;

export const loader = (args: Route.LoaderArgs) => collectionRecord(args);

export const action = (args: Route.ActionArgs) => collectionAction(args, false);

export default function EditCollection(props: Route.ComponentProps) {
  return <StaffEditScreen screen={collectionsScreen} {...props} />;
}

export function ErrorBoundary() {
  return <StaffScreenError screen={collectionsScreen} />;
}
