import { screenMeta } from "../../lib/meta";
import { noRouteMatch, requireSlug } from "../../lib/route-params";
import type { Route } from "./+types/products-band";

export const meta = screenMeta("Band merchandise");

export function loader(args: Route.LoaderArgs) {
  requireSlug(args);
  // The catalogue is empty until the catalogue module lands: no slug names anything yet.
  noRouteMatch(args.url);
}

export default function ProductsBand() {
  return null;
}
