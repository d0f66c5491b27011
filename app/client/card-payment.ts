import type { Appearance, Stripe, StripeElements, StripePaymentElement } from "@stripe/stripe-js";
import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { BASKET_COOKIE, DISCOUNT_COOKIE, parseStoredBasket } from "../../common/basket-rules";
import type { ChargeAccepted, ChargeResult } from "../../common/checkout";
import { KEY_IN_FLIGHT } from "../../common/idempotency";
import type { FieldErrors } from "../../common/refusal";
import { ApiRequestError, apiPost, ValidationFailedError } from "../lib/api-client";
import { CHECK_DETAILS, chargeBody, confirmationPath, PAYMENT_FAILED } from "../lib/checkout-form";
import { readCookie } from "../lib/cookies";

/**
 * The card step with Stripe Elements (decision 0012), in Stripe's "deferred intent" flow: the
 * Payment Element is shown before any order exists; the pay button checks it (`elements.submit`),
 * then the charge writes the order and its PaymentIntent, and Stripe.js confirms that with the
 * card. Card data goes from the shopper's browser to Stripe only.
 */

/** `static` until the page runs its scripts: the server's render, and a browser without them. */
export type CardStatus = "static" | "loading" | "ready" | "failed";

/**
 * Why a payment did not go through: a message above the form with reasons beside its fields, as
 * the form post shows them, or the card's own problem (a decline) beside the card.
 */
type CardFailure = { message?: string; errors?: FieldErrors; card?: string };

const NOT_SENT = "The payment could not be sent. Check your connection and try again.";

/** How many times the pay button asks with one key before it shows the shopper anything. */
const CHARGE_ATTEMPTS = 4;

/** The shop's look for Stripe's frame, which cannot read our CSS: taken from the theme's values. */
function shopAppearance(): Appearance {
  const theme = getComputedStyle(document.documentElement);
  const token = (name: string) => theme.getPropertyValue(name).trim() || undefined;
  return {
    theme: "stripe",
    variables: {
      colorPrimary: token("--color-accent"),
      colorText: token("--color-ink"),
      colorDanger: token("--color-error"),
      fontFamily: token("--font-sans"),
      // The shop's fields are `rounded-lg`.
      borderRadius: "8px",
    },
  };
}

/**
 * The basket and code of record, as a form post would carry them: the cookies, whatever this page
 * last showed (another tab may have changed them).
 */
const shopperBasket = () => ({
  stored: parseStoredBasket(readCookie(document.cookie, BASKET_COOKIE)),
  code: readCookie(document.cookie, DISCOUNT_COOKIE) || null,
});

/**
 * A key for a new request (architecture.md §4), where `crypto.randomUUID` needs HTTPS and this may
 * not.
 */
function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

type Charged =
  | { outcome: "charged"; charged: ChargeResult }
  /** The order is written and its payment still being confirmed: its page follows it. */
  | { outcome: "confirming"; accepted: ChargeAccepted }
  | { outcome: "refused"; failure: CardFailure };

/**
 * Stripe's card step for the checkout form: loads Stripe.js (only here, and only in the browser),
 * mounts the Payment Element into `mountRef`, and pays on the pay button instead of posting the
 * form. A decline keeps the order, so the next card pays the same PaymentIntent (Stripe keeps it,
 * decision 0012). `publishableKey` null (the test provider) leaves the form as it is.
 */
