import { type StoredBasket, toLineRequests } from "../../common/basket-rules";
import { setDotted } from "../../common/dotted-path";

/**
 * The checkout form as the charge reads it, for both of its senders: the page's action (a post
 * without JavaScript) and the browser paying by card through Stripe Elements, which calls
 * `POST /api/checkout/charge` itself. One builder, so the two cannot send different orders.
 */

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
  // Pre-orders mixed with goods that ship now: split or together (decision 0016).
  "dispatchPlan",
  "payment.provider",
  "payment.outcome",
];

/** What a refused charge says above the form; the reasons go beside their fields. */
export const CHECK_DETAILS = "Please check the details below.";
/** A payment that did not go through, when there are no better words for why. */
export const PAYMENT_FAILED = "The payment did not go through. Please try again.";

/** A ticked box posts "true" (the form kit's checkbox); an unticked one posts nothing. */
const ticked = (form: FormData, name: string) => form.get(name) === "true";

/**
 * The nested body a form with dotted field names stands for (`shippingAddress.postcode`), the
 * names of `fields` only; an empty box is a missing value, so the schema's own "Enter your…"
 * message applies.
 */
function nestedFormBody(form: FormData, fields: readonly string[]) {
  const body: Record<string, unknown> = {};
  for (const name of fields) {
    const raw = form.get(name);
    if (typeof raw !== "string" || raw.trim() === "") continue;
    setDotted(body, name, raw);
  }
  return body;
}

/** The `expectedTotal` field the page renders with its quote's total; the schema checks it. */
function shownTotal(form: FormData) {
  const shown = form.get("expectedTotal");
  return typeof shown === "string" && shown.trim() !== "" ? { expectedTotal: Number(shown) } : {};
}

/**
 * The charge's body: what the form holds (the billing address only when it differs), with the
 * basket and code from the shopper's cookies, the basket of record either way. Never a price.
 */
export function chargeBody(form: FormData, basket: { stored: StoredBasket; code: string | null }) {
  return {
    ...nestedFormBody(
      form,
      ticked(form, "billingSame")
        ? CHARGE_FIELDS
        : [...CHARGE_FIELDS, ...addressFields("billingAddress")],
    ),
    deliveryOptionId: Number(form.get("deliveryOptionId")) || undefined,
    // The total the page showed beside the pay button: the charge refuses a different one.
    ...shownTotal(form),
    ...(ticked(form, "saveDetails") ? { saveDetails: true } : {}),
    lines: toLineRequests(basket.stored),
    ...(basket.code ? { discount: basket.code } : {}),
  };
}

/**
 * Where a placed order is confirmed: a guest's order opens with its access token (`placed=1`
 * also empties the basket there); a customer's is in their area.
 */
export function confirmationPath(charged: { orderId: number; accessToken?: string }): string {
  return charged.accessToken
    ? `/checkout/orders/${charged.orderId}?token=${encodeURIComponent(charged.accessToken)}&placed=1`
    : `/customer/checkout/success/${charged.orderId}`;
}
