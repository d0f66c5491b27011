import { redirect } from "react-router";
import { oldCollectionLink } from "../../lib/old-links.server";
import type { Route } from "./+types/collections-redirect";

/**
 * behaviour.md §2: /collections/... moved for good (301); where each old link lands is the
 * catalogue's.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  return redirect(await oldCollectionLink(url, context), 301);
}
