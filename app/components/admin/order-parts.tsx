import type { PublicAddress } from "../../../common/accounts";
import { countryByCode } from "../../../common/countries";
import { formatPrice } from "../../../common/money";
import type { StaffOrderEdit } from "../../../common/orders-admin";

// The parts of an order that its page, packing slip and VAT invoice all show.

/** An address as a block of lines, the country by name. */
export function AddressLines({ address }: { address: PublicAddress }) {
  const lines = [
    address.fullName,
    address.line1,
    address.line2,
    address.city,
    address.county,
    address.postcode,
    countryByCode(address.country)?.name ?? address.country,
  ].filter((line): line is string => Boolean(line?.trim()));
  return (
    <address className="not-italic leading-relaxed">
      {lines.map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
    </address>
  );
}

/** A line's money as charged: its price less its discount share, the VAT in it and without. */
export function lineMoney(line: StaffOrderEdit["lines"][number]) {
  return { gross: line.charged, vat: line.vat, net: line.net };
}

/** The delivery charge with its VAT (the order's stored figures). */
export function deliveryMoney(order: StaffOrderEdit) {
  const linesGross = order.lines.reduce((sum, line) => sum + line.charged, 0);
  // On an export the VAT came off every price; delivery is what the total leaves.
  const gross = order.exported ? order.totals.total - linesGross : order.totals.delivery;
  const vat = order.exported ? 0 : order.totals.deliveryVat;
  return { gross, vat, net: gross - vat };
}

/** The money rows under an order's lines. */
export function TotalsRows({ order, colSpan }: { order: StaffOrderEdit; colSpan: number }) {
  const { totals } = order;
  const rows: Array<[string, string, boolean?]> = [
    ["Subtotal", formatPrice(totals.subtotal)],
    ...(totals.discount > 0
      ? [
          [
            order.discountCode ? `Discount (${order.discountCode})` : "Discount",
            `−${formatPrice(totals.discount)}`,
          ] as [string, string],
        ]
      : []),
    [
      `Delivery: ${order.delivery.title}`,
      totals.delivery === 0 ? "Free" : formatPrice(totals.delivery),
    ],
    ["Total without VAT", formatPrice(totals.net)],
    [order.exported ? "VAT (export: none charged)" : "VAT", formatPrice(totals.vat)],
    ["Total", formatPrice(totals.total), true],
    ...(totals.refunded > 0
      ? [["Refunded", `−${formatPrice(totals.refunded)}`] as [string, string]]
      : []),
  ];
  return (
    <>
      {rows.map(([label, amount, strong]) => (
        <tr key={label} className={strong ? "font-bold" : undefined}>
          <th scope="row" colSpan={colSpan} className="px-3 py-1.5 text-right font-semibold">
            {label}
          </th>
          <td className="px-3 py-1.5 text-right tabular-nums whitespace-nowrap">{amount}</td>
        </tr>
      ))}
    </>
  );
}
