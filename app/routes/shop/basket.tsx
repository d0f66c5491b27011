import { useEffect, useRef, useState } from "react";
import { data, Form, redirect } from "react-router";
import { formatPrice } from "../../../common/money";
import { trackBasket } from "../../client/analytics";
import { basketStore, changeBasket } from "../../client/basket";
import { useBottomBar } from "../../client/bottom-bars";
import { applyDiscountCode, discountStore, removeDiscountCode } from "../../client/discount";
import { useStore } from "../../client/store";
import { BasketLineItem } from "../../components/basket-line-item";
import { BasketSummary, basketTotal } from "../../components/basket-summary";
import { FreeDeliveryNote } from "../../components/free-delivery-note";
import { PageHeading } from "../../components/page-heading";
import { AppLink } from "../../components/ui/app-link";
import { buttonClasses } from "../../components/ui/button";
import { FormMessage } from "../../components/ui/form";
import { BASKET_FORM_INVALID, basketFor, parseBasketForm } from "../../lib/basket.server";
import { readForm } from "../../lib/form-route.server";
import { screenMeta } from "../../lib/meta";
import type { Route } from "./+types/basket";

export const meta = screenMeta("Your basket", { noindex: true });

export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: Route.LoaderArgs) {
  const basket = basketFor(request, context);
  const resolved = await basket.resolve(basket.stored);
  const evaluated =
    basket.code && resolved.lines.length ? await basket.evaluateCode(basket.code, resolved) : null;
  return {
    basket: resolved,
    canUndoEmpty: basket.canUndoEmpty,
    freeDelivery: resolved.lines.length ? await basket.freeUkDelivery(resolved.subtotal) : null,
    discount: evaluated?.ok ? evaluated.discount : null,
    codeProblem:
      basket.code && evaluated && !evaluated.ok
        ? { code: basket.code, reason: evaluated.message }
        : null,
  };
}

/** What the product page and this page post without JavaScript (`BasketFormInput`). */
export async function action({ request, context }: Route.ActionArgs) {
  const input = parseBasketForm(await readForm(request));
  if (!input.success) return data({ error: BASKET_FORM_INVALID }, { status: 422 });
  const outcome = await basketFor(request, context).submit(input.data);
  if (!(outcome instanceof Headers)) {
    return data({ error: outcome.message }, { status: outcome.status });
  }
  // Post/redirect/get: a reload never repeats the change.
  throw redirect("/basket", { status: 303, headers: outcome });
}

/**
 * On a phone the order summary is a long scroll below the lines: a bar stuck to the foot of the
 * screen keeps the total and the way to checkout in reach (hidden where the summary sits beside
 * the lines).
 */
function CheckoutBar({ total, onCheckout }: { total: number; onCheckout: () => void }) {
  const bar = useRef<HTMLElement>(null);
  useBottomBar(bar);
  return (
    <section
      ref={bar}
      aria-label="Checkout"
      className="sticky bottom-0 z-(--z-raised) -mx-4 mt-8 flex items-center justify-between gap-4 border-t border-line bg-paper px-4 py-3 shadow-[0_-8px_24px_rgb(22_19_26/0.12)] min-[641px]:hidden"
    >
      <p className="leading-tight">
        <span className="block text-xs text-muted">Total</span>
        <span className="text-lg font-bold">{formatPrice(total)}</span>
      </p>
      <AppLink to="/checkout" onClick={onCheckout} className={buttonClasses()}>
        Checkout
      </AppLink>
    </section>
  );
}

type BasketLine = Route.ComponentProps["loaderData"]["basket"]["lines"][number];

/**
 * Issue 29: after a line is removed (Remove, or − down to 0) focus would fall to the page's top.
 * Once the page shows the basket without it, focus moves to the line that took its place (the
 * one before it when it was the last), or to the heading when none is left, and a live region
 * says what was removed.
 */
function useRemovalFocus(lines: BasketLine[]) {
  const [announcement, setAnnouncement] = useState("");
  const pending = useRef<{ key: string; index: number } | null>(null);
  useEffect(() => {
    const removed = pending.current;
    if (!removed || lines.some((line) => line.key === removed.key)) return;
    pending.current = null;
    const next = lines[Math.min(removed.index, lines.length - 1)];
    const target = next
      ? document.querySelector<HTMLElement>(`[data-line-key="${next.key}"] [data-line-title]`)
      : document.querySelector<HTMLElement>("#main h1");
    if (!target) return;
    if (!next) target.setAttribute("tabindex", "-1");
    target.focus();
  }, [lines]);
  const remove = async (line: BasketLine, index: number) => {
    const changed = await changeBasket({ kind: "remove", id: line.productVariant.id });
    if (!changed) return;
    pending.current = { key: line.key, index };
    setAnnouncement(`${line.title} removed from your basket.`);
  };
  return { announcement, remove };
}

