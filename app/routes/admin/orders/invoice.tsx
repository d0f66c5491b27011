import { londonDay } from "../../../../common/london-days";
import { formatPrice } from "../../../../common/money";
import { DayCell } from "../../../components/admin/order-cells";
import { AddressLines, deliveryMoney, lineMoney } from "../../../components/admin/order-parts";
import { PrintableSheet } from "../../../components/admin/printable";
import { ScreenError } from "../../../components/admin/screen-error";
import { VatTable } from "../../../components/vat-table";
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
      <VatTable
        caption="Items invoiced, in pounds sterling"
        rows={[
          ...order.lines.map((line) => ({
            key: line.id,
            description: (
              <>
                {line.title}
                <span className="block text-muted">
                  {[line.sku, ...line.attributes].join(" · ")}
                </span>
              </>
            ),
            quantity: line.quantity,
            rate: order.exported ? "0%" : `${line.vatRate}%`,
            ...lineMoney(line),
          })),
          ...(delivery.gross !== 0
            ? [
                {
                  key: "delivery",
                  description: `Delivery: ${order.delivery.title}`,
                  quantity: 1,
                  rate: order.exported ? "0%" : rates.length === 1 ? `${rates[0]}%` : "Mixed",
                  ...delivery,
                },
              ]
            : []),
        ]}
        totals={[
          ["Total without VAT", order.totals.net],
          ["Total VAT", order.totals.vat],
          ["Total", order.totals.total],
        ]}
      />
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
