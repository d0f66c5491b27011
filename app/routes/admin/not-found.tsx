import { noRouteMatch } from "../../lib/route-params";
import type { Route } from "./+types/not-found";

// Behind the staff guard, so a visitor is sent to the staff sign-in before learning what exists.
export function loader({ url }: Route.LoaderArgs) {
  noRouteMatch(url);
}

export default function AdminNotFound() {
  return null;
}
