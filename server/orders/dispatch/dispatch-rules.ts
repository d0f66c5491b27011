import type { DispatchPlan } from "../../../common/billing.ts";
import type { DispatchReadiness } from "../../../common/orders-admin.ts";

// What may be sent when (issue 15): pure rules on an order's lines, shared by the order page,
// the list's "to dispatch" filter and dispatch itself.

/** `2026-03-14` as staff and shoppers read it: 14 March 2026. */
export const longDay = (day: string) =>
  new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );

/** The working day (Monday to Friday) after London day `day`. */
export function nextWorkingDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  do date.setUTCDate(date.getUTCDate() + 1);
  while (date.getUTCDay() === 0 || date.getUTCDay() === 6);
  return date.toISOString().slice(0, 10);
}

/** A line as the rules see it. */
export type ShippableLine = {
  id: number;
  quantity: number;
  refundedQuantity: number;
  shipsFrom: string | null;
  shipmentId: number | null;
};

/** Lines still to send: not in a parcel yet, and not wholly refunded. */
export const linesToShip = <L extends ShippableLine>(lines: L[]) =>
  lines.filter((line) => line.shipmentId === null && line.refundedQuantity < line.quantity);

/**
 * What a dispatch on `today` would send: everything left at once, unless a pre-order's release
 * date is still to come; then a `split` order sends what can go now as a first parcel, and any
 * other waits for the latest date. Only a paid order is sent.
 */
export function dispatchReadiness(
  order: { status: string; dispatchPlan: DispatchPlan | null },
  lines: ShippableLine[],
  today: string,
): DispatchReadiness {
  const waiting = linesToShip(lines);
  const no = (reason: string): DispatchReadiness => ({
    ready: false,
    reason,
    lineIds: [],
    partial: false,
  });
  if (order.status !== "paid") {
    return no(
      order.status === "pending_payment"
        ? "This order is not paid yet: only a paid order can be dispatched."
        : `This order is ${order.status.replace("_", " ")}: only a paid order can be dispatched.`,
    );
  }
  if (waiting.length === 0) return no("Everything in this order has been sent.");
  const now = waiting.filter((line) => line.shipsFrom === null || line.shipsFrom <= today);
  const later = waiting
    .map((line) => line.shipsFrom)
    .filter((day): day is string => day !== null && day > today)
    .sort();
  const latest = later.at(-1);
  if (latest === undefined) {
    return { ready: true, reason: null, lineIds: now.map((line) => line.id), partial: false };
  }
  if (order.dispatchPlan === "split" && now.length > 0) {
    return { ready: true, reason: null, lineIds: now.map((line) => line.id), partial: true };
  }
  return no(
    now.length > 0
      ? `This order ships together once its pre-order is out: it cannot be dispatched before ${longDay(latest)}.`
      : `This order holds a pre-order that cannot be dispatched before ${longDay(later[0] as string)}.`,
  );
}
