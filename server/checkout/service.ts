import type { ChargeAccepted, ChargeResult, CheckoutQuote } from "../../common/checkout.ts";
import { formatPrice, penceAsPounds } from "../../common/money.ts";
import type { OrderView } from "../../common/orders.ts";
import { isRefusal, type Refusal, refuse } from "../../common/refusal.ts";
import type { LiveToken } from "../auth/index.ts";
import { takeStock } from "../catalog/index.ts";
import type { Config } from "../config.ts";
import { guestCustomerFor, saveAddress } from "../customers/index.ts";
import type { Db } from "../db/client.ts";
import { inTransaction } from "../db/transaction.ts";
import { redeemDiscount, type Shopper, signedInShopper } from "../discounts/index.ts";
import { notifyShopChanged } from "../http/response-cache.ts";
import {
  type AbandonedKey,
  finishAbandonedKey,
  type HeldKey,
  type KeyProgress,
  NO_KEY,
} from "../idempotency/index.ts";
import { queueMail } from "../mail/index.ts";
import {
  cancelPendingOrder,
  claimConfirmation,
  createPendingOrder,
  customerOrder,
  findOrder,
  flagPaymentProblem,
  lockOrder,
  markOrderPaid,
  NO_SUCH_ORDER,
  newOrderFromQuote,
  type OrderRow,
  orderConfirmationMail,
  orderOpenedBy,
  orderView,
  RESERVATION_MS,
  recordMembershipsOf,
  recordPaymentReference,
  refundLatePayment,
} from "../orders/index.ts";
import type { Payment, PaymentListener, PaymentProvider, TestOutcome } from "../payments/index.ts";
import { paymentProviderFor } from "../payments/index.ts";
import { priceCheckout, type QuoteRequest } from "./quote.ts";
import type { CheckoutChargeInput } from "./validators.ts";

export const DECLINED = "Your card was declined. Try another card.";
export const RESERVATION_EXPIRED =
  "The time to pay ran out, so the items were put back on sale. Your card was not charged.";
