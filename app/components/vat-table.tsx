import { type ReactNode, useId } from "react";
import { formatPrice } from "../../common/money";
import { ScrollRegion } from "./ui/scroll-region";

/** One row of a VAT table: what was sold, how many, its VAT rate as read, and its money (pence). */
export type VatTableRow = {
  key: string | number;
  description: ReactNode;
  quantity: number;
  /** "20%", "0%", or "Mixed" for delivery carrying the goods' rates. */
  rate: string;
  net: number;
  vat: number;
  gross: number;
};

/**
 * The table HMRC asks of a VAT invoice or receipt (VAT Notice 700 §16.6): each line's quantity,
 * VAT rate, net, VAT and total, then the totals without VAT, of VAT and with it, the last bold.
 * One table for the customer's receipt and the staff's invoice, so both read the same. Small type
 * on a phone keeps all six columns in its width; it scrolls inside itself when it cannot.
 */
export function VatTable({
  caption,
  rows,
  totals,
}: {
  /** What the table holds, for assistive technology: "Items invoiced, in pounds sterling". */
  caption: string;
  rows: VatTableRow[];
  totals: ReadonlyArray<readonly [label: string, pence: number]>;
}) {
  const captionId = useId();
  const cell = "py-2 pl-2 text-right tabular-nums whitespace-nowrap sm:pl-3";
  const last = totals.length - 1;
  return (
    <ScrollRegion labelledBy={captionId} className="mt-4">
      <table className="w-full text-left text-xs sm:text-sm">
        <caption id={captionId} className="sr-only">
          {caption}
        </caption>
        <thead className="border-y border-line">
          <tr>
            <th scope="col" className="py-2">
              Description
            </th>
            {["Qty", "VAT rate", "Net", "VAT", "Total"].map((heading) => (
              <th key={heading} scope="col" className="py-2 pl-2 text-right sm:pl-3">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-b border-line">
              <th scope="row" className="py-2 font-normal">
                {row.description}
              </th>
              <td className={cell}>{row.quantity}</td>
              <td className={cell}>{row.rate}</td>
              <td className={cell}>{formatPrice(row.net)}</td>
              <td className={cell}>{formatPrice(row.vat)}</td>
              <td className={cell}>{formatPrice(row.gross)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {totals.map(([label, amount], index) => (
            <tr key={label} className={index === last ? "font-bold" : undefined}>
              <th scope="row" colSpan={5} className="py-1.5 text-right">
                {label}
              </th>
              <td className={cell}>{formatPrice(amount)}</td>
            </tr>
          ))}
        </tfoot>
      </table>
    </ScrollRegion>
  );
}
