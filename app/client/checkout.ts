import { useCallback, useEffect, useRef, useState } from "react";
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
    removeDiscountCode();
    void changeBasket({ kind: "empty" });
  }, [order, placed]);
}

/**
 * spec §9: a guest's checkout steps, each recorded once per visit. Moving on to payment means the
 * address and delivery are given (`add_shipping_info`); moving on to the review and pay button
 * means the payment is chosen (`add_payment_info`). A signed-in customer's steps are not counted.
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
 * spec §7 `has-full-account`: while a guest types their email, whether it has an account they
 * could sign in to (for their saved details). Asked once per distinct address, on leaving the
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