/** The charge's answer when the total shown beside the pay button is no longer the total. */
export const totalChangedMessage = (total: number) =>
  `The total changed to ${formatPrice(total)}: check your order and pay again.`;
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
 * POST /api/checkout/charge (docs/security.md #5, #7, #10, #11, #25). Prices everything again;
 * refuses a basket with problems, a code that no longer applies and an option that does not serve
 * the address. In one transaction, which also binds the request's key to the order, it reserves
 * the stock (the last unit goes to one buyer; the others get a 409 naming the line), counts the
 * code's use, and writes the order `pending_payment` with its totals and VAT. Only then is the
 * provider called (`payForOrder`). A retry whose first attempt wrote the order resumes there: it
 * never writes a second order, and the provider's own key (the order id) finds the first payment.
 */
export async function chargeCheckout(
  db: Db,
  config: Config,
  input: CheckoutChargeInput,
  account: LiveToken | undefined,
  key: HeldKey = NO_KEY,
): Promise<ChargeResult | Refusal> {
  const provider = paymentProviderFor(config, input.payment.provider);
  if (!provider) return refuse("invalid", PAYMENT_UNAVAILABLE, "payment.provider");
  if (input.payment.outcome && provider.id !== "test") {
    return refuse("invalid", "Only the test provider takes an outcome.", "payment.outcome");
  }
  if (key.recoveryPoint === "order_written" && key.resourceId !== null) {
    const written = await findOrder(db, key.resourceId);
    if (!written) throw new Error(`Order ${key.resourceId} of an idempotency key is missing`);
    return payForOrder(db, config, written, {
      provider,
      outcome: input.payment.outcome,
      accessToken: accessTokenIn(key.resume),
    });
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
  // What the pay button showed must be what is charged (Consumer Contracts Regulations 2013):
  // a total that moved since is shown again, never charged unseen.
  if (input.expectedTotal !== undefined && input.expectedTotal !== quote.total) {
    return refuse("conflict", totalChangedMessage(quote.total), "expectedTotal");
  }

  const placed = await key.write(db, "order_written", async (tx) => {
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
    return {
      resourceId: created.order.id,
      // A guest's token is kept only hashed on the order: the key keeps it for a retry's answer.
      ...(account ? {} : { resume: { accessToken: created.accessToken } }),
      value: { ...created, shownStockChanged: taken.shownStockChanged },
    };
  });
  if (isRefusal(placed)) return placed;
  if (placed.shownStockChanged) await notifyShopChanged(db);
  return payForOrder(db, config, placed.order, {
    provider,
    outcome: input.payment.outcome,
    accessToken: account ? undefined : placed.accessToken,
  });
}

const accessTokenIn = (resume: Record<string, unknown> | null) =>
  typeof resume?.accessToken === "string" ? resume.accessToken : undefined;

/**
 * The charge's second phase, the same on the first attempt and on every resumption: a pending
 * order is charged with the order id as the provider's key (so a repeat finds the payment it
 * began), its reference recorded and the provider's answer applied; an order already settled
 * (paid, or cancelled after a decline or its reservation's end) is answered as it stands, and its
 * provider is never asked to charge again.
 */
async function payForOrder(
  db: Db,
  config: Config,
  order: OrderRow,
  options: { provider: PaymentProvider; outcome?: TestOutcome; accessToken?: string },
): Promise<ChargeResult> {
  if (order.status !== "pending_payment") {
    const payment = order.paymentReference
      ? await options.provider.retrieve(db, order.paymentReference)
      : undefined;
    return chargeResultOf(order, payment, options.accessToken);
  }
  const payment = await options.provider.charge(db, {
    orderId: order.id,
    orderNumber: order.number,
    amount: order.total,
    email: order.email,
    outcome: options.outcome,
  });
  await recordPaymentReference(db, order.id, payment.reference);
  const settled = await applyPayment(db, config, order.id, payment, { cancelOnDecline: true });
  return chargeResultOf(settled, payment, options.accessToken);
}

/** What a charge answers for an order as it stands, with the provider's view of its payment. */
function chargeResultOf(
  order: OrderRow,
  payment: Payment | undefined,
  accessToken: string | undefined,
): ChargeResult {
  const status =
    order.status === "pending_payment"
      ? "requires_action"
      : order.status === "cancelled"
        ? "declined"
        : "paid";
  return {
    orderId: order.id,
    number: order.number,
    status,
    total: order.total,
    provider: order.paymentProvider as Payment["provider"],
    paymentReference: payment?.reference ?? order.paymentReference ?? "",
    ...(status === "requires_action" && payment?.clientSecret
      ? { clientSecret: payment.clientSecret }
      : {}),
    ...(status === "declined"
      ? { declineMessage: order.cancelReason ?? payment?.declineMessage ?? DECLINED }
      : {}),
    ...(accessToken ? { accessToken } : {}),
  };
}

/**
 * A charge that has written its order but is still waiting on its payment when the request's time
 * runs out: answered 202 with the order (and a guest's token), never "busy" (decision 0036).
 */
export async function acceptedCharge(db: Db, progress: KeyProgress): Promise<ChargeAccepted> {
  const order = progress.resourceId === null ? undefined : await findOrder(db, progress.resourceId);
  if (!order) throw new Error("An accepted charge has an order");
  const accessToken = accessTokenIn(progress.resume);
  return {
    orderId: order.id,
    number: order.number,
    status: "processing",
    total: order.total,
    ...(accessToken ? { accessToken } : {}),
  };
}

/**
 * The reconciler's end of a charge whose request died after writing its order (or could not write
 * its outcome): the order is settled with its provider, and the key finished with what a retry
 * would answer. An order still waiting for a payment that was never started keeps its key, so the
 * shopper's retry can still pay it while its reservation lasts.
 */
export async function finishAbandonedCharge(db: Db, config: Config, key: AbandonedKey) {
  if (key.recoveryPoint !== "order_written" || key.resourceId === null) {
    return finishAbandonedKey(db, key, undefined);
  }
  const written = await findOrder(db, key.resourceId);
  if (!written) return;
  const order = await settleOrder(db, config, written);
  if (order.status === "pending_payment" && !order.paymentReference) return;
  const provider = paymentProviderFor(config, order.paymentProvider as Payment["provider"]);
  const payment =
    provider && order.paymentReference
      ? await provider.retrieve(db, order.paymentReference)
      : undefined;
  await finishAbandonedKey(db, key, chargeResultOf(order, payment, accessTokenIn(key.resume)));
}

/**
 * Applies a provider's view of the order's payment (security.md #9: `paid` comes only from a
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
      if (payment.orderId !== order.id) {
        throw new Error(
          `Payment ${payment.reference} is for order ${payment.orderId}, not ${order.id}`,
        );
      }
      if (payment.amount !== order.total || payment.currency !== "gbp") {
        // Never paid on a mismatch (docs/security.md #9): flagged for staff, once, and settled
        // as far as the provider's retries go; the sweeper leaves the order to staff.
        await flagPaymentProblem(
          tx,
          order.id,
          `The payment provider reported ${formatTaken(payment)} taken for this order, whose total is ${formatTaken({ amount: order.total, currency: "gbp" })}. It was not marked paid: check the payment with the provider, then refund or cancel.`,
          { reference: payment.reference, amount: payment.amount, currency: payment.currency },
        );
        return { order, released: false };
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

/** An amount as a provider reports it, for staff: "53.65 GBP" (a currency may not be ours). */
const formatTaken = (money: { amount: number; currency: string }) =>
  `${penceAsPounds(money.amount)} ${money.currency.toUpperCase()}`;

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
 * step (security.md #12). An order whose provider this shop no longer has cannot be paid: it is
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
  // A fault between the provider's answer and our write leaves no reference: the provider is
  // asked for the order's payment by the order id, and only a provider that has none lets the
  // order be cancelled as "not charged" (docs/security.md #25).
  const reference =
    order.paymentReference ?? (await provider.paymentForOrder(db, order.id))?.reference;
  if (!reference) {
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
  if (!order.paymentReference) await recordPaymentReference(db, order.id, reference);
  const payment = await provider.retrieve(db, reference);
  if (payment.state !== "succeeded" && order.reservedUntil <= new Date()) {
    // Past the reservation: stop the payment at the provider first, so a card is never taken
    // for stock that went back on sale; a payment that succeeded meanwhile is kept and applied.
    return applyPayment(db, config, order.id, await provider.cancel(db, reference));
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
 * What the shop does with a payment a provider's webhook reports (security.md #13): applies it to
 * its order, forward only. A payment for no order of ours is only recorded.
 */
export function settleOnPayment(config: Config): PaymentListener {
  return async (db, payment) => {
    if (!(await findOrder(db, payment.orderId))) return;
    await applyPayment(db, config, payment.orderId, payment);
  };
}
