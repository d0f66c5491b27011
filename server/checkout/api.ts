import { z } from "zod";
import { ChargeAccepted, ChargeResult, CheckoutQuote } from "../../common/checkout.ts";
import { OrderSummary, OrderView } from "../../common/orders.ts";
import { isRefusal, refuse } from "../../common/refusal.ts";
import { ok } from "../http/envelope.ts";
import { accountOf, defineRoute, type RouteGroup } from "../http/route-table.ts";
import { customerOrders, findOrder } from "../orders/index.ts";
import { completeTestAuthentication } from "../payments/index.ts";
import {
  acceptedCharge,
  applyPayment,
  chargeCheckout,
  checkoutShopper,
  placeOrder,
  quoteCheckout,
  showCustomerOrder,
  showGuestOrder,
} from "./service.ts";
import {
  CheckoutChargeInput,
  CheckoutShowInput,
  CustomerOrderStoreInput,
  GuestOrderStoreInput,
  OrderIdParams,
  OrderTokenQuery,
  TestBankInput,
} from "./validators.ts";

const tag = "checkout";
const noStore = { "Cache-Control": "no-store" };
const AS_IT_STANDS =
  "An order still waiting for its payment is first brought in line with the payment provider, so a payment just confirmed in the browser shows as paid before its webhook arrives.";

/** POST /api/checkout/show: the server's price for the basket, delivered. */
export const showCheckout = defineRoute({
  method: "post",
  path: "/checkout/show",
  tag,
  summary: "Prices a checkout: lines, discount, delivery, VAT and total, and what stops it",
  identify: true,
  body: CheckoutShowInput,
  headers: noStore,
  answers: { data: CheckoutQuote },
  call: async ({ db, account }, { body }) =>
    quoteCheckout(db, { ...body, shopper: await checkoutShopper(db, account) }),
});

/** POST /api/checkout/charge: reserves, writes the order and starts its payment. */
export const chargeOrder = defineRoute({
  method: "post",
  path: "/checkout/charge",
  tag,
  summary: "Reserves the stock, writes the order and starts its payment",
  description:
    "Everything is priced again on the server. The order is written `pending_payment` with its stock reserved for 15 minutes before the provider is called; the answer says whether it is paid, needs the shopper's action, or was declined (then released). A retry with the same `Idempotency-Key` and body never writes a second order: it answers the first outcome, or carries on from where the first attempt got. When the order is written but its payment is still being confirmed as the request's time runs out, the answer is 202 with the order and a `Location` to poll, never a 503.",
  identify: true,
  idempotent: { answerEarly: ({ db }, progress) => acceptedCharge(db, progress) },
  // Card testing (security.md #20): a shopper pays a few times an hour, a fraudster hundreds.
  limit: {
    rule: { bucket: "checkout-charge", limit: 30, windowMs: 60 * 60 * 1000 },
    message: "Too many payment attempts from this connection. Please try again later.",
  },
  body: CheckoutChargeInput,
  headers: noStore,
  answers: [
    { data: ChargeResult },
    {
      data: ChargeAccepted,
      status: 202,
      description:
        "The order is written and its payment is being confirmed: poll `Location` (the order) until it is paid or cancelled.",
    },
  ],
  refusals: ["conflict"],
  call: ({ db, config, account, key }, { body }) => chargeCheckout(db, config, body, account, key),
  reply: (c, value: ChargeResult | ChargeAccepted) => {
    if (value.status !== "processing") return ok(c, value);
    c.header("Location", orderLocation(value));
    return ok(c, value, 202);
  },
});

/** Where a client polls an accepted charge's order: a guest's by its token, or the customer's own. */
function orderLocation(accepted: ChargeAccepted): string {
  if (!accepted.accessToken) return `/api/user/orders/show/${accepted.orderId}`;
  return `/api/orders/show/${accepted.orderId}?token=${encodeURIComponent(accepted.accessToken)}`;
}

/** POST /api/orders/store: a guest's paid order. */
export const storeGuestOrder = defineRoute({
  method: "post",
  path: "/orders/store",
  tag,
  summary: "A guest's order once its payment is confirmed by the provider",
  idempotent: true,
  body: GuestOrderStoreInput,
  headers: noStore,
  answers: { data: OrderView },
  refusals: ["not-found", "conflict"],
  call: ({ db, config }, { body }) =>
    placeOrder(db, config, { orderId: body.orderId, accessToken: body.accessToken }),
});

/** POST /api/user/orders/store: the signed-in customer's paid order. */
export const storeCustomerOrder = defineRoute({
  method: "post",
  path: "/orders/store",
  tag,
  summary: "The customer's order once its payment is confirmed by the provider",
  idempotent: true,
  body: CustomerOrderStoreInput,
  headers: noStore,
  answers: { data: OrderView },
  refusals: ["not-found", "conflict"],
  call: ({ db, config, account }, { body }) =>
    placeOrder(db, config, { orderId: body.orderId, customerId: accountOf(account).user.id }),
});

/** POST /api/checkout/test-bank: the test provider's "bank" step (3-D Secure, simulated). */
export const answerTestBank = defineRoute({
  method: "post",
  path: "/checkout/test-bank",
  tag,
  summary: "Test payments only: approve or fail a payment waiting for the bank",
  body: TestBankInput,
  headers: noStore,
  answers: { data: z.object({ status: z.enum(["paid", "declined"]) }) },
  refusals: ["not-found", "conflict"],
  async call({ db, config }, { body }) {
    const order = await findOrder(db, body.orderId);
    if (!order?.paymentReference || order.paymentProvider !== "test") {
      return refuse("not-found", "No such payment.");
    }
    const payment = await completeTestAuthentication(
      db,
      order.paymentReference,
      body.clientSecret,
      body.approve,
    );
    if (isRefusal(payment)) return payment;
    const settled = await applyPayment(db, config, order.id, payment, { cancelOnDecline: true });
    return { status: settled.status === "paid" ? ("paid" as const) : ("declined" as const) };
  },
});

/** behaviour.md §7: checkout and orders, for shoppers and signed-in customers. */
export const checkoutRoutes: RouteGroup[] = [
  {
    area: "public",
    routes: [
      showCheckout,
      chargeOrder,
      answerTestBank,
      storeGuestOrder,
      defineRoute({
        method: "get",
        path: "/orders/show/{id}",
        tag,
        summary: "A guest's order, through its access token only",
        description: AS_IT_STANDS,
        params: OrderIdParams,
        query: OrderTokenQuery,
        headers: noStore,
        answers: { data: OrderView },
        refusals: ["not-found"],
        call: ({ db, config }, { params, query }) =>
          showGuestOrder(db, config, params.id, query.token ?? ""),
      }),
    ],
  },
  {
    area: "user",
    routes: [
      storeCustomerOrder,
      defineRoute({
        method: "get",
        path: "/orders/show/{id}",
        tag,
        summary: "One of the customer's own orders",
        description: AS_IT_STANDS,
        params: OrderIdParams,
        headers: noStore,
        answers: { data: OrderView },
        refusals: ["not-found"],
        call: ({ db, config, account }, { params }) =>
          showCustomerOrder(db, config, accountOf(account).user.id, params.id),
      }),
      defineRoute({
        method: "get",
        path: "/orders",
        tag,
        summary: "The customer's orders, newest first",
        query: z.strictObject({}),
        headers: noStore,
        answers: { data: z.array(OrderSummary) },
        call: ({ db, account }) => customerOrders(db, accountOf(account).user.id),
      }),
    ],
  },
];
