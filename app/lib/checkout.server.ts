import { randomUUID } from "node:crypto";
import { type RouterContextProvider, redirect } from "react-router";
import { toLineRequests } from "../../common/basket-rules";
import { COUNTRIES } from "../../common/countries";
import { isRefusal } from "../../common/refusal";
import { chargeOrder } from "../../server/checkout/api";
import { checkoutShopper, quoteCheckout } from "../../server/checkout/service";
import { savedAddress } from "../../server/customers/service";
import { determineDeliveryGroup } from "../../server/delivery/service";
import { enabledPaymentProviders, testPaymentAwaitingBank } from "../../server/payments/service";
import { appContext } from "./app-context.server";
import { basketFor } from "./basket.server";
import {
  ADDRESS_FIELDS,
  CHECK_DETAILS,
  chargeBody,
  confirmationPath,
  PAYMENT_FAILED,
} from "./checkout-form";
import { runFormRoute } from "./form-route.server";
import { sessionContext } from "./session.server";

// The test bank's page runs the API's route, as every form does.
export { answerTestBank } from "../../server/checkout/api";

/**
 * The amount the test bank asks the shopper to approve, as the payment holds it (pence); undefined
 * for a wrong secret or a payment no longer waiting.
 */
export async function testBankAmount(
  context: Readonly<RouterContextProvider>,
  orderId: number,
  clientSecret: string,
): Promise<number | undefined> {
  const waiting = await testPaymentAwaitingBank(context.get(appContext).db, orderId, clientSecret);
  return waiting?.amount;
}

/**
 * The checkout as the page shows it, priced by the server for what was typed so far (or the
 * customer's saved address): the basket's quote, the delivery options for the country, and a
 * fresh idempotency key for the pay button.
 */
export async function checkoutView(
  request: Request,
  context: Readonly<RouterContextProvider>,
  typed: Record<string, string> = {},
) {
  const { db, config } = context.get(appContext);
  const session = context.get(sessionContext);
  const basket = basketFor(request, context);
  const lines = toLineRequests(basket.stored);
  const [shipping, billing] = session
    ? await Promise.all([
        savedAddress(db, session.user.id, "shipping"),
        savedAddress(db, session.user.id, "billing"),
      ])
    : [null, null];
  const billingDiffers = Boolean(
    billing && shipping && ADDRESS_FIELDS.some((field) => billing[field] !== shipping[field]),
  );
  const posted = Object.keys(typed).length > 0;
  const values: Record<string, string> = {
    email: session?.user.email ?? "",
    ...Object.fromEntries(
      ADDRESS_FIELDS.flatMap((field) => [
        [`shippingAddress.${field}`, shipping?.[field] ?? ""],
        [`billingAddress.${field}`, (billingDiffers ? billing?.[field] : null) ?? ""],
      ]),
    ),
    "shippingAddress.country": shipping?.country ?? "GB",
    "billingAddress.country": (billingDiffers ? billing?.country : null) ?? "GB",
    // Boxes start ticked; once the form has been posted, what the shopper left is kept.
    ...(posted ? {} : { billingSame: billingDiffers ? "" : "true", saveDetails: "true" }),
    ...typed,
  };
  const country = values["shippingAddress.country"] || "GB";
  const typedPostcode = values["shippingAddress.postcode"]?.trim() || undefined;
  // The options for where it goes, postcode too (a BFPO number has its own); a postcode still
  // being typed is no reason to show none: the country's, and the charge checks the postcode.
  const forPostcode = await determineDeliveryGroup(db, { country, postcode: typedPostcode, lines });
  const postcodeCounts = !isRefusal(forPostcode) || !typedPostcode;
  const group = postcodeCounts ? forPostcode : await determineDeliveryGroup(db, { country, lines });
  const postcode = postcodeCounts ? typedPostcode : undefined;
  const options = isRefusal(group) ? [] : group.options;
  const chosen = Number(values.deliveryOptionId);
  const deliveryOptionId = options.some((option) => option.id === chosen) ? chosen : options[0]?.id;
  const quote = await quoteCheckout(db, {
    lines,
    discount: basket.code ?? undefined,
    country,
    postcode,
    deliveryOptionId,
    shopper: await checkoutShopper(db, session ?? undefined),
  });
  return {
    signedIn: Boolean(session),
    quote: isRefusal(quote) ? null : quote,
    deliveryMessage: isRefusal(group) ? group.message : null,
    options,
    values: {
      ...values,
      deliveryOptionId: deliveryOptionId ? String(deliveryOptionId) : "",
    } as Record<string, string>,
    countries: COUNTRIES,
    providers: enabledPaymentProviders(config).map((p) => p.id),
    // Stripe Elements in the browser needs the publishable key; the secret never leaves the server.
    stripePublishableKey: config.stripe?.publishableKey ?? null,
    idempotencyKey: randomUUID(),
    /** When this was priced: the page shows the newest of its answers (`newestView`). */
    pricedAt: Date.now(),
  };
}

/**
 * The pay button without JavaScript: the very route the API serves (`POST /api/checkout/charge`),
 * with the basket and code from the cookies and the key the page was rendered with. Paid, or
 * still being confirmed when the request's time ran out: the order's page. Waiting for the bank:
 * the test bank's step. Otherwise what to show again.
 */
export async function payFromForm(request: Request, context: Readonly<RouterContextProvider>) {
  const basket = basketFor(request, context);
  const outcome = await runFormRoute(chargeOrder, request, context, {
    message: CHECK_DETAILS,
    body: (form) => chargeBody(form, basket),
  });
  if (!outcome.ok) return outcome;
  const charged = outcome.value;
  // Paid, or written and still being confirmed (its page says so and follows it until it is paid).
  if (charged.status === "paid" || charged.status === "processing") {
    throw redirect(confirmationPath(charged), 303);
  }
  if (charged.status === "requires_action" && charged.provider === "test") {
    const secret = encodeURIComponent(charged.clientSecret ?? "");
    const token = charged.accessToken ? `&token=${encodeURIComponent(charged.accessToken)}` : "";
    throw redirect(`/checkout/test-bank/${charged.orderId}?secret=${secret}${token}`, 303);
  }
  return {
    ok: false as const,
    status: 409,
    message: charged.declineMessage ?? PAYMENT_FAILED,
    values: outcome.form
      ? (Object.fromEntries([...outcome.form].filter(([, v]) => typeof v === "string")) as Record<
          string,
          string
        >)
      : {},
  };
}