export default function BasketIndex({ loaderData, actionData }: Route.ComponentProps) {
  const { basket, discount, codeProblem, canUndoEmpty, freeDelivery } = loaderData;
  const live = useStore(discountStore);
  const refused = useStore(basketStore).refusal;
  const { announcement, remove } = useRemovalFocus(basket.lines);
  // Without JavaScript the form post's answer says why a change was refused; with it, the store.
  const refusal = actionData?.error ?? refused;
  // Kept in the same place on both views, so the region exists before the words change.
  const removalNews = (
    <p role="status" className="sr-only">
      {announcement}
    </p>
  );
  if (basket.lines.length === 0) {
    return (
      <>
        {removalNews}
        <PageHeading title="Your basket" />
        {refusal && (
          <div className="mb-6">
            <FormMessage type="error">{refusal}</FormMessage>
          </div>
        )}
        <div className="rounded-2xl border border-dashed border-line bg-white p-12 text-center">
          <p className="text-lg font-semibold">Your basket is empty.</p>
          {canUndoEmpty && (
            // A form post, so Undo works without JavaScript too; the server restores the lines.
            <Form method="post" className="mt-4">
              <input type="hidden" name="intent" value="undo-empty" />
              <p className="text-muted">
                You emptied your basket.{" "}
                <button
                  type="submit"
                  className="font-semibold text-ink underline hover:text-accent"
                >
                  Undo
                </button>
              </p>
            </Form>
          )}
          <p className="mt-2 text-muted">Find something from the bands you love.</p>
          <AppLink to="/products" className={`mt-6 ${buttonClasses()}`}>
            Start shopping
          </AppLink>
        </div>
      </>
    );
  }
  // Once the start-up has restored the code, the live result follows every change at once.
  const current = live.ready ? live.result : discount;
  const shownDiscount = current && {
    code: current.code,
    description: current.description,
    amount: current.discount,
  };
  const beginCheckout = () => trackBasket("begin_checkout", basket.lines);
  return (
    <>
      {removalNews}
      <PageHeading
        title="Your basket"
        intro={`${basket.itemCount} ${basket.itemCount === 1 ? "item" : "items"}`}
      />
      {refusal && (
        <div className="mb-6">
          <FormMessage type="error">{refusal}</FormMessage>
        </div>
      )}
      <div className="grid grid-cols-1 gap-10 lg:grid-cols-[1fr_22rem]">
        <ul aria-label="Basket items">
          {basket.lines.map((line, index) => (
            <BasketLineItem
              key={line.key}
              line={line}
              onQuantity={(quantity) =>
                quantity === 0
                  ? void remove(line, index)
                  : void changeBasket({ kind: "set", id: line.productVariant.id, quantity })
              }
            />
          ))}
        </ul>
        <aside
          aria-label="Order summary"
          className="h-fit space-y-6 rounded-2xl bg-white p-6 ring-1 ring-line"
        >
          <h2 className="font-display text-xl">Order summary</h2>
          <BasketSummary
            subtotal={basket.subtotal}
            discount={shownDiscount}
            codeProblem={
              live.ready
                ? live.error && live.code
                  ? { code: live.code, reason: live.error }
                  : null
                : codeProblem
            }
            onApply={applyDiscountCode}
            onRemove={removeDiscountCode}
          />
          <FreeDeliveryNote delivery={freeDelivery} />
          <AppLink to="/checkout" onClick={beginCheckout} className={`w-full ${buttonClasses()}`}>
            Checkout
          </AppLink>
          {/* Through the server with or without JavaScript: it keeps the lines for Undo. */}
          <Form method="post">
            <input type="hidden" name="intent" value="empty" />
            <button
              type="submit"
              className="w-full text-sm font-semibold underline hover:text-accent"
            >
              Empty basket
            </button>
          </Form>
        </aside>
      </div>
      <CheckoutBar total={basketTotal(basket.subtotal, shownDiscount)} onCheckout={beginCheckout} />
    </>
  );
}