export function useCardPayment(options: {
  publishableKey: string | null;
  amount: number;
  /** The page's key for its pay button; a new one comes with each render of the form. */
  idempotencyKey: string;
  /** The shopper reached the card (behaviour.md §9's checkout steps). */
  onFocus: () => void;
}) {
  const { publishableKey, amount, idempotencyKey } = options;
  const navigate = useNavigate();
  const [status, setStatus] = useState<CardStatus>("static");
  const [failure, setFailure] = useState<CardFailure | null>(null);
  const [paying, setPaying] = useState(false);
  // Set at once, where the state is only seen at the next render: a double click pays once.
  const payingNow = useRef(false);
  const mountRef = useRef<HTMLDivElement>(null);
  const stripeRef = useRef<{ stripe: Stripe; elements: StripeElements }>(undefined);
  const amountRef = useRef(amount);
  const onFocusRef = useRef(options.onFocus);
  onFocusRef.current = options.onFocus;
  const key = useRef(idempotencyKey);
  // The order a declined card left waiting, with the body that wrote it: the next card pays it
  // while the shopper's choices (and so the total on the button) are the same.
  const kept = useRef<{ body: string; charged: ChargeResult }>(undefined);

  useEffect(() => {
    // Effects never run on the server; the guard also leaves Stripe.js out of its bundle.
    if (!publishableKey || import.meta.env.SSR) return;
    let cancelled = false;
    let element: StripePaymentElement | undefined;
    setStatus("loading");
    (async () => {
      // Stripe.js comes from Stripe's servers (never bundled) and only on this step.
      const { loadStripe } = await import("@stripe/stripe-js/pure");
      const stripe = await loadStripe(publishableKey);
      const node = mountRef.current;
      if (cancelled || !node) return;
      if (!stripe) throw new Error("Stripe.js is not available");
      // The amount shows in wallets and picks the payment methods; the PaymentIntent sets the charge.
      const elements = stripe.elements({
        mode: "payment",
        amount: amountRef.current,
        currency: "gbp",
        appearance: shopAppearance(),
      });
      element = elements.create("payment");
      element
        .on("ready", () => !cancelled && setStatus("ready"))
        .on("loaderror", () => !cancelled && setStatus("failed"))
        .on("focus", () => onFocusRef.current())
        .mount(node);
      stripeRef.current = { stripe, elements };
    })().catch(() => {
      if (!cancelled) setStatus("failed");
    });
    return () => {
      cancelled = true;
      element?.destroy();
      stripeRef.current = undefined;
    };
  }, [publishableKey]);

  useEffect(() => {
    amountRef.current = amount;
    stripeRef.current?.elements.update({ amount });
  }, [amount]);

  // The page was priced again (another delivery option, say): its key is for the next new order.
  useEffect(() => {
    key.current = idempotencyKey;
  }, [idempotencyKey]);

  const charge = useCallback(async (form: FormData): Promise<Charged> => {
    const body = chargeBody(form, shopperBasket());
    try {
      // The same key again carries on from where the server got (decision 0036): an order still
      // being confirmed (202), a request still in flight (409) or a busy shop (503) is asked
      // again, a few times, before the shopper is told anything.
      for (let attempt = 1; ; attempt += 1) {
        try {
          const { data } = await apiPost<{ data: ChargeResult | ChargeAccepted }>(
            "default",
            "/checkout/charge",
            body,
            { idempotencyKey: key.current },
          );
          if (data.status !== "processing") return { outcome: "charged", charged: data };
          if (attempt >= CHARGE_ATTEMPTS) return { outcome: "confirming", accepted: data };
        } catch (error) {
          const again =
            error instanceof ApiRequestError &&
            !(error instanceof ValidationFailedError) &&
            (error.status === 503 || (error.status === 409 && error.message === KEY_IN_FLIGHT));
          if (!again || attempt >= CHARGE_ATTEMPTS) throw error;
        }
        await new Promise((resolve) => setTimeout(resolve, 1_000 * attempt));
      }
    } catch (error) {
      if (error instanceof ValidationFailedError) {
        // The server keeps this key's refusal; what the shopper sends next is a new request.
        key.current = newIdempotencyKey();
        const { errors } = (error.data ?? {}) as { errors?: FieldErrors };
        return { outcome: "refused", failure: { message: CHECK_DETAILS, errors } };
      }
      if (error instanceof ApiRequestError) {
        return { outcome: "refused", failure: { message: error.message } };
      }
      // No answer: the same key again replays whatever the server did.
      return { outcome: "refused", failure: { message: NOT_SENT } };
    }
  }, []);

  const pay = useCallback(
    async (form: HTMLFormElement, submitter: HTMLElement) => {
      const loaded = stripeRef.current;
      if (!loaded || payingNow.current) return;
      payingNow.current = true;
      setPaying(true);
      setFailure(null);
      const fail = (shown: CardFailure) => {
        setFailure(shown);
        // The message is above the form; a card's problem is beside the card, in view.
        if (shown.message) window.scrollTo({ top: 0, behavior: "smooth" });
      };
      try {
        // Stripe asks for this first, before anything else is awaited: it checks the card.
        const submitted = await loaded.elements.submit();
        if (submitted.error) return fail({ card: submitted.error.message ?? PAYMENT_FAILED });
        const body = JSON.stringify(chargeBody(new FormData(form, submitter), shopperBasket()));
        let charged = kept.current?.body === body ? kept.current.charged : undefined;
        if (!charged && kept.current) {
          // Something changed since the declined card: a new order, under a new key.
          kept.current = undefined;
          key.current = newIdempotencyKey();
        }
        if (!charged) {
          const answer = await charge(new FormData(form, submitter));
          if (answer.outcome === "refused") return fail(answer.failure);
          if (answer.outcome === "confirming")
            return void navigate(confirmationPath(answer.accepted));
          charged = answer.charged;
        }
        if (charged.status === "paid") return void navigate(confirmationPath(charged));
        if (!charged.clientSecret) {
          key.current = newIdempotencyKey();
          return fail({ card: charged.declineMessage ?? PAYMENT_FAILED });
        }
        kept.current = { body, charged };
        const { error } = await loaded.stripe.confirmPayment({
          elements: loaded.elements,
          clientSecret: charged.clientSecret,
          // Only for payment methods that leave for the bank's page: back to the confirmation.
          confirmParams: {
            return_url: new URL(confirmationPath(charged), window.location.href).href,
          },
          redirect: "if_required",
        });
        const stands = error?.payment_intent?.status;
        // Taken after all (an earlier attempt whose answer was lost): the confirmation says so.
        if (!error || stands === "succeeded" || stands === "processing") {
          return void navigate(confirmationPath(charged));
        }
        if (stands === "canceled") {
          // The time to pay ran out and the stock went back: the next attempt is a new order.
          // Anything else keeps this one, whose PaymentIntent can never be paid twice.
          kept.current = undefined;
          key.current = newIdempotencyKey();
        }
        fail({ card: error.message ?? PAYMENT_FAILED });
      } catch {
        fail({ card: PAYMENT_FAILED });
      } finally {
        payingNow.current = false;
        setPaying(false);
      }
    },
    [charge, navigate],
  );

  /** The form's submit: the pay button pays here; any other button posts the form as usual. */
  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      if (!publishableKey || !submitter || submitter.getAttribute("value") !== "pay") return;
      // Never a Stripe charge without the card element: without it there is no way to pay.
      event.preventDefault();
      if (status === "ready") void pay(event.currentTarget, submitter);
    },
    [publishableKey, status, pay],
  );

  return { status, mountRef, failure, paying, onSubmit };
}
