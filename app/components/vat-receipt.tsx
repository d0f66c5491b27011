import { formatPrice } from "../../common/money";
import type { VatReceipt } from "../../common/vat-receipt";
import { formatLongDate } from "../lib/dates";
import { ScrollRegion } from "./ui/scroll-region";

/**
 * A paid order's UK VAT receipt as the customer reads (and prints) it: the seller, its VAT number,
 * the tax point, each line's VAT rate and VAT, and the totals. Every figure is the server's.
 */
export function VatReceiptSection({ receipt }: { receipt: VatReceipt }) {
  // Small on a phone, so all six columns fit its width and the totals are not scrolled out of sight.
  const cell = "py-2 pl-2 text-right tabular-nums whitespace-nowrap sm:pl-3";
  return (
    <section
      aria-labelledby="vat-receipt"
      className="mt-10 rounded-2xl bg-white p-6 ring-1 ring-line"
    >
      <h2 id="vat-receipt" className="text-lg font-bold">
        VAT receipt
      </h2>
      <div className="mt-3 grid gap-4 text-sm sm:grid-cols-2">
        <div>
          <p className="font-semibold">{receipt.seller.legalName}</p>
          <address className="not-italic">
            {receipt.seller.address.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
          <p className="mt-1">VAT registration number: {receipt.seller.vatNumber}</p>
        </div>
        <dl className="grid grid-cols-[max-content_1fr] content-start gap-x-3 gap-y-1">
          <dt className="font-semibold">Receipt number</dt>
          <dd>{receipt.number}</dd>
          <dt className="font-semibold">Date of supply (tax point)</dt>
          <dd>{formatLongDate(receipt.taxPoint)}</dd>
        </dl>
      </div>
      <ScrollRegion labelledBy="vat-receipt-lines" className="mt-4">
        <table className="w-full text-left text-xs sm:text-sm">
          <caption id="vat-receipt-lines" className="sr-only">
            VAT on each item of order {receipt.number}, in pounds
          </caption>
          <thead className="border-y border-line">
            <tr>
              <th scope="col" className="py-2">
                Description
              </th>
              <th scope="col" className="py-2 pl-2 text-right sm:pl-3">
                Qty
              </th>
              <th scope="col" className="py-2 pl-2 text-right sm:pl-3">
                VAT rate
              </th>
              <th scope="col" className="py-2 pl-2 text-right sm:pl-3">
                Net
              </th>
              <th scope="col" className="py-2 pl-2 text-right sm:pl-3">
                VAT
              </th>
              <th scope="col" className="py-2 pl-2 text-right sm:pl-3">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {receipt.rows.map((row) => (
              <tr key={row.description} className="border-b border-line">
                <th scope="row" className="py-2 font-normal">
                  {row.description}
                </th>
                <td className={cell}>{row.quantity}</td>
                <td className={cell}>{row.vatRate === null ? "Mixed" : `${row.vatRate}%`}</td>
                <td className={cell}>{formatPrice(row.net)}</td>
                <td className={cell}>{formatPrice(row.vat)}</td>
                <td className={cell}>{formatPrice(row.gross)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            {(
              [
                ["Total without VAT", receipt.totals.net],
                ["Total VAT", receipt.totals.vat],
                ["Total paid", receipt.totals.gross],
              ] as const
            ).map(([label, amount]) => (
              <tr key={label} className={label === "Total paid" ? "font-bold" : undefined}>
                <th scope="row" colSpan={5} className="py-1.5 text-right">
                  {label}
                </th>
                <td className={cell}>{formatPrice(amount)}</td>
              </tr>
            ))}
          </tfoot>
        </table>
      </ScrollRegion>
      <p className="mt-3 text-sm text-muted">
        {receipt.exported
          ? "Export outside the UK VAT area: zero-rated, no UK VAT charged."
          : "Prices include VAT at the rates shown; delivery carries VAT at the rates of the goods it delivers."}
      </p>
    </section>
  );
}
