import { OrderDetails, OrderStatusBadge } from "../../components/order-details";
import { OrderMemberships } from "../../components/order-memberships";
import { OrderRefunds } from "../../components/order-refunds";
import { OrderShipments } from "../../components/order-shipments";
import { PageHeading } from "../../components/page-heading";
import { VatReceiptSection } from "../../components/vat-receipt";
import { formatLongDate } from "../../lib/dates";
import { screenMeta } from "../../lib/meta";
import { customerOrderPage, customerVatReceiptOf } from "../../lib/orders.server";
import { requireId } from "../../lib/route-params";
import { requireSession } from "../../lib/session.server";
import type { Route } from "./+types/orders-show";

export const meta = screenMeta("Your order", { noindex: true });
export const headers = () => ({ "Cache-Control": "private, no-store" });

/** security.md #1: another customer's order answers exactly like a missing one (404). */
export async function loader(args: Route.LoaderArgs) {
  const id = requireId(args);
  const session = requireSession(args.context);
  const order = await customerOrderPage(args.context, args.url, session.user.id, id);
  // After the order page, which settles a payment still being confirmed.
  const receipt = await customerVatReceiptOf(args.context, session.user.id, id);
  return { order, receipt };
}

export default function CustomerOrdersShow({ loaderData }: Route.ComponentProps) {
  const { order, receipt } = loaderData;
  return (
    <>
      <PageHeading
        title={`Order ${order.number}`}
        intro={`Placed on ${formatLongDate(order.createdAt)}.`}
      />
      <p className="-mt-4 mb-8">
        <OrderStatusBadge status={order.status} />
      </p>
      <OrderShipments order={order} />
      <OrderMemberships order={order} />
      <OrderRefunds order={order} />
      <OrderDetails order={order} />
      {receipt && <VatReceiptSection receipt={receipt} />}
    </>
  );
}
