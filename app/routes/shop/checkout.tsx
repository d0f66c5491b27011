import { type FormEvent, useCallback, useEffect, useRef } from "react";
import {
  Form,
  type ShouldRevalidateFunctionArgs,
  useFetcher,
  useNavigation,
  useSubmit,
} from "react-router";
import { billingNote, SPLIT_COSTS_NOTHING } from "../../../common/billing-notes";
import { formatPrice } from "../../../common/money";
import { trackCheckout } from "../../client/analytics";
import { useCardPayment } from "../../client/card-payment";
import { useAccountOffer, useCheckoutDraft, useGuestCheckoutSteps } from "../../client/checkout";
import { AddressFields } from "../../components/checkout/address-fields";
import { CardPayment } from "../../components/checkout/card-payment";
import { workingDays } from "../../components/order-details";
import { PageHeading } from "../../components/page-heading";
import { AppLink } from "../../components/ui/app-link";
import { Button, buttonClasses } from "../../components/ui/button";
import { CheckboxField, ErrorSummary, fieldAnchor, TextField } from "../../components/ui/form";
import { checkoutView, payFromForm } from "../../lib/checkout.server";
import { readForm } from "../../lib/form-route.server";
import { screenMeta } from "../../lib/meta";
import type { Route } from "./+types/checkout";

export const meta = screenMeta("Checkout", { noindex: true });
export const headers = () => ({ "Cache-Control": "private, no-store" });

export function loader({ request, context }: Route.LoaderArgs) {
  return checkoutView(request, context);
}

