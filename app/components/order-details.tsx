import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { billingNote, orderDispatchNote, termsOfLine } from "../../common/billing-notes";
import { formatPrice } from "../../common/money";
import { ORDER_STATUS_LABELS } from "../../common/order-statuses";
import type { OrderView } from "../../common/orders";
import { formatLongDate } from "../lib/dates";
import { SavedAddress } from "./saved-address";

const STATUS_COLOURS: Record<OrderView["status"], string> = {
  pending_payment: "bg-amber-100 text-amber-900",
  paid: "bg-green-100 text-green-900",
  dispatched: "bg-sky-100 text-sky-900",
  cancelled: "bg-zinc-200 text-zinc-900",
  refunded: "bg-zinc-200 text-zinc-900",
};

/**
 * An order's status as a badge. Straight after checkout an order still `pending_payment` is one
 * whose payment is being confirmed (`justPlaced`): it says so rather than 'Awaiting payment',
 * which would read as a request to pay.
 */
export function OrderStatusBadge({
  status,
  justPlaced = false,
}: {
  status: OrderView["status"];
  justPlaced?: boolean;
}) {
  return (
    <span className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${STATUS_COLOURS[status]}`}>
      {justPlaced && status === "pending_payment" ? "Confirming…" : ORDER_STATUS_LABELS[status]}
    </span>
  );
}

/** How often a page showing an unconfirmed payment asks again, and for how long. */
const FOLLOW_EVERY_MS = 3_000;
const FOLLOW_FOR_MS = 10 * 60 * 1000;

/**
 * An order whose payment is still being confirmed: the page asks the server again every few
 * seconds (a reload without JavaScript) until the order is paid or cancelled, so the shopper is
 * never left wondering whether to pay again.
 */
function PaymentBeingConfirmed() {
  const revalidator = useRevalidator();
  const [since] = useState(() => Date.now());
  const revalidate = revalidator.revalidate;
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (Date.now() - since > FOLLOW_FOR_MS) return window.clearInterval(timer);
      if (document.visibilityState === "visible") void revalidate();
    }, FOLLOW_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [revalidate, since]);
  return (
    <div role="status" className="rounded-lg bg-amber-100 p-4 text-amber-950 lg:col-span-3">
      <p>
        <strong>Confirming your payment.</strong> This can take a moment. You do not need to do
        anything or pay again: this page updates by itself, and we email your confirmation as soon
        as the payment is through.
      </p>
      {/* Without JavaScript the browser reloads the page instead. */}
      <noscript
        // biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed tag, no input in it.
        dangerouslySetInnerHTML={{
          __html: `<meta http-equiv="refresh" content="${FOLLOW_EVERY_MS / 1000 + 2}">`,
        }}
      />
    </div>
  );
}

/**
 * The confirmation's first words. Back from the bank before it has confirmed, no email has gone
 * yet: it goes once the order is paid.
 */
export const placedIntro = (order: Pick<OrderView, "number" | "email" | "status">) =>
  order.status === "pending_payment"
    ? `Your order number is ${order.number}.`
    : `Your order number is ${order.number}. We have emailed a confirmation to ${order.email}.`;

/** A delivery estimate in words: "1 working day", "2–3 working days". */
export const workingDays = ({ min, max }: { min: number; max: number }) =>
  min === max ? `${min} working day${min === 1 ? "" : "s"}` : `${min}–${max} working days`;

/** An order as its owner reads it: lines, totals with the VAT, where it goes and where it stands. */
export function OrderDetails({ order }: { order: OrderView }) {
  const row = "flex justify-between gap-4 py-1";
  return (
    <div className="grid gap-8 lg:grid-cols-3">
      {/* Back from the bank's page, a payment the bank is still processing (Stripe), or a charge
          answered before its payment was confirmed (decision 0036): the page follows it. */}
      {order.status === "pending_payment" && <PaymentBeingConfirmed />}
      <section aria-labelledby="order-lines" className="lg:col-span-2">
        <h2 id="order-lines" className="text-lg font-bold">
          What you ordered
        </h2>
        <table className="mt-3 w-full text-left">
          <caption className="sr-only">Items in order {order.number}</caption>
          <thead className="border-b border-line text-sm text-muted">
            <tr>
              <th scope="col" className="py-2 font-semibold">
                Item
              </th>
              <th scope="col" className="py-2 pl-3 text-right font-semibold">
                Qty
              </th>
              <th scope="col" className="py-2 pl-3 text-right font-semibold">
                Price
              </th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line) => (
              <tr key={line.id} className="border-b border-line align-top">
                <th scope="row" className="py-3 font-normal">
                  <span className="block font-semibold">{line.title}</span>
                  <span className="block text-sm text-muted">
                    {[line.band, ...line.attributes].join(" · ")}
                  </span>
                  {billingNote(termsOfLine(line)) && (
                    <span className="block text-sm font-semibold text-accent">
                      {billingNote(termsOfLine(line))}
                    </span>
                  )}
                  {line.vatRate === 0 && !order.exported && (
                    <span className="block text-sm text-muted">Zero-rated for VAT</span>
                  )}
                </th>
                <td className="py-3 pl-3 text-right">{line.quantity}</td>
                <td className="py-3 pl-3 text-right whitespace-nowrap">
                  {formatPrice(line.lineTotal)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="mt-4 ml-auto max-w-sm">
          <div className={row}>
            <dt>Subtotal</dt>
            <dd>{formatPrice(order.totals.subtotal)}</dd>
          </div>
          {order.totals.discount > 0 && (
            <div className={row}>
              <dt>Discount{order.discountCode ? ` (${order.discountCode})` : ""}</dt>
              <dd>−{formatPrice(order.totals.discount)}</dd>
            </div>
          )}
          <div className={row}>
            <dt>Delivery</dt>
            <dd>{order.totals.delivery ? formatPrice(order.totals.delivery) : "Free"}</dd>
          </div>
          <div className={`${row} border-t border-line pt-2 text-lg font-bold`}>
            <dt>Total</dt>
            <dd>{formatPrice(order.totals.total)}</dd>
          </div>
          <div className={`${row} text-sm text-muted`}>
            <dt>{order.exported ? "UK VAT" : "Including VAT"}</dt>
            <dd>{order.exported ? "Not charged (export)" : formatPrice(order.totals.vat)}</dd>
          </div>
        </dl>
      </section>
      <section aria-labelledby="order-delivery" className="space-y-4">
        <h2 id="order-delivery" className="text-lg font-bold">
          Delivery
        </h2>
        <p>
          {order.delivery.title} ({order.delivery.carrier}): usually arrives in{" "}
          {workingDays(order.delivery.estimatedDays)} after dispatch.
        </p>
        {orderDispatchNote(order) && <p className="font-semibold">{orderDispatchNote(order)}</p>}
        <SavedAddress title="Delivery address" address={order.shippingAddress} />
        <SavedAddress title="Billing address" address={order.billingAddress} />
        <div>
          <h3 className="font-semibold">Progress</h3>
          <ol className="mt-1 space-y-1 text-muted">
            {order.timeline.map((step) => (
              <li key={step.status}>
                {/* The first step is when the order was made, whatever came after. */}
                {step.status === "pending_payment" ? "Ordered" : ORDER_STATUS_LABELS[step.status]}:{" "}
                <time dateTime={step.at}>{formatLongDate(step.at)}</time>
              </li>
            ))}
          </ol>
          {order.cancelReason && <p className="mt-2">{order.cancelReason}</p>}
        </div>
      </section>
    </div>
  );
}
