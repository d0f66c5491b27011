import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import type { OrderView } from "../../common/orders";
import { apiPost } from "../lib/api-client";
import { trackCheckout } from "./analytics";
import { changeBasket } from "./basket";
import { removeDiscountCode } from "./discount";

type CheckoutLine = { id: number; title: string; unitPrice: number; quantity: number };

// Orders whose purchase this browser has recorded, so a reload or the back button does not
// count a sale twice. The newest few are enough: nobody reloads an order from months ago.
const PURCHASES_KEY = "encore.purchases";
const PURCHASES_KEPT = 20;

function firstPurchaseOf(orderId: number): boolean {
  try {
    const recorded: number[] = JSON.parse(localStorage.getItem(PURCHASES_KEY) ?? "[]");
    if (recorded.includes(orderId)) return false;
    localStorage.setItem(
      PURCHASES_KEY,
      JSON.stringify([...recorded, orderId].slice(-PURCHASES_KEPT)),
    );
    return true;
  } catch {
    // Storage refused (private mode, full): count it, as a page without storage always did.
    return true;
  }
}

/**
 * After an order is placed: `purchase` is recorded once per order in this browser, and the
 * basket and code are done with (the server's cookies are cleared by the page's answer; the
 * stores, and the header's count, follow here).
 */
export function useCheckoutFinished(order: OrderView, placed: boolean): void {
  const done = useRef(false);
  useEffect(() => {
    if (!placed || done.current) return;
    done.current = true;
    if (firstPurchaseOf(order.id)) {
      trackCheckout(
        "purchase",
        order.lines.map((line) => ({ ...line, id: line.variantId ?? line.id })),
        order.totals.total,
      );
    }
    forgetCheckoutDraft();
    removeDiscountCode();
    void changeBasket({ kind: "empty" });
  }, [order, placed]);
}

// What the shopper typed at the checkout, kept in this tab until the order is placed, so a reload
// or a visit to another page loses nothing. Never the key of a payment attempt.
const DRAFT_KEY = "encore.checkout-draft";
const NOT_KEPT = new Set(["idempotencyKey", "intent"]);

function forgetCheckoutDraft() {
  try {
    sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    // Nothing was kept.
  }
}

/** The value a changed field keeps in the draft; an unticked box keeps "". */
function typedValue(field: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement) {
  if (field instanceof HTMLInputElement && field.type === "checkbox") {
    return field.checked ? field.value : "";
  }
  return field.value;
}

function restoreFields(form: HTMLFormElement, typed: Record<string, string>) {
  for (const [name, value] of Object.entries(typed)) {
    if (NOT_KEPT.has(name)) continue;
    for (const field of form.querySelectorAll<HTMLInputElement | HTMLSelectElement>(
      `[name="${CSS.escape(name)}"]`,
    )) {
      if (field instanceof HTMLInputElement) {
        if (field.type === "hidden" || field.readOnly) continue;
        if (field.type === "radio") field.checked = field.value === value;
        else if (field.type === "checkbox") field.checked = value === field.value;
        else field.value = value;
      } else if ([...field.options].some((option) => option.value === value)) {
        field.value = value;
      }
    }
  }
}

/**
 * Keeps what was typed in the checkout form across a reload in this tab (issue 13: the steps keep
 * what was typed on back and reload), until the order is placed. Without JavaScript the browser's
 * own form restoration does what it can.
 */
export function useCheckoutDraft(
  form: RefObject<HTMLFormElement | null>,
  /** A draft was put back: what it changed (a country, a delivery option) is priced again. */
  onRestored: () => void,
): void {
  const restored = useRef(onRestored);
  restored.current = onRestored;
  useEffect(() => {
    const element = form.current;
    if (!element) return;
    // Only the fields the shopper changed are kept, so a draft never blanks out the saved
    // details a signed-in customer's form starts with.
    let draft: Record<string, string> = {};
    try {
      const kept = JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? "null");
      if (kept && typeof kept === "object") {
        draft = kept;
        restoreFields(element, draft);
        if (Object.keys(draft).length > 0) restored.current();
      }
    } catch {
      // A draft we cannot read is no draft.
    }
    const keep = (event: Event) => {
      const field = event.target;
      if (
        !(
          field instanceof HTMLInputElement ||
          field instanceof HTMLSelectElement ||
          field instanceof HTMLTextAreaElement
        ) ||
        !field.name ||
        NOT_KEPT.has(field.name) ||
        (field instanceof HTMLInputElement && field.type === "radio" && !field.checked)
      ) {
        return;
      }
      draft = { ...draft, [field.name]: typedValue(field) };
      try {
        sessionStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
      } catch {
        // Storage refused: the form still works, it just forgets on reload.
      }
    };
    element.addEventListener("input", keep);
    element.addEventListener("change", keep);
    return () => {
      element.removeEventListener("input", keep);
      element.removeEventListener("change", keep);
    };
  }, [form]);
}

/**
 * behaviour.md §9: a guest's checkout steps, each recorded once per visit. Moving on to payment
 * means the address and delivery are given (`add_shipping_info`); moving on to the review and pay
 * button means the payment is chosen (`add_payment_info`). A signed-in customer's steps are not
 * counted.
 */
export function useGuestCheckoutSteps(lines: CheckoutLine[], total: number, guest: boolean) {
  const recorded = useRef(new Set<string>());
  const latest = useRef({ lines, total });
  latest.current = { lines, total };
  const record = (name: "add_shipping_info" | "add_payment_info") => {
    if (!guest || recorded.current.has(name)) return;
    recorded.current.add(name);
    trackCheckout(name, latest.current.lines, latest.current.total);
  };
  return {
    onPayment: () => record("add_shipping_info"),
    onReview: () => {
      record("add_shipping_info");
      record("add_payment_info");
    },
  };
}

/**
 * behaviour.md §7 `has-full-account`: while a guest types their email, whether it has an account
 * they could sign in to (for their saved details). Asked once per distinct address, on leaving the
 * field; a failed check just offers nothing.
 */
export function useAccountOffer() {
  const [hasAccount, setHasAccount] = useState(false);
  const asked = useRef("");
  const check = useCallback(async (email: string) => {
    const value = email.trim();
    if (value === asked.current) return;
    asked.current = value;
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return setHasAccount(false);
    try {
      const { data } = await apiPost<{ data: { hasFullAccount: boolean } }>(
        "default",
        "/has-full-account",
        { email: value },
      );
      if (asked.current === value) setHasAccount(data.hasFullAccount);
    } catch {
      setHasAccount(false);
    }
  }, []);
  return { hasAccount, check };
}
