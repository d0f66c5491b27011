import type { VatReceipt } from "../../common/vat-receipt";
import { formatLongDate } from "../lib/dates";
import { VatTable } from "./vat-table";

/**
 * A paid order's UK VAT receipt as the customer reads (and prints) it: the seller, its VAT number,
 * the tax point, each line's VAT rate and VAT, and the totals. Every figure is the server's.
 */
export function VatReceiptSection({ receipt }: { receipt: VatReceipt }) {
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
      <VatTable
        caption={`VAT on each item of order ${receipt.number}, in pounds`}
        rows={receipt.rows.map((row) => ({
          key: row.description,
          description: row.description,
          quantity: row.quantity,
          rate: row.vatRate === null ? "Mixed" : `${row.vatRate}%`,
          net: row.net,
          vat: row.vat,
          gross: row.gross,
        }))}
        totals={[
          ["Total without VAT", receipt.totals.net],
          ["Total VAT", receipt.totals.vat],
          ["Total paid", receipt.totals.gross],
        ]}
      />
      <p className="mt-3 text-sm text-muted">
        {receipt.exported
          ? "Export outside the UK VAT area: zero-rated, no UK VAT charged."
          : "Prices include VAT at the rates shown; delivery carries VAT at the rates of the goods it delivers."}
      </p>
    </section>
  );
}
