import { useEffect, useRef } from "react";
import type { OrderView } from "../../common/orders";
import { trackCheckout } from "./analytics";
import { changeBasket } from "./basket";
import { removeDiscountCode } from "./discount";

/**
 * After an order is placed: `purchase` is recorded once, and this browser's basket and code are
 * done with (the server's cookies are cleared by the page's answer; the stores, and the header's
 * count, follow here).
 */
export function useCheckoutFinished(order: OrderView, placed: boolean): void {
  const done = useRef(false);
  useEffect(() => {
    if (!placed || done.current) return;
    done.current = true;
    trackCheckout(
      "purchase",
      order.lines.map((line) => ({ ...line, id: line.variantId ?? line.id })),
      order.totals.total,
    );
    removeDiscountCode();
    void changeBasket({ kind: "empty" });
  }, [order, placed]);
}
