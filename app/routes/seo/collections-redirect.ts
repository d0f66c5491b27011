import { redirect } from "react-router";
import { oldCollectionLinkTarget } from "../../../server/catalog/service/old-links";
import { appContext } from "../../lib/app-context.server";
import type { Route } from "./+types/collections-redirect";

/** spec §2: /collections/... moved for good (301); where each old link lands is the catalogue's. */
export async function loader({ url, context }: Route.LoaderArgs) {
  return redirect(await oldCollectionLinkTarget(context.get(appContext).db, url), 301);
}
