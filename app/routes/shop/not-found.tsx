import { noRouteMatch } from "../../lib/route-params";
import type { Route } from "./+types/not-found";

export function loader({ request }: Route.LoaderArgs) {
  noRouteMatch(request);
}

export default function NotFound() {
  return null;
}