/** A new quote (another country or option) is the action's own answer: no loader runs again. */
export function shouldRevalidate({
  formData,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return formData?.get("intent") === "update" ? false : defaultShouldRevalidate;
}

/**
 * The checkout without JavaScript: "Update delivery options" prices what was typed for its
 * country; "Place order and pay" runs the charge. Either way what was typed comes back. (With
 * Stripe the browser pays itself, through the same charge: `useCardPayment`.)
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request.clone());
  const typed = Object.fromEntries(
    [...form].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  if (form.get("intent") !== "pay") return checkoutView(request, context, typed);
  const failed = await payFromForm(request, context);
  return {
    ...(await checkoutView(request, context, typed)),
    message: failed.message,
    errors: "errors" in failed ? failed.errors : undefined,
  };
}

const section = "rounded-2xl bg-white p-6 ring-1 ring-line";
const legend = "font-display text-xl";
/** The choices the total depends on: each change is priced again by the server at once. */
const PRICED_CHOICES = new Set([
  "shippingAddress.country",
  "shippingAddress.postcode",
  "deliveryOptionId",
  "dispatchPlan",
]);

/** How the error summary names each field it links to. */
const FIELD_LABELS: Record<string, { label: string; anchor?: string }> = {
  email: { label: "Email address" },
  "shippingAddress.fullName": { label: "Full name" },
  "shippingAddress.line1": { label: "Address line 1" },
  "shippingAddress.line2": { label: "Address line 2" },
  "shippingAddress.city": { label: "Town or city" },
  "shippingAddress.county": { label: "County" },
  "shippingAddress.postcode": { label: "Postcode" },
  "shippingAddress.country": { label: "Country" },
  "shippingAddress.phone": { label: "Phone" },
  "billingAddress.fullName": { label: "Billing name" },
  "billingAddress.line1": { label: "Billing address line 1" },
  "billingAddress.line2": { label: "Billing address line 2" },
  "billingAddress.city": { label: "Billing town or city" },
  "billingAddress.county": { label: "Billing county" },
  "billingAddress.postcode": { label: "Billing postcode" },
  "billingAddress.country": { label: "Billing country" },
  deliveryOptionId: { label: "Delivery", anchor: "delivery" },
  dispatchPlan: { label: "Sending", anchor: "delivery" },
  saveDetails: { label: "Save these details" },
  lines: { label: "Your basket", anchor: "review" },
  discount: { label: "Discount code", anchor: "review" },
  expectedTotal: { label: "Total", anchor: "checkout-total" },
  "payment.provider": { label: "Payment", anchor: "payment" },
  "payment.outcome": { label: "Test card", anchor: "payment" },
};

type CheckoutView = Awaited<ReturnType<typeof checkoutView>>;

/**
 * The newest pricing of the checkout: the page's, a failed pay post's, or a quote the page asked
 * for since. After a post the loader's fresh render (without what was typed) is not a candidate.
 */
function newestView(candidates: Array<CheckoutView | undefined>): CheckoutView | undefined {
  return candidates.reduce<CheckoutView | undefined>(
    (newest, view) => (view && (!newest || view.pricedAt > newest.pricedAt) ? view : newest),
    undefined,
  );
}

const OUTCOMES = [
  { id: "success", title: "Pays straight away" },
  { id: "decline", title: "Is declined" },
  { id: "authenticate", title: "Asks the bank to confirm it is you (a test step follows)" },
] as const;

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  // With scripts, every choice the total depends on is priced by the server as it is made, so
  // the summary and the pay button always show what the charge will take (which refuses any
  // other total: `expectedTotal`).
  const quoteFetcher = useFetcher<typeof action>();
  const view =
    newestView([quoteFetcher.data, actionData ?? loaderData]) ?? actionData ?? loaderData;
  const pricing = quoteFetcher.state !== "idle";
  const { quote, values, options } = view;
  const steps = useGuestCheckoutSteps(quote?.lines ?? [], quote?.total ?? 0, !view.signedIn);
  const card = useCardPayment({
    publishableKey: view.stripePublishableKey,
    amount: quote?.total ?? 0,
    idempotencyKey: view.idempotencyKey,
    onFocus: steps.onPayment,
  });
  // A card payment's refusal is shown as the form post's is; it is newer than the last post.
  const refused = card.failure ?? actionData;
  const errors = (refused && "errors" in refused ? refused.errors : undefined) ?? {};
  const message = refused && "message" in refused ? refused.message : undefined;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" || card.paying;
  // behaviour.md §9: begin_checkout, once per visit to the page (not again after each form post).
  const opened = loaderData.quote;
  const begun = useRef(false);
  useEffect(() => {
    if (begun.current || !opened?.lines.length) return;
    begun.current = true;
    trackCheckout("begin_checkout", opened.lines, opened.total);
  }, [opened]);
  const account = useAccountOffer();
  const formRef = useRef<HTMLFormElement>(null);
  const submitQuote = quoteFetcher.submit;
  const submit = useSubmit();
  // Read in event handlers, between renders: a quote asked for, a pay post under way, and a
  // press of the pay button that waits for the quote to come back.
  const pricingNow = useRef(false);
  const postingNow = useRef(false);
  postingNow.current = navigation.state !== "idle";
  const payWaiting = useRef<FormData | null>(null);
  const priceAgain = useCallback(() => {
    const form = formRef.current;
    // While an order is being placed no new quote is asked for: its answer would end the
    // navigation to the order (React Router completes a navigation with newer fetcher data).
    if (!form || postingNow.current || payWaiting.current) return;
    pricingNow.current = true;
    const data = new FormData(form);
    data.set("intent", "update");
    void submitQuote(data, { method: "post" });
  }, [submitQuote]);
  useCheckoutDraft(formRef, priceAgain);
  useEffect(() => {
    if (quoteFetcher.state !== "idle") return;
    pricingNow.current = false;
    const waiting = payWaiting.current;
    payWaiting.current = null;
    if (waiting) void submit(waiting, { method: "post" });
  }, [quoteFetcher.state, submit]);
  /**
   * A press of the pay button while a choice is being priced (the postcode just left, say) is
   * posted once the quote is back, with the total the button showed when it was pressed: the
   * charge takes it only if it is still the total.
   */
  const onPay = (event: FormEvent<HTMLFormElement>) => {
    card.onSubmit(event);
    if (event.defaultPrevented || !pricingNow.current) return;
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    payWaiting.current = new FormData(event.currentTarget, submitter);
  };
  // The postcode is priced when it is left (a BFPO number has its own options), not per key.
  const pricedPostcode = useRef(values["shippingAddress.postcode"] ?? "");
  const onChoice = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement;
    if (target.name === "shippingAddress.postcode" || !PRICED_CHOICES.has(target.name)) return;
    priceAgain();
  };
  const onLeave = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement;
    if (target.name !== "shippingAddress.postcode") return;
    if (target.value.trim() === pricedPostcode.current.trim()) return;
    pricedPostcode.current = target.value;
    priceAgain();
  };
  const field = (name: string) => ({
    name,
    id: fieldAnchor(name),
    defaultValue: values[name] ?? "",
    errors: errors[name],
  });
  const failed = Boolean(message) || Object.keys(errors).length > 0;
  const payProblem =
    errors.expectedTotal?.join(" ") ??
    card.failure?.card ??
    (Object.keys(errors).length === 0 ? message : undefined);

  if (!quote || quote.lines.length === 0) {
    return (
      <>
        <PageHeading title="Checkout" />
        <p>Your basket is empty.</p>
        <AppLink to="/products" className={`mt-4 ${buttonClasses()}`}>
          Browse the shop
        </AppLink>
      </>
    );
  }
  return (
    <>
      <PageHeading
        title="Checkout"
        intro="Your details, where it goes and how to pay. Nothing is taken until you place the order."
      />
      {failed && (
        <ErrorSummary message={message} errors={errors} labels={FIELD_LABELS} shown={refused} />
      )}
      <Form
        ref={formRef}
        method="post"
        className="mt-6 grid gap-6 lg:grid-cols-3"
        noValidate
        onSubmit={onPay}
        onChange={onChoice}
        onBlur={onLeave}
      >
        <input type="hidden" name="idempotencyKey" value={view.idempotencyKey} />
        {/* The total beside the pay button, sent back as a check: never a price. */}
        <input type="hidden" name="expectedTotal" value={quote.total} />
        <div className="space-y-6 lg:col-span-2">
          <fieldset className={section}>
            <legend className={legend}>1. Your details</legend>
            <TextField
              {...field("email")}
              label="Email address"
              type="email"
              autoComplete="email"
              hint="For your order confirmation and delivery updates."
              readOnly={view.signedIn}
              onBlur={view.signedIn ? undefined : (event) => void account.check(event.target.value)}
              className="mt-4"
            />
            {!view.signedIn && (
              <p className="mt-3 text-sm" aria-live="polite">
                {account.hasAccount ? (
                  <strong>You already have an account with this email.</strong>
                ) : (
                  "Have an account?"
                )}{" "}
                <AppLink to="/login?redirect=/checkout" className="underline">
                  Sign in
                </AppLink>{" "}
                to use your saved details.
              </p>
            )}
          </fieldset>

          <fieldset className={section}>
            <legend className={legend}>2. Delivery address</legend>
            <div className="mt-4">
              <AddressFields prefix="shippingAddress" field={field} countries={view.countries} />
            </div>
            {view.signedIn && (
              <CheckboxField
                name="saveDetails"
                label="Save these details for next time"
                defaultChecked={values.saveDetails === "true"}
                errors={errors.saveDetails}
                className="mt-4"
              />
            )}
            {/* With scripts each change is priced at once; without, this button does it. */}
            <div className="hidden noscript:block">
              <Button
                type="submit"
                name="intent"
                value="update"
                variant="secondary"
                className="mt-4"
                formNoValidate
              >
                Update delivery options
              </Button>
            </div>
          </fieldset>

          <fieldset
            id="delivery"
            tabIndex={-1}
            className={section}
            aria-describedby={errors.deliveryOptionId ? "delivery-error" : undefined}
          >
            <legend className={legend}>3. Delivery</legend>
            {view.deliveryMessage && <p className="mt-4 text-error">{view.deliveryMessage}</p>}
            <div className="mt-4 space-y-2">
              {options.map((option) => (
                <label
                  key={option.id}
                  className="flex items-start gap-3 rounded-lg p-3 ring-1 ring-line has-checked:ring-2 has-checked:ring-ink"
                >
                  <input
                    type="radio"
                    name="deliveryOptionId"
                    value={option.id}
                    defaultChecked={values.deliveryOptionId === String(option.id)}
                    className="mt-1"
                  />
                  <span className="flex-1">
                    <span className="block font-semibold">{option.title}</span>
                    <span className="block text-sm text-muted">
                      {option.carrier}, {workingDays(option.estimatedDays)}
                    </span>
                  </span>
                  <span className="font-semibold">
                    {option.price ? formatPrice(option.price) : "Free"}
                  </span>
                </label>
              ))}
            </div>
            {errors.deliveryOptionId && (
              <p id="delivery-error" className="mt-2 text-sm font-medium text-error">
                {errors.deliveryOptionId.join(" ")}
              </p>
            )}
            {quote.preOrderNote && (
              <p className="mt-4 font-semibold text-accent">{quote.preOrderNote}</p>
            )}
            {quote.dispatchPlans.length > 0 && (
              <fieldset
                className="mt-4"
                aria-describedby={`dispatch-hint${errors.dispatchPlan ? " dispatch-error" : ""}`}
              >
                <legend className="font-semibold">
                  Your basket has pre-orders and items that ship now
                </legend>
                <p id="dispatch-hint" className="text-sm text-muted">
                  {SPLIT_COSTS_NOTHING}
                </p>
                <div className="mt-2 space-y-2">
                  {quote.dispatchPlans.map((plan) => (
                    <label
                      key={plan.id}
                      className="flex items-start gap-3 rounded-lg p-3 ring-1 ring-line has-checked:ring-2 has-checked:ring-ink"
                    >
                      <input
                        type="radio"
                        name="dispatchPlan"
                        value={plan.id}
                        required
                        defaultChecked={values.dispatchPlan === plan.id}
                        className="mt-1"
                      />
                      <span className="font-semibold">{plan.title}</span>
                    </label>
                  ))}
                </div>
                {errors.dispatchPlan && (
                  <p id="dispatch-error" className="mt-2 text-sm font-medium text-error">
                    {errors.dispatchPlan.join(" ")}
                  </p>
                )}
              </fieldset>
            )}
          </fieldset>

          <fieldset id="payment" tabIndex={-1} className={section} onFocus={steps.onPayment}>
            <legend className={legend}>4. Payment</legend>
            {view.providers.includes("test") ? (
              <>
                <input type="hidden" name="payment.provider" value="test" />
                <p className="mt-4 rounded-lg bg-amber-100 p-3 text-amber-950">
                  <strong>Test payments.</strong> This shop takes no real money: choose what the
                  test card does.
                </p>
                <div className="mt-3 space-y-2">
                  {OUTCOMES.map((outcome) => (
                    <label key={outcome.id} className="flex items-center gap-3">
                      <input
                        type="radio"
                        name="payment.outcome"
                        value={outcome.id}
                        defaultChecked={(values["payment.outcome"] || "success") === outcome.id}
                      />
                      The test card {outcome.title.toLowerCase()}
                    </label>
                  ))}
                </div>
              </>
            ) : (
              <CardPayment
                status={card.status}
                mountRef={card.mountRef}
                problem={card.failure?.card}
              />
            )}
            {/* Without JavaScript too: CSS hides the billing fields while the box is ticked. */}
            <div className="group mt-6 border-t border-line pt-4">
              <CheckboxField
                name="billingSame"
                label="My billing address is the same as the delivery address"
                defaultChecked={values.billingSame === "true"}
              />
              <fieldset className="mt-4 group-has-[input[name=billingSame]:checked]:hidden">
                <legend className="font-semibold">Billing address</legend>
                <div className="mt-3">
                  <AddressFields prefix="billingAddress" field={field} countries={view.countries} />
                </div>
              </fieldset>
            </div>
          </fieldset>
        </div>

        <aside
          className={`${section} h-fit lg:sticky lg:top-4`}
          aria-labelledby="review"
          aria-busy={pricing}
          onFocus={steps.onReview}
        >
          <h2 id="review" tabIndex={-1} className={legend}>
            5. Review and pay
          </h2>
          <ul className="mt-4 divide-y divide-line">
            {quote.lines.map((line) => (
              <li key={line.id} className="flex justify-between gap-3 py-2">
                <span>
                  {line.title}
                  <span className="block text-sm text-muted">
                    {[...line.attributes, `× ${line.quantity}`].join(" · ")}
                  </span>
                  {billingNote(line.billing) && (
                    <span className="block text-sm font-semibold text-accent">
                      {billingNote(line.billing)}
                    </span>
                  )}
                </span>
                <span className="whitespace-nowrap">{formatPrice(line.lineTotal)}</span>
              </li>
            ))}
          </ul>
          <dl className="mt-3 space-y-1">
            <div className="flex justify-between">
              <dt>Subtotal</dt>
              <dd>{formatPrice(quote.subtotal)}</dd>
            </div>
            {quote.discount > 0 && (
              <div className="flex justify-between">
                <dt>Discount ({quote.discountCode})</dt>
                <dd>−{formatPrice(quote.discount)}</dd>
              </div>
            )}
            <div className="flex justify-between">
              <dt>Delivery</dt>
              <dd>{quote.delivery ? formatPrice(quote.delivery) : "Free"}</dd>
            </div>
            {quote.exported && (
              <div className="flex justify-between">
                <dt>UK VAT taken off (export)</dt>
                <dd>−{formatPrice(quote.vatTakenOff)}</dd>
              </div>
            )}
            <div
              id="checkout-total"
              tabIndex={-1}
              className="flex justify-between border-t border-line pt-2 text-lg font-bold"
            >
              <dt>Total</dt>
              <dd aria-live="polite">{formatPrice(quote.total)}</dd>
            </div>
            {!quote.exported && (
              <div className="flex justify-between text-sm text-muted">
                <dt>Including VAT</dt>
                <dd>{formatPrice(quote.vat)}</dd>
              </div>
            )}
          </dl>
          {quote.problems.map((problem) => (
            <p key={problem.id} className="mt-2 text-sm text-error">
              {problem.message}
            </p>
          ))}
          {quote.discountProblem && (
            <p className="mt-2 text-sm text-error">{quote.discountProblem}</p>
          )}
          {quote.membershipProblem && (
            <p className="mt-2 text-sm text-error">{quote.membershipProblem}</p>
          )}
          {/* A refused payment (a decline, a total that moved) is said here too, where the
              shopper pressed the button; fields' problems are in the summary and beside them. */}
          {payProblem && (
            <p id="pay-problem" className="mt-4 text-sm font-medium text-error">
              {payProblem}
            </p>
          )}
          {/* Consumer Contracts Regulations: the button says that ordering means paying, and
              the amount on it is the one the charge takes. */}
          <Button
            type="submit"
            name="intent"
            value="pay"
            className="mt-4 w-full"
            aria-describedby={payProblem ? "pay-problem" : undefined}
            // With Stripe there is no way to pay until the card element is ready. A press while
            // a choice is still being priced is not lost: it sends the amount on the button,
            // which the charge takes only if it is still the total (else a 409 shows the new one).
            disabled={
              busy ||
              quote.problems.length > 0 ||
              (view.stripePublishableKey !== null && card.status !== "ready")
            }
          >
            {`Place order and pay ${formatPrice(quote.total)}`}
          </Button>
          <p className="mt-3 text-sm text-muted">
            By placing your order you agree to our{" "}
            <AppLink to="/legal/terms-and-conditions" className="underline">
              terms
            </AppLink>
            . You can cancel within 14 days of delivery.
          </p>
        </aside>
      </Form>
    </>
  );
}
