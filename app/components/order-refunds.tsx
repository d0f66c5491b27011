import { formatPrice } from "../../common/money";
import type { OrderView } from "../../common/orders";
import { formatLongDate } from "../lib/dates";

/** The money given back on an order, as its owner reads it: "Refunded £12.00 on 24 November
 * 2026: 1 × Tour shirt". Nothing when there is none. */
export function OrderRefunds({ order }: { order: Pick<OrderView, "refunds" | "refundedTotal"> }) {
  if (order.refunds.length === 0) return null;
  return (
    <section
      aria-labelledby="order-refunds"
      className="mb-8 rounded-lg bg-white p-4 ring-1 ring-line"
    >
      <h2 id="order-refunds" className="text-lg font-bold">
        Refunds
      </h2>
      <ul className="mt-2 space-y-1">
        {order.refunds.map((refund) => {
          const what = [
            ...refund.lines.map((line) => `${line.quantity} × ${line.title}`),
            ...(refund.delivery ? ["delivery"] : []),
          ].join(", ");
          return (
            <li key={refund.at}>
              Refunded {formatPrice(refund.amount)} on{" "}
              <time dateTime={refund.at}>{formatLongDate(refund.at)}</time>: {what}
            </li>
          );
        })}
      </ul>
      <p className="mt-2 text-sm text-muted">
        {formatPrice(order.refundedTotal)} in all, to the card you paid with. A refund usually
        reaches your account within 5 to 10 working days.
      </p>
    </section>
  );
}
