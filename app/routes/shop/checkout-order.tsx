import { data } from "react-router";
import { basketCookie, discountCookie } from "../../../common/basket-rules";
import { useCheckoutFinished } from "../../client/checkout";
import { OrderAccountForm } from "../../components/order-account-form";
import { OrderDetails, OrderStatusBadge, placedIntro } from "../../components/order-details";
import { PageHeading } from "../../components/page-heading";
import { createOrderAccount, offersOrderAccount } from "../../lib/account-forms.server";
import { appContext } from "../../lib/app-context.server";
import { formPageHeaders } from "../../lib/form-headers";
import { formFailure, runFormRoute } from "../../lib/form-route.server";
import { screenMeta } from "../../lib/meta";
import { guestOrderPage } from "../../lib/orders.server";
import { readGuestOrder } from "../../lib/page-query.server";
import { requireId } from "../../lib/route-params";
import type { Route } from "./+types/checkout-order";

export const meta = screenMeta("Your order", { noindex: true });
// The token is in the address: it must not travel on to other sites.
const formHeaders = formPageHeaders({
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "no-referrer",
});
export const headers = (args: Route.HeadersArgs) => {
  const headers = new Headers(args.loaderHeaders);
  for (const [name, value] of new Headers(formHeaders(args))) headers.set(name, value);
  return headers;
};

/**
 * An order opened by its access token: a guest's confirmation straight after checkout
 * (`?placed=1`, which also empties the basket and forgets the code), and the confirmation email's
 * link. A wrong or missing token is a 404, exactly like a missing order. A guest order past its
 * payment whose email has no account yet offers one (`offerAccount`).
 */
export async function loader(args: Route.LoaderArgs) {
  const order = await guestOrderPage(args.context, args.url, requireId(args));
  const headers = new Headers();
  if (order.status === "paid" && readGuestOrder(args.url).placed === "1") {
    const { secure } = args.context.get(appContext).config;
    headers.append("Set-Cookie", basketCookie({}, secure));
    headers.append("Set-Cookie", discountCookie(null, secure));
  }
  const offerAccount = await offersOrderAccount(args.context, order);
  return data(
    { order, placed: readGuestOrder(args.url).placed === "1", offerAccount },
    { headers },
  );
}

/** The account offer's form: the order and its token come from the address, the password typed. */
export async function action(args: Route.ActionArgs) {
  const result = await runFormRoute(createOrderAccount, args.request, args.context, {
    body: (form) => ({
      orderId: requireId(args),
      accessToken: readGuestOrder(args.url).token ?? "",
      password: form.get("password") || undefined,
    }),
  });
  if (!result.ok) return formFailure(result);
  return { sent: result.value.message };
}

export default function CheckoutOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order, placed, offerAccount } = loaderData;
  const sent = actionData && "sent" in actionData ? actionData.sent : undefined;
  const refused = actionData && "errors" in actionData ? actionData : undefined;
  useCheckoutFinished(order, placed && order.status === "paid");
  return (
    <>
      <PageHeading
        title={placed ? "Thank you for your order" : `Order ${order.number}`}
        intro={placed ? placedIntro(order) : undefined}
      />
      <p className="-mt-4 mb-8">
        <OrderStatusBadge status={order.status} justPlaced={placed} />
      </p>
      {/* Kept after a post, so its answer shows even if the offer has just lapsed. */}
      {(offerAccount || actionData) && <OrderAccountForm result={refused} sent={sent} />}
      <OrderDetails order={order} />
    </>
  );
}
