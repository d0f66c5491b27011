import type { OrderView } from "../../common/orders";
import { formatLongDate } from "../lib/dates";

/**
 * The parcels of an order as its shopper reads them: "Dispatched with Royal Mail — tracking
 * AB123456789GB", the number a link to the carrier's tracking page, and what each parcel holds
 * when the order came in more than one.
 */
export function OrderShipments({ order }: { order: Pick<OrderView, "shipments" | "lines"> }) {
  if (order.shipments.length === 0) return null;
  const several = order.shipments.length > 1;
  return (
    <section aria-labelledby="order-parcels" className="mb-8 rounded-xl border border-line p-4">
      <h2 id="order-parcels" className="font-bold">
        {several ? "Your parcels" : "Your parcel"}
      </h2>
      <ul className="mt-2 space-y-2">
        {order.shipments.map((shipment) => (
          <li key={shipment.id}>
            <p>
              Dispatched with {shipment.carrier} — tracking{" "}
              {shipment.trackingUrl ? (
                <a
                  href={shipment.trackingUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-semibold underline"
                >
                  {shipment.trackingNumber}
                  <span className="sr-only">
                    {" "}
                    (track it on the carrier's site, opens in a new tab)
                  </span>
                </a>
              ) : (
                <span className="font-semibold">{shipment.trackingNumber}</span>
              )}
            </p>
            <p className="text-sm text-muted">
              Sent on {formatLongDate(shipment.dispatchedAt)}
              {several &&
                `: ${order.lines
                  .filter((line) => shipment.lineIds.includes(line.id))
                  .map((line) => line.title)
                  .join(", ")}`}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
