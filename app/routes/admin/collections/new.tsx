import { StaffNewScreen, StaffScreenError } from "../../../components/admin/staff-screen";
import { blankCollection, collectionAction } from "../../../lib/admin-collections.server";
import type { Route } from "./+types/new";
import { collectionsScreen } from "./screen";

export const meta = collectionsScreen.newMeta;
export const headers = collectionsScreen.formHeaders;

export const loader = ({ context }: Route.LoaderArgs) => blankCollection(context);

export const action = (args: Route.ActionArgs) => collectionAction(args, true);

export default function NewCollection(props: Route.ComponentProps) {
  return <StaffNewScreen screen={collectionsScreen} {...props} />;
}

export function ErrorBoundary() {
  return <StaffScreenError screen={collectionsScreen} />;
}
