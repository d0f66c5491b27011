import { ORDER_STATUS_LABELS as LABELS } from "../../../common/order-statuses";
import type { OrderStatusId } from "../../../common/orders";
import { Badge } from "./cells";

const TONES = {
  pending_payment: "warning",
  paid: "info",
  dispatched: "success",
  cancelled: "neutral",
  refunded: "danger",
} as const satisfies Record<OrderStatusId, Parameters<typeof Badge>[0]["tone"]>;

/** An order's status as a badge: its words, never its colour alone. */
export function OrderStatusBadge({ status }: { status: OrderStatusId }) {
  return <Badge tone={TONES[status]}>{LABELS[status]}</Badge>;
}

export const ORDER_STATUS_OPTIONS = [
  { value: "to_dispatch", label: "To dispatch today" },
  ...(Object.entries(LABELS) as Array<[OrderStatusId, string]>).map(([value, label]) => ({
    value,
    label,
  })),
];

const DAY = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" });

/** A London day (YYYY-MM-DD) as staff read it: 24 Nov 2026. */
export function DayCell({ day }: { day: string | null }) {
  if (!day) return <span className="text-muted">—</span>;
  return <time dateTime={day}>{DAY.format(new Date(`${day}T00:00:00Z`))}</time>;
}
