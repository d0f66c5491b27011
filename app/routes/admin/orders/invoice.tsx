import { londonDay } from "../../../../common/london-days";
import { formatPrice } from "../../../../common/money";
import { DayCell } from "../../../components/admin/order-cells";
import { AddressLines, deliveryMoney, lineMoney } from "../../../components/admin/order-parts";
import { PrintableSheet } from "../../../components/admin/printable";
import { ScreenError } from "../../../components/admin/screen-error";
import { printableOrder } from "../../../lib/admin-orders.server";
import { errorMeta, pageMeta } from "../../../lib/meta";
import { robotsNoindex } from "../../../lib/seo";
import type { Route } from "./+types/invoice";

export const meta = ({ loaderData, error }: Route.MetaArgs) =>
  error || !loaderData
    ? errorMeta(error ?? { status: 404 })
    : [...pageMeta(`VAT invoice ${loaderData.order.number}`), robotsNoindex()];
export const headers = () => ({ "Cache-Control": "private, no-store" });

export const loader = (args: Route.LoaderArgs) => printableOrder(args);

/**
 * A full UK VAT invoice (HMRC VAT Notice 700 §16.6): the seller's name, address and VAT number,
 * an invoice number and date (the order's number, and the day it was paid: the tax point), the
 * customer's name and address, each line's description, quantity, net price, VAT rate and VAT,
 * and the totals without VAT, of VAT and with it. Every figure is the order's stored one.
 */
export default function VatInvoice({ loaderData }: Route.ComponentProps) {
  const { order, shop } = loaderData;
  const taxPoint = londonDay(new Date(order.paidAt ?? order.createdAt));
  const delivery = deliveryMoney(order);
  const rates = [...new Set(order.lines.map((line) => line.vatRate))];
  const cell = "px-2 py-2 text-right tabular-nums whitespace-nowrap";
  return (
    <PrintableSheet back={{ to: `/admin/orders/${order.id}`, label: `Order ${order.number}` }}>
      <header className="flex flex-wrap items-start justify-between gap-6 border-b border-line pb-4">
        <div>
          <p className="font-display text-2xl">ENCORE.</p>
          <h1 className="text-xl font-bold">VAT invoice</h1>
        </div>
        <div className="text-sm">
          <p className="font-semibold">{shop.legalName}</p>
          {shop.address.split(",").map((line) => (
            <span key={line} className="block">
              {line.trim()}
            </span>
          ))}
          <p className="mt-1">VAT number: {shop.vatNumber}</p>
        </div>
      </header>
      <div className="grid gap-6 py-4 text-sm sm:grid-cols-2">
        <section aria-labelledby="bill-to">
          <h2 id="bill-to" className="font-semibold">
            Invoice to
          </h2>
          <AddressLines address={order.billingAddress} />
        </section>
        <dl className="grid grid-cols-[max-content_1fr] content-start gap-x-3 gap-y-1">
          <dt className="font-semibold">Invoice number</dt>
          <dd>{order.number}</dd>
          <dt className="font-semibold">Invoice date (tax point)</dt>
          <dd>
            <DayCell day={taxPoint} />
          </dd>
          <dt className="font-semibold">Order placed</dt>
          <dd>
            <DayCell day={londonDay(new Date(order.createdAt))} />
          </dd>
        </dl>
      </div>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Items invoiced, in pounds sterling</caption>
        <thead className="border-y border-line">
          <tr>
            <th scope="col" className="py-2 pr-2">
              Description
            </th>
            <th scope="col" className="px-2 py-2 text-right">
              Qty
            </th>
            <th scope="col" className="px-2 py-2 text-right">
              Net
            </th>
            <th scope="col" className="px-2 py-2 text-right">
              VAT rate
            </th>
            <th scope="col" className="px-2 py-2 text-right">
              VAT
            </th>
            <th scope="col" className="px-2 py-2 text-right">
              Gross
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => {
            const money = lineMoney(line);
            return (
              <tr key={line.id} className="border-b border-line">
                <th scope="row" className="py-2 pr-2 font-normal">
                  {line.title}
                  <span className="block text-muted">
                    {[line.sku, ...line.attributes].join(" · ")}
                  </span>
                </th>
                <td className={cell}>{line.quantity}</td>
                <td className={cell}>{formatPrice(money.net)}</td>
                <td className={cell}>{order.exported ? "0%" : `${line.vatRate}%`}</td>
                <td className={cell}>{formatPrice(money.vat)}</td>
                <td className={cell}>{formatPrice(money.gross)}</td>
              </tr>
            );
          })}
          {delivery.gross !== 0 && (
            <tr className="border-b border-line">
              <th scope="row" className="py-2 pr-2 font-normal">
                Delivery: {order.delivery.title}
              </th>
              <td className={cell}>1</td>
              <td className={cell}>{formatPrice(delivery.net)}</td>
              <td className={cell}>
                {order.exported ? "0%" : rates.length === 1 ? `${rates[0]}%` : "Mixed"}
              </td>
              <td className={cell}>{formatPrice(delivery.vat)}</td>
              <td className={cell}>{formatPrice(delivery.gross)}</td>
            </tr>
          )}
        </tbody>
        <tfoot>
          {(
            [
              ["Total without VAT", order.totals.net],
              ["Total VAT", order.totals.vat],
              ["Total", order.totals.total],
            ] as const
          ).map(([label, amount]) => (
            <tr key={label} className={label === "Total" ? "font-bold" : undefined}>
              <th scope="row" colSpan={5} className="px-2 py-1.5 text-right">
                {label}
              </th>
              <td className={cell}>{formatPrice(amount)}</td>
            </tr>
          ))}
        </tfoot>
      </table>
      {order.discountCode && (
        <p className="mt-3 text-sm">
          Prices are after discount code {order.discountCode} ({formatPrice(order.totals.discount)}
          ).
        </p>
      )}
      <p className="mt-3 text-sm text-muted">
        {order.exported
          ? "Export outside the UK VAT area: zero-rated, no UK VAT charged."
          : "Prices include VAT at the rates shown. Delivery carries VAT at the rates of the goods it delivers."}
        {order.totals.refunded > 0 &&
          ` ${formatPrice(order.totals.refunded)} has since been refunded (see the credit notes).`}
      </p>
    </PrintableSheet>
  );
}

export function ErrorBoundary() {
  return <ScreenError back={{ to: "/admin/orders", label: "Orders" }} />;
}
