import { screenMeta } from "../../lib/meta";
import { noRouteMatch, requireId } from "../../lib/route-params";
import type { Route } from "./+types/orders-show";

export const meta = screenMeta("Your order", { noindex: true });

export function loader(args: Route.LoaderArgs) {
  requireId(args);
  // No order is readable until the orders module lands; SECURITY §1: a foreign order will answer
  // exactly like a missing one.
  noRouteMatch(args.url);
}

export default function CustomerOrdersShow() {
  return null;
}
