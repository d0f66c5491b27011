import { noRouteMatch } from "../../lib/route-params";
import type { Route } from "./+types/not-found";

// Behind the customer guard, so a guest is sent to Login before learning what exists here.
export function loader({ url }: Route.LoaderArgs) {
  noRouteMatch(url);
}

export default function CustomerNotFound() {
  return null;
}
