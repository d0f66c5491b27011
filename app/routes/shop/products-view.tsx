import { screenMeta } from "../../lib/meta";
import { noRouteMatch, requireSlug } from "../../lib/route-params";
import type { Route } from "./+types/products-view";

export const meta = screenMeta("Product");

export function loader(args: Route.LoaderArgs) {
  requireSlug(args);
  // The catalogue is empty until the catalogue module lands: no slug names anything yet.
  noRouteMatch(args.url);
}

export default function ProductsView() {
  return null;
}
