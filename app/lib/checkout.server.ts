import { randomUUID } from "node:crypto";
import { type RouterContextProvider, redirect } from "react-router";
import { toLineRequests } from "../../common/basket-rules";
import { COUNTRIES } from "../../common/countries";
import { isRefusal } from "../../common/refusal";
import { chargeOrder } from "../../server/checkout/api";
import { checkoutShopper, quoteCheckout } from "../../server/checkout/service";
import { savedAddress } from "../../server/customers/service";
import { determineDeliveryGroup } from "../../server/delivery/service";
import { enabledPaymentProviders } from "../../server/payments/service";
import { appContext } from "./app-context.server";
import { basketFor } from "./basket.server";
import { nestedFormBody, runFormRoute } from "./form-route.server";
import { sessionContext } from "./session.server";

// The test bank's page runs the API's route, as every form does.
export { answerTestBank } from "../../server/checkout/api";

/** The form's fields, named as the charge's body nests them. */
export const ADDRESS_FIELDS = [
  "fullName",
  "line1",
  "line2",
  "city",
  "county",
  "postcode",
  "country",
  "phone",
] as const;
const addressFields = (prefix: "shippingAddress" | "billingAddress") =>
  ADDRESS_FIELDS.map((field) => `${prefix}.${field}`);
const CHARGE_FIELDS = [
  "email",
  ...addressFields("shippingAddress"),
  "deliveryOptionId",
  "payment.provider",
  "payment.outcome",
];

/** A ticked box posts "true" (the form kit's checkbox); an unticked one posts nothing. */
const ticked = (form: FormData, name: string) => form.get(name) === "true";

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
  const { db } = context.get(appContext);
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
  const group = await determineDeliveryGroup(db, { country, lines });
  const options = isRefusal(group) ? [] : group.options;
  const chosen = Number(values.deliveryOptionId);
  const deliveryOptionId = options.some((option) => option.id === chosen) ? chosen : options[0]?.id;
  const quote = await quoteCheckout(db, {
    lines,
    discount: basket.code ?? undefined,
    country,
    deliveryOptionId,
    shopper: checkoutShopper(session ?? undefined),
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
    providers: enabledPaymentProviders(context.get(appContext).config).map((p) => p.id),
    idempotencyKey: randomUUID(),
  };
}

/**
 * The pay button without JavaScript: the very route the API serves (`POST /api/checkout/charge`),
 * with the basket and code from the cookies and the key the page was rendered with. Paid: the
 * confirmation. Waiting for the bank: the test bank's step. Otherwise what to show again.
 */
export async function payFromForm(request: Request, context: Readonly<RouterContextProvider>) {
  const basket = basketFor(request, context);
  const outcome = await runFormRoute(chargeOrder, request, context, {
    message: "Please check the details below.",
    body: (form) => ({
      ...nestedFormBody(
        form,
        ticked(form, "billingSame")
          ? CHARGE_FIELDS
          : [...CHARGE_FIELDS, ...addressFields("billingAddress")],
      ),
      deliveryOptionId: Number(form.get("deliveryOptionId")) || undefined,
      ...(ticked(form, "saveDetails") ? { saveDetails: true } : {}),
      lines: toLineRequests(basket.stored),
      ...(basket.code ? { discount: basket.code } : {}),
    }),
  });
  if (!outcome.ok) return outcome;
  const charged = outcome.value;
  const guestQuery = charged.accessToken ? `token=${encodeURIComponent(charged.accessToken)}` : "";
  if (charged.status === "paid") {
    throw redirect(
      charged.accessToken
        ? `/checkout/orders/${charged.orderId}?${guestQuery}&placed=1`
        : `/customer/checkout/success/${charged.orderId}`,
      303,
    );
  }
  if (charged.status === "requires_action" && charged.provider === "test") {
    const secret = encodeURIComponent(charged.clientSecret ?? "");
    throw redirect(
      `/checkout/test-bank/${charged.orderId}?secret=${secret}${guestQuery ? `&${guestQuery}` : ""}`,
      303,
    );
  }
  return {
    ok: false as const,
    status: 409,
    message: charged.declineMessage ?? "The payment did not go through. Please try again.",
    values: outcome.form
      ? (Object.fromEntries([...outcome.form].filter(([, v]) => typeof v === "string")) as Record<
          string,
          string
        >)
      : {},
  };
}
