import type { ChargeResult, CheckoutQuote } from "../../common/checkout.ts";
import type { OrderView } from "../../common/orders.ts";
import { isRefusal, type Refusal, refuse } from "../../common/refusal.ts";
import type { LiveToken } from "../auth/tokens.ts";
import { takeStock } from "../catalog/service/stock.ts";
import type { Config } from "../config.ts";
import { guestCustomerFor, saveAddress } from "../customers/service.ts";
import type { Db } from "../db/client.ts";
import { inTransaction, inTransactionOrRefuse } from "../db/transaction.ts";
import { redeemDiscount, type Shopper, signedInShopper } from "../discounts/service.ts";
import { notifyShopChanged } from "../http/response-cache.ts";
import { queueMail } from "../mail/service.ts";
import { orderConfirmationMail } from "../orders/confirmation-mail.ts";
import { recordMembershipsOf } from "../orders/memberships.ts";
import { refundLatePayment } from "../orders/refunds.ts";
import {
  cancelPendingOrder,
  claimConfirmation,
  createPendingOrder,
  customerOrder,
  findOrder,
  lockOrder,
  markOrderPaid,
  NO_SUCH_ORDER,
  newOrderFromQuote,
  type OrderRow,
  orderOpenedBy,
  orderView,
  RESERVATION_MS,
  recordPaymentReference,
} from "../orders/service.ts";
import type { Payment, PaymentListener } from "../payments/provider.ts";
import { paymentProviderFor } from "../payments/service.ts";
import { priceCheckout, type QuoteRequest } from "./quote.ts";
import type { CheckoutChargeInput } from "./validators.ts";

export const DECLINED = "Your card was declined. Try another card.";
export const RESERVATION_EXPIRED =
  "The time to pay ran out, so the items were put back on sale. Your card was not charged.";
const PAYMENT_UNAVAILABLE = "This way to pay is not available. Choose another.";

/** The shopper a checkout prices for: the signed-in customer, or a guest with the given email. */
export async function checkoutShopper(
  db: Db,
  account: LiveToken | undefined,
  email?: string,
): Promise<Shopper> {
  if (account) return signedInShopper(db, account.user);
  return { registered: false, segmentIds: [], ...(email ? { email } : {}) };
}

/**
 * Decision 0016: one membership, once, per order; and a basket mixing pre-orders with goods that
 * ship now needs the shopper's dispatch plan, which no other basket takes.
 */
function dispatchPlanRefusal(
  quote: CheckoutQuote,
  plan: CheckoutChargeInput["dispatchPlan"],
): Refusal | undefined {
  if (quote.membershipProblem) return refuse("invalid", quote.membershipProblem, "lines");
  if (quote.dispatchPlans.length > 0 && !plan)
    return refuse(
      "invalid",
      "Choose whether to send what's ready now and the rest on release, or everything together.",
      "dispatchPlan",
    );
  if (quote.dispatchPlans.length === 0 && plan)
    return refuse(
      "invalid",
      "Only an order mixing pre-orders with goods that ship now takes a dispatch plan.",
      "dispatchPlan",
    );
  return undefined;
}

/** POST /api/checkout/show: the quote, or a refusal for a destination the option does not serve. */
export async function quoteCheckout(db: Db, request: QuoteRequest) {
  const priced = await priceCheckout(db, request);
  return isRefusal(priced) ? priced : priced.quote;
}

/**
 * POST /api/checkout/charge (SECURITY §5, §7, §10, §11). Prices everything again; refuses a
 * basket with problems, a code that no longer applies and an option that does not serve the
 * address. In one transaction it reserves the stock (the last unit goes to one buyer; the others
 * get a 409 naming the line), counts the code's use, and writes the order `pending_payment` with
 * its totals and VAT. Only then is the provider called, with the order id as its idempotency key,
 * outside the transaction; its answer settles the order at once when it can (paid, or declined
 * and released), or leaves it for the shopper's next step and the reservation's expiry.
 */
