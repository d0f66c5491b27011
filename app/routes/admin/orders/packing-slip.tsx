import { DayCell } from "../../../components/admin/order-cells";
import { AddressLines } from "../../../components/admin/order-parts";
import { PrintableSheet } from "../../../components/admin/printable";
import { ScreenError } from "../../../components/admin/screen-error";
import { printableOrder } from "../../../lib/admin-orders.server";
import { errorMeta, pageMeta } from "../../../lib/meta";
import { robotsNoindex } from "../../../lib/seo";
import type { Route } from "./+types/packing-slip";

export const meta = ({ loaderData, error }: Route.MetaArgs) =>
  error || !loaderData
    ? errorMeta(error ?? { status: 404 })
    : [...pageMeta(`Packing slip ${loaderData.order.number}`), robotsNoindex()];
export const headers = () => ({ "Cache-Control": "private, no-store" });

export const loader = (args: Route.LoaderArgs) => printableOrder(args);

/** What goes in the box: the items still to send (or all, once sent), with no prices. */
export default function PackingSlip({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  const waiting = new Set(order.dispatch.lineIds);
  const lines = waiting.size > 0 ? order.lines.filter((line) => waiting.has(line.id)) : order.lines;
  return (
    <PrintableSheet back={{ to: `/admin/orders/${order.id}`, label: `Order ${order.number}` }}>
      <header className="flex flex-wrap items-start justify-between gap-4 border-b border-line pb-4">
        <div>
          <p className="font-display text-2xl">ENCORE.</p>
          <h1 className="text-xl font-bold">Packing slip</h1>
        </div>
        <dl className="grid grid-cols-[max-content_1fr] gap-x-3 text-sm">
          <dt className="font-semibold">Order</dt>
          <dd>{order.number}</dd>
          <dt className="font-semibold">Placed</dt>
          <dd>
            <DayCell day={order.createdAt.slice(0, 10)} />
          </dd>
          <dt className="font-semibold">Delivery</dt>
          <dd>{order.delivery.title}</dd>
        </dl>
      </header>
      <section aria-labelledby="ship-to" className="py-4">
        <h2 id="ship-to" className="font-semibold">
          Ship to
        </h2>
        <AddressLines address={order.shippingAddress} />
      </section>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Items to pack</caption>
        <thead className="border-y border-line">
          <tr>
            <th scope="col" className="py-2 pr-3">
              Packed
            </th>
            <th scope="col" className="py-2 pr-3">
              Item
            </th>
            <th scope="col" className="py-2 pr-3">
              SKU
            </th>
            <th scope="col" className="py-2 text-right">
              Quantity
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.id} className="border-b border-line">
              <td className="py-2 pr-3">
                <span aria-hidden="true" className="inline-block h-4 w-4 border border-ink" />
              </td>
              <th scope="row" className="py-2 pr-3 font-normal">
                <span className="font-semibold">{line.title}</span>
                <span className="block text-muted">
                  {[line.band, ...line.attributes].join(" · ")}
                </span>
              </th>
              <td className="py-2 pr-3 font-mono">{line.sku}</td>
              <td className="py-2 text-right text-lg font-bold tabular-nums">
                {line.quantity - line.refundedQuantity}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-6 text-sm text-muted">
        Thank you for shopping with Encore. Returns: within 30 days, unworn with tags; see
        encore.example/legal/returns-and-refunds-policy.
      </p>
    </PrintableSheet>
  );
}

export function ErrorBoundary() {
  return <ScreenError back={{ to: "/admin/orders", label: "Orders" }} />;
}
