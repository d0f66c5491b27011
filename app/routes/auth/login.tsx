import { PageHeading } from "../../components/page-heading";
import { screenMeta } from "../../lib/meta";
import { routeMiddleware } from "../../lib/route-middleware";

export const meta = screenMeta("Sign in", { noindex: true });
export const middleware = routeMiddleware("guest");

export default function Login() {
  return <PageHeading title="Sign in" intro="Sign in to track your orders and check out faster." />;
}
