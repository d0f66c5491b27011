import { z } from "zod";
import { ORDER_STATUS_IDS } from "./orders.ts";

const Id = z.number().int().min(1);
const Pence = z.number().int().min(0);
const Instant = z.string().meta({ description: "ISO 8601, UTC." });

export const REFUND_STATE_IDS = ["pending", "succeeded", "failed"] as const;

/** The units of one line a refund gave back, with their share of money and VAT. */
export const RefundLineView = z
  .object({
    orderLineId: Id,
    title: z.string(),
    quantity: z.number().int().min(1),
    amount: Pence,
    vat: Pence,
  })
  .meta({ id: "RefundLineView", description: "Units of an order line a refund gives back." });
export type RefundLineView = z.output<typeof RefundLineView>;

/** What a refund gives back, worked out by the server from the order's stored figures. */
export const RefundAmounts = z
  .object({
    amount: Pence.meta({ description: "Pence, VAT included: the lines' share plus delivery." }),
    vat: Pence,
    delivery: Pence.meta({ description: "The part of `amount` that is the delivery charge." }),
    lines: z.array(RefundLineView),
  })
  .meta({ id: "RefundAmounts", description: "The money a refund gives back, and its VAT." });
export type RefundAmounts = z.output<typeof RefundAmounts>;

/** A refund as staff and the order's owner see it. */
export const RefundView = RefundAmounts.extend({
  id: Id,
  state: z.enum(REFUND_STATE_IDS),
  reason: z.string(),
  restocked: z.boolean(),
  createdAt: Instant,
}).meta({ id: "RefundView", description: "Money given back on an order." });
export type RefundView = z.output<typeof RefundView>;

/** A line as the refund screen shows it: what was bought and what is left to refund. */
export const RefundableLine = z
  .object({
    id: Id,
    title: z.string(),
    band: z.string(),
    attributes: z.array(z.string()),
    quantity: z.number().int().min(1),
    refundedQuantity: z.number().int().min(0),
    restockedQuantity: z.number().int().min(0),
    lineTotal: Pence,
    discount: Pence,
    vat: Pence,
  })
  .meta({ id: "RefundableLine" });
export type RefundableLine = z.output<typeof RefundableLine>;

/** GET /api/staff/orders/refund/{id}: an order as its refund screen needs it. */
export const RefundableOrder = z
  .object({
    id: Id,
    number: z.string(),
    status: z.enum(ORDER_STATUS_IDS),
    email: z.string(),
    paymentProvider: z.string(),
    total: Pence,
    refundedTotal: Pence,
    delivery: Pence,
    deliveryRefunded: z.boolean(),
    lines: z.array(RefundableLine),
    refunds: z.array(RefundView),
    canRefund: z
      .boolean()
      .meta({ description: "Paid or dispatched, with money left to give back." }),
    canCancel: z.boolean().meta({ description: "Unpaid, or paid and not dispatched." }),
  })
  .meta({ id: "RefundableOrder", description: "An order as its refund screen shows it." });
export type RefundableOrder = z.output<typeof RefundableOrder>;

/** The answer to a refund or a cancel: the refund made (none for an unpaid order) and the order. */
export const RefundResult = z
  .object({
    refund: RefundView.nullable(),
    order: z.object({
      id: Id,
      number: z.string(),
      status: z.enum(ORDER_STATUS_IDS),
      total: Pence,
      refundedTotal: Pence,
    }),
  })
  .meta({ id: "RefundResult", description: "A refund or cancel, done." });
export type RefundResult = z.output<typeof RefundResult>;