export async function chargeCheckout(
  db: Db,
  config: Config,
  input: CheckoutChargeInput,
  account: LiveToken | undefined,
): Promise<ChargeResult | Refusal> {
  const provider = paymentProviderFor(config, input.payment.provider);
  if (!provider) return refuse("invalid", PAYMENT_UNAVAILABLE, "payment.provider");
  if (input.payment.outcome && provider.id !== "test") {
    return refuse("invalid", "Only the test provider takes an outcome.", "payment.outcome");
  }
  const shipping = input.shippingAddress;
  const email = account?.user.email ?? input.email.trim().toLowerCase();
  const priced = await priceCheckout(db, {
    lines: input.lines,
    discount: input.discount,
    country: shipping.country,
    postcode: shipping.postcode,
    deliveryOptionId: input.deliveryOptionId,
    shopper: await checkoutShopper(db, account, email),
  });
  if (isRefusal(priced)) return priced;
  const { quote, basket, discount, deliveryOption } = priced;
  // A line sold out since the basket was shown is a 409 naming it, before "empty".
  const [problem] = quote.problems;
  if (problem) return refuse("conflict", problem.message, "lines");
  if (quote.lines.length === 0) return refuse("invalid", "Your basket is empty.", "lines");
  if (quote.discountProblem) return refuse("invalid", quote.discountProblem, "discount");
  if (!deliveryOption) throw new Error("A charge always has a delivery option");
  if (quote.total <= 0) {
    return refuse("invalid", "This order has nothing to pay; remove the code.", "discount");
  }
  const planRefused = dispatchPlanRefusal(quote, input.dispatchPlan);
  if (planRefused) return planRefused;

  const placed = await inTransactionOrRefuse(db, async (tx) => {
    const customerId = account?.user.id ?? (await guestCustomerFor(tx, email, shipping.fullName));
    if (account && input.saveDetails) {
      await saveAddress(tx, account.user.id, "shipping", shipping);
      await saveAddress(tx, account.user.id, "billing", input.billingAddress ?? shipping);
    }
    const created = await createPendingOrder(
      tx,
      newOrderFromQuote(
        { ...priced, deliveryOption },
        {
          customerId: customerId ?? null,
          email,
          reservedUntil: new Date(Date.now() + RESERVATION_MS),
          shippingAddress: shipping,
          billingAddress: input.billingAddress ?? shipping,
          paymentProvider: provider.id,
          dispatchPlan: input.dispatchPlan ?? null,
        },
      ),
    );
    if (discount) {
      const redeemed = await redeemDiscount(tx, {
        discountId: discount.id,
        email,
        customerId: customerId ?? undefined,
        orderId: created.order.id,
      });
      if (!redeemed.ok) return refuse("conflict", redeemed.message, "discount");
    }
    // Last, so the variants' row locks, which queue every buyer of the same item, are held
    // only until the commit that follows.
    const taken = await takeStock(
      tx,
      basket.lines.map((line) => ({ variantId: line.productVariant.id, quantity: line.quantity })),
    );
    if (!taken.ok) {
      const short = basket.lines.find((line) => line.productVariant.id === taken.shortVariantId);
      return refuse(
        "conflict",
        `Sorry, ${short?.title ?? "an item"} has just sold out. Update your basket and try again.`,
        "lines",
      );
    }
    return { ...created, shownStockChanged: taken.shownStockChanged };
  });
  if (isRefusal(placed)) return placed;
  if (placed.shownStockChanged) await notifyShopChanged(db);

  const { order, accessToken } = placed;
  const payment = await provider.charge(db, {
    orderId: order.id,
    orderNumber: order.number,
    amount: order.total,
    email,
    outcome: input.payment.outcome,
  });
  await recordPaymentReference(db, order.id, payment.reference);
  const settled = await applyPayment(db, config, order.id, payment, { cancelOnDecline: true });
  return {
    orderId: order.id,
    number: order.number,
    status:
      settled.status === "paid"
        ? "paid"
        : settled.status === "cancelled"
          ? "declined"
          : "requires_action",
    total: order.total,
    provider: provider.id,
    paymentReference: payment.reference,
    ...(payment.state === "requires_action" && payment.clientSecret
      ? { clientSecret: payment.clientSecret }
      : {}),
    ...(settled.status === "cancelled"
      ? { declineMessage: payment.declineMessage ?? DECLINED }
      : {}),
    ...(account ? {} : { accessToken }),
  };
}

