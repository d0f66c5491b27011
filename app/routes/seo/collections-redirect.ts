import { redirect } from "react-router";
import type { Route } from "./+types/collections-redirect";

/**
 * spec §2: /collections/... moved to /bands/... for good (301), query kept; /collections itself
 * (which this route also matches) to /bands, rather than to itself in a loop.
 */
export function loader({ url }: Route.LoaderArgs) {
  return redirect(`${url.pathname.replace(/^\/collections(?=\/|$)/, "/bands")}${url.search}`, 301);
}
