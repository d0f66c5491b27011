import { useEffect, useRef } from "react";
import { alertHostStore } from "../client/alerts";
import { trackBasket } from "../client/analytics";
import { basketStore, changeBasket, closeBasketDrawer } from "../client/basket";
import { applyDiscountCode, discountStore, removeDiscountCode } from "../client/discount";
import { useStore } from "../client/store";
import { DialogAlerts } from "./alert-region";
import { BasketLineItem } from "./basket-line-item";
import { BasketSummary } from "./basket-summary";
import { AppLink } from "./ui/app-link";
import { buttonClasses } from "./ui/button";
import { FormMessage } from "./ui/form";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select, textarea, [tabindex]:not([tabindex="-1"])';

// A modal dialog keeps the page inert, but Tab could still leave for the browser's own controls;
// it wraps around inside the drawer instead.
function trapFocus(event: React.KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== "Tab") return;
  const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * The basket drawer: a modal dialog (focus stays inside; Esc and the close button close it and
 * focus returns to what opened it) with the lines, the totals and the way to checkout.
 */
export function BasketDrawer() {
  const { drawerOpen, lines, subtotal, ready, refusal } = useStore(basketStore);
  const { code, result, error } = useStore(discountStore);
  const dialog = useRef<HTMLDialogElement>(null);
  const alertArea = useRef<HTMLElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (drawerOpen && !element.open) element.showModal();
    if (!drawerOpen && element.open) element.close();
    // The modal makes the page inert: its alerts ("added to your basket") show inside it.
    alertHostStore.set(drawerOpen ? alertArea.current : null);
    return () => alertHostStore.set(null);
  }, [drawerOpen]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby="basket-drawer-title"
      onClose={closeBasketDrawer}
      onKeyDown={trapFocus}
      onClick={(event) => {
        // A click on the backdrop (the dialog itself, outside its panel) closes it.
        if (event.target === event.currentTarget) closeBasketDrawer();
      }}
      className="m-0 ml-auto h-dvh max-h-dvh w-full max-w-md bg-paper p-0 text-ink shadow-2xl backdrop:bg-ink/60"
    >
      <div className="flex h-full flex-col">
        <header className="flex items-center justify-between border-b border-line px-5 py-4">
          <h2 id="basket-drawer-title" className="font-display text-xl">
            Your basket
          </h2>
          <button
            type="button"
            onClick={closeBasketDrawer}
            className="rounded-full p-2 text-2xl leading-none hover:bg-zinc-200"
            aria-label="Close basket"
          >
            ×
          </button>
        </header>
        <DialogAlerts ref={alertArea} />
        {refusal && (
          <div className="px-5 pt-4">
            <FormMessage type="error">{refusal}</FormMessage>
          </div>
        )}
        {lines.length === 0 ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-4 p-8 text-center">
            <p className="text-lg font-semibold">
              {ready ? "Your basket is empty." : "Loading your basket…"}
            </p>
            <AppLink to="/products" onClick={closeBasketDrawer} className={buttonClasses()}>
              Start shopping
            </AppLink>
          </div>
        ) : (
          <>
            <ul aria-label="Basket items" className="flex-1 overflow-y-auto px-5">
              {lines.map((line) => (
                <BasketLineItem
                  key={line.key}
                  line={line}
                  compact
                  onQuantity={(quantity) =>
                    void changeBasket({ kind: "set", id: line.productVariant.id, quantity })
                  }
                />
              ))}
            </ul>
            <footer className="space-y-4 border-t border-line px-5 py-4">
              <BasketSummary
                subtotal={subtotal}
                discount={
                  result
                    ? {
                        code: result.code,
                        description: result.description,
                        amount: result.discount,
                      }
                    : null
                }
                codeProblem={code && error ? { code, reason: error } : null}
                onApply={applyDiscountCode}
                onRemove={removeDiscountCode}
              />
              <div className="flex flex-col gap-2">
                <AppLink
                  to="/checkout"
                  onClick={() => {
                    trackBasket("begin_checkout", lines);
                    closeBasketDrawer();
                  }}
                  className={buttonClasses()}
                >
                  Checkout
                </AppLink>
                <AppLink
                  to="/basket"
                  onClick={closeBasketDrawer}
                  className="text-center text-sm font-semibold underline"
                >
                  View basket
                </AppLink>
              </div>
            </footer>
          </>
        )}
      </div>
    </dialog>
  );
}