/**
 * Applies a provider's view of the order's payment (SECURITY §9: `paid` comes only from a
 * verified provider result with the order's amount, for this order). Succeeded → paid, stock
 * sold, confirmation queued once. Cancelled → the order is cancelled and released. A decline
 * releases the order only when asked (at the charge, where the shopper is told at once); a
 * provider whose shopper may retry on the same payment (Stripe Elements) keeps it until the
 * reservation runs out. Safe to call any number of times, from any process.
 */
export async function applyPayment(
  db: Db,
  config: Config,
  orderId: number,
  payment: Payment,
  options: { cancelOnDecline?: boolean } = {},
): Promise<OrderRow> {
  const outcome = await inTransaction(db, async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw new Error(`No order ${orderId}`);
    if (order.status !== "pending_payment") {
      // Taken after the order was cancelled (its stock went back on sale): given back in full.
      const late = order.status === "cancelled" && payment.state === "succeeded";
      return { order, released: false, late };
    }
    if (payment.state === "succeeded") {
      if (payment.orderId !== order.id || payment.amount !== order.total) {
        // Never paid on a mismatch: staff look at it; the reconciler leaves it pending.
        throw new Error(
          `Payment ${payment.reference} (${payment.amount}p for order ${payment.orderId}) does not match order ${order.id} (${order.total}p)`,
        );
      }
      const paid = (await markOrderPaid(tx, order.id)) ?? order;
      await queueConfirmation(tx, config, paid);
      // Renewed from the end of the period just paid; the provider is asked after the commit.
      await recordMembershipsOf(tx, paid);
      return { order: paid, released: false };
    }
    const release =
      payment.state === "cancelled" || (payment.state === "declined" && options.cancelOnDecline);
    if (!release) return { order, released: false };
    const reason =
      payment.state === "declined" ? (payment.declineMessage ?? DECLINED) : RESERVATION_EXPIRED;
    return { order: (await cancelPendingOrder(tx, order.id, reason)) ?? order, released: true };
  });
  if (outcome.released) await notifyShopChanged(db);
  if ("late" in outcome && outcome.late) await refundLatePayment(db, config, payment);
  return outcome.order;
}

async function queueConfirmation(tx: Db, config: Config, order: OrderRow) {
  const mailToken = await claimConfirmation(tx, order.id);
  if (!mailToken) return;
  const view = await orderView(tx, order);
  // The email's own token opens the order for a guest and a customer alike, signed in or not.
  const orderLink = `${config.publicUrl}/checkout/orders/${order.id}?token=${encodeURIComponent(mailToken)}`;
  const mail = orderConfirmationMail(view, {
    publicUrl: config.publicUrl,
    supportEmail: config.supportEmail,
    orderLink,
  });
  // Its link opens the order (name, address): like a reset link, erased from the outbox once sent.
  await queueMail(tx, { ...mail, secret: true });
}

export const NOT_PAID = "This order has not been paid. Finish the payment, or start again.";

/**
 * POST /api/orders/store and /api/user/orders/store: the order once its payment is confirmed.
 * The provider is asked (never the client), and a succeeded payment with the order's amount makes
 * it paid here if nothing else did first. Someone else's order, or a guest's wrong token, is a
 * 404 exactly like a missing one; a declined, cancelled or unfinished payment a 409.
 */
