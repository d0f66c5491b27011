import { z } from "zod";
import { PublicAddress } from "./accounts.ts";
import { BILLING_MODEL_TYPES, BILLING_PERIODS, DISPATCH_PLANS } from "./billing.ts";
import { MembershipView, ORDER_STATUS_IDS, OrderLineView, ShipmentView } from "./orders.ts";

export { ShipmentView };

// Issue 15: orders as staff see them (the list, the order page, dispatch), shared by the staff
// API (server/orders/staff*.ts, dispatch*.ts) and the back-office screens.

const Id = z.number().int().min(1);
const Pence = z.number().int();
const Instant = z.string().meta({ description: "ISO 8601, UTC." });
const Day = z.string().meta({ description: "A day in Europe/London: YYYY-MM-DD." });

/** The list's status filter: a status, or the orders that can be sent today. */
export const ORDER_LIST_STATUSES = [...ORDER_STATUS_IDS, "to_dispatch"] as const;
export type OrderListStatus = (typeof ORDER_LIST_STATUSES)[number];

/** A row of the staff order list. */
export const StaffOrderItem = z
  .object({
    id: Id,
    number: z.string(),
    createdAt: Instant,
    customerName: z.string().meta({ description: "The shipping address's name." }),
    email: z.string(),
    status: z.enum(ORDER_STATUS_IDS),
    total: Pence,
    itemCount: z.number().int(),
    shipBy: Day.nullable().meta({
      description:
        "A paid order's day to send it by: the next working day after payment, or the latest release date of what is still to ship.",
    }),
    archivedAt: Instant.nullable(),
    paymentProblem: z.boolean().meta({
      description:
        "A provider reported a payment of another amount or currency: not paid on it; staff check it.",
    }),
  })
  .meta({ id: "StaffOrderItem" });
export type StaffOrderItem = z.output<typeof StaffOrderItem>;

/** A line as staff see it: as bought, what was refunded, and how and when it ships. */
export const StaffOrderLine = OrderLineView.extend({
  refundedQuantity: z.number().int(),
  restockedQuantity: z.number().int(),
  billingModelType: z.enum(BILLING_MODEL_TYPES),
  billingPeriod: z.enum(BILLING_PERIODS).nullable(),
  shipsFrom: Day.nullable(),
  shipmentId: Id.nullable(),
  net: Pence.meta({ description: "What the line was charged, without VAT." }),
  charged: Pence.meta({
    description:
      "What the line was charged: its price less its discount, less UK VAT on an export.",
  }),
}).meta({ id: "StaffOrderLine" });
export type StaffOrderLine = z.output<typeof StaffOrderLine>;

/** Money given back on the order (read-only here: refunds have their own routes). */
export const StaffRefundView = z
  .object({
    id: Id,
    amount: Pence,
    vat: Pence,
    delivery: Pence,
    reason: z.string(),
    restocked: z.boolean(),
    state: z.string(),
    providerReference: z.string().nullable(),
    failureMessage: z.string().nullable(),
    createdAt: Instant,
    lines: z.array(
      z.object({ orderLineId: Id, quantity: z.number().int(), amount: Pence, vat: Pence }),
    ),
  })
  .meta({ id: "StaffRefundView" });
export type StaffRefundView = z.output<typeof StaffRefundView>;

export const OrderEventView = z
  .object({
    id: Id,
    type: z.string(),
    message: z.string(),
    detail: z.record(z.string(), z.unknown()).nullable(),
    actorEmail: z.string().nullable(),
    at: Instant,
  })
  .meta({ id: "OrderEventView" });

/** Whether the order can be dispatched now, and if not, why; which lines would go. */
export const DispatchReadiness = z.object({
  ready: z.boolean(),
  reason: z.string().nullable(),
  lineIds: z.array(Id),
  /** True when these lines are only part of what is left (a split order's first parcel). */
  partial: z.boolean(),
});
export type DispatchReadiness = z.output<typeof DispatchReadiness>;

/** GET /api/staff/orders/edit/{id}: everything the order page shows. */
export const StaffOrderEdit = z
  .object({
    id: Id,
    number: z.string(),
    status: z.enum(ORDER_STATUS_IDS),
    email: z.string(),
    customerId: Id.nullable(),
    createdAt: Instant,
    updatedAt: Instant,
    paidAt: Instant.nullable(),
    dispatchedAt: Instant.nullable(),
    cancelledAt: Instant.nullable(),
    refundedAt: Instant.nullable(),
    archivedAt: Instant.nullable(),
    cancelReason: z.string().nullable(),
    exported: z.boolean(),
    discountCode: z.string().nullable(),
    dispatchPlan: z.enum(DISPATCH_PLANS).nullable(),
    shipsFrom: Day.nullable(),
    lines: z.array(StaffOrderLine),
    totals: z.object({
      subtotal: Pence,
      discount: Pence,
      delivery: Pence,
      deliveryVat: Pence,
      vat: Pence,
      net: Pence.meta({ description: "The total without its VAT." }),
      total: Pence,
      refunded: Pence,
    }),
    shippingAddress: PublicAddress,
    billingAddress: PublicAddress,
    delivery: z.object({
      title: z.string(),
      carrier: z.string(),
      estimatedDays: z.object({ min: z.number().int(), max: z.number().int() }),
    }),
    payment: z.object({
      provider: z.string(),
      reference: z.string().nullable(),
      state: z.string().nullable().meta({ description: "The payment record's state, if any." }),
      amount: Pence.nullable(),
      declineMessage: z.string().nullable(),
      problem: z.string().nullable().meta({
        description:
          "Why the order was not paid on a payment its provider reported (another amount or currency), for staff to check.",
      }),
    }),
    shipments: z.array(ShipmentView),
    refunds: z.array(StaffRefundView),
    memberships: z.array(MembershipView),
    timeline: z.array(OrderEventView),
    dispatch: DispatchReadiness,
  })
  .meta({ id: "StaffOrderEdit" });
export type StaffOrderEdit = z.output<typeof StaffOrderEdit>;

/** POST /api/staff/orders/dispatch-csv: what the file does (or did), and every row's errors. */
export const DispatchImportSummary = z
  .object({
    dryRun: z.boolean(),
    rows: z.number().int(),
    dispatched: z.array(
      z.object({
        row: z.number().int(),
        orderId: Id,
        orderNumber: z.string(),
        carrier: z.string(),
        trackingNumber: z.string(),
        partial: z.boolean(),
      }),
    ),
    errors: z.array(z.object({ row: z.number().int(), field: z.string(), message: z.string() })),
  })
  .meta({ id: "DispatchImportSummary" });
export type DispatchImportSummary = z.output<typeof DispatchImportSummary>;

/** The bulk-dispatch file's columns; `tracking_url` may be left out. */
export const DISPATCH_CSV_COLUMNS = [
  "order_number",
  "carrier",
  "tracking_number",
  "tracking_url",
] as const;
export const DISPATCH_CSV_MAX_BYTES = 1024 * 1024;
export const DISPATCH_CSV_MAX_ROWS = 1000;
