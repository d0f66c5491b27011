import { data } from "react-router";
import { basketCookie, discountCookie } from "../../../common/basket-rules";
import { useCheckoutFinished } from "../../client/checkout";
import { OrderDetails, OrderStatusBadge } from "../../components/order-details";
import { PageHeading } from "../../components/page-heading";
import { appContext } from "../../lib/app-context.server";
import { screenMeta } from "../../lib/meta";
import { guestOrderPage } from "../../lib/orders.server";
import { requireId } from "../../lib/route-params";
import type { Route } from "./+types/checkout-order";

export const meta = screenMeta("Your order", { noindex: true });
export const headers = ({ loaderHeaders }: Route.HeadersArgs) => {
  const headers = new Headers(loaderHeaders);
  headers.set("Cache-Control", "private, no-store");
  // The token is in the address: it must not travel on to other sites.
  headers.set("Referrer-Policy", "no-referrer");
  return headers;
};

/**
 * An order opened by its access token: a guest's confirmation straight after checkout
 * (`?placed=1`, which also empties the basket and forgets the code), and the confirmation email's
 * link. A wrong or missing token is a 404, exactly like a missing order.
 */
export async function loader(args: Route.LoaderArgs) {
  const order = await guestOrderPage(args.context, args.url, requireId(args));
  const headers = new Headers();
  if (order.status === "paid" && args.url.searchParams.get("placed") === "1") {
    const { secure } = args.context.get(appContext).config;
    headers.append("Set-Cookie", basketCookie({}, secure));
    headers.append("Set-Cookie", discountCookie(null, secure));
  }
  return data({ order, placed: args.url.searchParams.get("placed") === "1" }, { headers });
}

export default function CheckoutOrder({ loaderData }: Route.ComponentProps) {
  const { order, placed } = loaderData;
  useCheckoutFinished(order, placed && order.status === "paid");
  return (
    <>
      <PageHeading
        title={placed ? "Thank you for your order" : `Order ${order.number}`}
        intro={
          placed
            ? `Your order number is ${order.number}. We have emailed a confirmation to ${order.email}.`
            : undefined
        }
      />
      <p className="-mt-4 mb-8">
        <OrderStatusBadge status={order.status} />
      </p>
      <OrderDetails order={order} />
    </>
  );
}