export async function placeOrder(
  db: Db,
  config: Config,
  input: { orderId: number; customerId?: number; accessToken?: string },
): Promise<OrderView | Refusal> {
  const found =
    input.customerId !== undefined
      ? await customerOrder(db, input.customerId, input.orderId)
      : await orderOpenedBy(db, input.orderId, input.accessToken ?? "");
  if (!found) return refuse("not-found", NO_SUCH_ORDER);
  const order = await settleOrder(db, config, found);
  if (order.status === "pending_payment") return refuse("conflict", NOT_PAID);
  if (order.status === "cancelled") return refuse("conflict", order.cancelReason ?? NOT_PAID);
  return orderView(db, order);
}

/**
 * Brings a pending order in line with its provider: the reconciler's and order placement's one
 * step (SECURITY §12). An order whose provider this shop no longer has cannot be paid: it is
 * cancelled. Anything else is as `applyPayment` says.
 */
export async function settleOrder(db: Db, config: Config, order: OrderRow): Promise<OrderRow> {
  if (order.status !== "pending_payment") return order;
  const provider = paymentProviderFor(config, order.paymentProvider as Payment["provider"]);
  if (!provider) {
    return applyPayment(db, config, order.id, {
      provider: order.paymentProvider as Payment["provider"],
      reference: order.paymentReference ?? "",
      orderId: order.id,
      amount: order.total,
      currency: "gbp",
      state: "cancelled",
    });
  }
  if (!order.paymentReference) {
    // The process stopped between writing the order and calling the provider: charge it again
    // (the order id is the provider's idempotency key, so this finds any payment it began).
    if (order.reservedUntil > new Date()) return order;
    return applyPayment(db, config, order.id, {
      provider: provider.id,
      reference: "",
      orderId: order.id,
      amount: order.total,
      currency: "gbp",
      state: "cancelled",
    });
  }
  const payment = await provider.retrieve(db, order.paymentReference);
  if (payment.state !== "succeeded" && order.reservedUntil <= new Date()) {
    // Past the reservation: stop the payment at the provider first, so a card is never taken
    // for stock that went back on sale; a payment that succeeded meanwhile is kept and applied.
    return applyPayment(db, config, order.id, await provider.cancel(db, order.paymentReference));
  }
  return applyPayment(db, config, order.id, payment);
}

/**
 * An order as it stands at its provider. The shopper's browser confirms a Stripe payment itself
 * and comes to the order's page straight after (or back from their bank's page), usually before
 * Stripe's webhook: so a pending order asks the provider, as placement does. When the provider
 * cannot be asked, the order is shown as we hold it: the webhook settles it, or the sweeper at
 * the reservation's end (which logs what stopped it).
 */
async function orderAsItStands(db: Db, config: Config, order: OrderRow): Promise<OrderView> {
  const settled = await settleOrder(db, config, order).catch(() => order);
  return orderView(db, settled);
}

/** GET /api/user/orders/show/{id}: the customer's own order only, as it stands at its provider. */
export async function showCustomerOrder(
  db: Db,
  config: Config,
  customerId: number,
  orderId: number,
) {
  const order = await customerOrder(db, customerId, orderId);
  return order ? orderAsItStands(db, config, order) : refuse("not-found", NO_SUCH_ORDER);
}

/**
 * GET /api/orders/show/{id}?token=: a guest's order through its access token only, as it stands
 * at its provider.
 */
export async function showGuestOrder(db: Db, config: Config, orderId: number, token: string) {
  const order = await orderOpenedBy(db, orderId, token);
  if (!order) return refuse("not-found", NO_SUCH_ORDER);
  return orderAsItStands(db, config, order);
}

/**
 * What the shop does with a payment a provider's webhook reports (SECURITY §13): applies it to
 * its order, forward only. A payment for no order of ours is only recorded.
 */
export function settleOnPayment(config: Config): PaymentListener {
  return async (db, payment) => {
    if (!(await findOrder(db, payment.orderId))) return;
    await applyPayment(db, config, payment.orderId, payment);
  };
}
