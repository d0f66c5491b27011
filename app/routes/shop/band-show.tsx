import { screenMeta } from "../../lib/meta";
import { noRouteMatch, requireSlug } from "../../lib/route-params";
import type { Route } from "./+types/band-show";

export const meta = screenMeta("Band");

export function loader(args: Route.LoaderArgs) {
  requireSlug(args);
  // The catalogue is empty until the catalogue module lands: no slug names anything yet.
  noRouteMatch(args.url);
}

export default function BandShow() {
  return null;
}
