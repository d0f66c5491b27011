import { StaffListScreen } from "../../../components/admin/staff-screen";
import { collectionList, collectionScreens } from "../../../lib/admin-collections.server";
import type { Route } from "./+types/list";
import { collectionsScreen } from "./screen";

export const meta = collectionsScreen.listMeta;

export const loader = (args: Route.LoaderArgs) => collectionList(args);

export const action = (args: Route.ActionArgs) => collectionScreens.listAction(args);

export default function CollectionsList(props: Route.ComponentProps) {
  return <StaffListScreen screen={collectionsScreen} {...props} />;
}
