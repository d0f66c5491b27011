import type { RouterContextProvider } from "react-router";
import { isRefusal } from "../../common/refusal";
import { showCustomerOrder, showGuestOrder } from "../../server/checkout/service.ts";
import { customerVatReceipt } from "../../server/orders/documents/vat-receipt.ts";
import { customerOrders } from "../../server/orders/placement/service.ts";
import { appContext } from "./app-context.server";
import { readGuestOrder } from "./page-query.server";
import { noRouteMatch } from "./route-params";

/** The signed-in customer's order, or the 404 a missing one gives (another's is the same). */
export async function customerOrderPage(
  context: Readonly<RouterContextProvider>,
  url: URL,
  customerId: number,
  orderId: number,
) {
  const { db, config } = context.get(appContext);
  const order = await showCustomerOrder(db, config, customerId, orderId);
  return isRefusal(order) ? noRouteMatch(url) : order;
}

/** The VAT receipt of the signed-in customer's paid order (none before it is paid). */
export async function customerVatReceiptOf(
  context: Readonly<RouterContextProvider>,
  customerId: number,
  orderId: number,
) {
  const { db, config } = context.get(appContext);
  return (await customerVatReceipt(db, config, customerId, orderId)) ?? null;
}

/** A guest's order through its access token; a wrong or missing token is a 404. */
export async function guestOrderPage(
  context: Readonly<RouterContextProvider>,
  url: URL,
  orderId: number,
) {
  const token = readGuestOrder(url).token ?? "";
  const { db, config } = context.get(appContext);
  const order = await showGuestOrder(db, config, orderId, token);
  return isRefusal(order) ? noRouteMatch(url) : order;
}

/** The customer's orders, newest first. */
export function customerOrderList(context: Readonly<RouterContextProvider>, customerId: number) {
  return customerOrders(context.get(appContext).db, customerId);
}
