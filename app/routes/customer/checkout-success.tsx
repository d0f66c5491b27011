import { data } from "react-router";
import { basketCookie, discountCookie } from "../../../common/basket-rules";
import { useCheckoutFinished } from "../../client/checkout";
import { OrderDetails, OrderStatusBadge, placedIntro } from "../../components/order-details";
import { PageHeading } from "../../components/page-heading";
import { AppLink } from "../../components/ui/app-link";
import { appContext } from "../../lib/app-context.server";
import { screenMeta } from "../../lib/meta";
import { customerOrderPage } from "../../lib/orders.server";
import { requireId } from "../../lib/route-params";
import { requireSession } from "../../lib/session.server";
import type { Route } from "./+types/checkout-success";

export const meta = screenMeta("Thank you for your order", { noindex: true });
export const headers = ({ loaderHeaders }: Route.HeadersArgs) => {
  const headers = new Headers(loaderHeaders);
  headers.set("Cache-Control", "private, no-store");
  return headers;
};

/** The confirmation of the customer's own order; the basket and code are done with. */
export async function loader(args: Route.LoaderArgs) {
  const id = requireId(args);
  const session = requireSession(args.context);
  const order = await customerOrderPage(args.context, args.url, session.user.id, id);
  const { secure } = args.context.get(appContext).config;
  const headers = new Headers();
  if (order.status === "paid") {
    headers.append("Set-Cookie", basketCookie({}, secure));
    headers.append("Set-Cookie", discountCookie(null, secure));
  }
  return data(order, { headers });
}

export default function CustomerCheckoutSuccess({ loaderData: order }: Route.ComponentProps) {
  useCheckoutFinished(order, order.status === "paid");
  return (
    <>
      <PageHeading title="Thank you for your order" intro={placedIntro(order)} />
      <p className="-mt-4 mb-8 flex flex-wrap items-center gap-x-4 gap-y-2">
        <OrderStatusBadge status={order.status} justPlaced />
        <AppLink
          to={`/customer/orders/${order.id}`}
          className="font-semibold underline hover:text-accent"
        >
          View order {order.number} in your account
        </AppLink>
      </p>
      <OrderDetails order={order} />
    </>
  );
}
