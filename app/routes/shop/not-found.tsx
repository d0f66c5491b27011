import { noRouteMatch } from "../../lib/route-params";
import type { Route } from "./+types/not-found";

export function loader({ url }: Route.LoaderArgs) {
  noRouteMatch(url);
}

export default function NotFound() {
  return null;
}
