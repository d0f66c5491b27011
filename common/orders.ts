import { z } from "zod";
import { PublicAddress } from "./accounts.ts";
import {
  BILLING_MODEL_TYPES,
  BILLING_PERIODS,
  DISPATCH_PLANS,
  MEMBERSHIP_STATES,
} from "./billing.ts";

/** The kinds of charge an order's lines carry: goods, delivery, and money off. */
export const CHARGE_TYPE_IDS = ["product", "delivery", "discount"] as const;

/** GET /api/charge-types: one of these per kind of charge. */
export const ChargeTypeOption = z
  .object({ id: z.enum(CHARGE_TYPE_IDS), title: z.string() })
  .meta({ id: "ChargeTypeOption", description: "A kind of charge on an order, and its name." });
export type ChargeTypeOption = z.output<typeof ChargeTypeOption>;

const Id = z.number().int().min(1);
const Pence = z.number().int().min(0);
const Instant = z.string().meta({ description: "ISO 8601, UTC." });

export const ORDER_STATUS_IDS = [
  "pending_payment",
  "paid",
  "dispatched",
  "cancelled",
  "refunded",
] as const;
export type OrderStatusId = (typeof ORDER_STATUS_IDS)[number];

/** A line as bought: the snapshot the order keeps. */
export const OrderLineView = z
  .object({
    id: Id,
    variantId: Id.nullable(),
    productSlug: z.string(),
    title: z.string(),
    band: z.string(),
    attributes: z.array(z.string()),
    sku: z.string(),
    unitPrice: Pence,
    quantity: z.number().int().min(1),
    lineTotal: Pence,
    discount: Pence.meta({ description: "The line's share of the discount code." }),
    vatRate: z.number().int().min(0).max(100),
    vat: Pence,
    billingModelType: z.enum(BILLING_MODEL_TYPES).meta({
      description: "How it was sold: as bought, a pre-order, or a membership (decision 0016).",
    }),
    shipsFrom: z.string().nullable().meta({ description: "A pre-order's release, YYYY-MM-DD." }),
    billingPeriod: z
      .enum(BILLING_PERIODS)
      .nullable()
      .meta({ description: "A membership's renewal period." }),
  })
  .meta({ id: "OrderLineView", description: "A line of an order, as bought." });
export type OrderLineView = z.output<typeof OrderLineView>;

/** A parcel sent, as staff and the shopper read it. */
export const ShipmentView = z
  .object({
    id: Id,
    carrier: z.string(),
    trackingNumber: z.string(),
    trackingUrl: z.string().nullable(),
    dispatchedAt: Instant,
    lineIds: z.array(Id).meta({ description: "The order lines it carried." }),
  })
  .meta({ id: "ShipmentView", description: "A parcel sent: its carrier, tracking and lines." });
export type ShipmentView = z.output<typeof ShipmentView>;
/** A refund as the order's owner reads it: how much, when, and which units. */
export const CustomerRefundView = z
  .object({
    amount: Pence,
    at: Instant,
    lines: z.array(z.object({ title: z.string(), quantity: z.number().int().min(1) })),
    delivery: z.boolean().meta({ description: "The delivery charge was given back too." }),
  })
  .meta({ id: "CustomerRefundView", description: "Money given back on an order." });
export type CustomerRefundView = z.output<typeof CustomerRefundView>;

/** A paid membership line's renewal, for the order's pages. */
export const MembershipView = z
  .object({
    orderLineId: Id,
    title: z.string(),
    period: z.enum(BILLING_PERIODS),
    amount: Pence.meta({ description: "Charged each period, VAT included." }),
    state: z.enum(MEMBERSHIP_STATES),
    renewsAt: Instant.nullable().meta({
      description: "When the provider next charges; null once cancelled.",
    }),
    atProvider: z.boolean().meta({
      description: "The payment provider holds the subscription (false: waiting for it).",
    }),
  })
  .meta({ id: "MembershipView", description: "A membership's renewal." });
export type MembershipView = z.output<typeof MembershipView>;

/** An order as its owner sees it. */
export const OrderView = z
  .object({
    id: Id,
    number: z.string().meta({ example: "EN-10042" }),
    status: z.enum(ORDER_STATUS_IDS),
    email: z.string(),
    createdAt: Instant,
    timeline: z
      .array(z.object({ status: z.enum(ORDER_STATUS_IDS), at: Instant }))
      .meta({ description: "Each status the order reached, oldest first." }),
    lines: z.array(OrderLineView),
    // The shape of a saved address: the order keeps its own copy.
    shippingAddress: PublicAddress,
    billingAddress: PublicAddress,
    delivery: z.object({
      title: z.string(),
      carrier: z.string(),
      estimatedDays: z.object({ min: z.number().int(), max: z.number().int() }),
    }),
    exported: z.boolean().meta({ description: "Sent outside the UK: prices are without VAT." }),
    discountCode: z.string().nullable(),
    totals: z.object({
      subtotal: Pence,
      discount: Pence,
      delivery: Pence,
      vat: Pence,
      total: Pence,
    }),
    cancelReason: z.string().nullable(),
    shipments: z
      .array(ShipmentView)
      .meta({ description: "The parcels sent so far, with their tracking, oldest first." }),
    // Refunds (issue 15): what was given back, and each refund that has gone through.
    refundedTotal: Pence,
    refunds: z.array(CustomerRefundView),
    shipsFrom: z.string().nullable().meta({
      description: "With pre-orders: the latest release date (YYYY-MM-DD), when all can ship.",
    }),
    dispatchPlan: z.enum(DISPATCH_PLANS).nullable().meta({
      description: "Pre-orders with goods that shipped now: split, or together on release.",
    }),
    memberships: z.array(MembershipView).meta({
      description: "The renewal of each membership the order paid for, once paid.",
    }),
  })
  .meta({
    id: "OrderView",
    description: "An order: what was bought, for how much, and where it stands.",
  });
export type OrderView = z.output<typeof OrderView>;

/** An order in its owner's list. */
export const OrderSummary = z
  .object({
    id: Id,
    number: z.string(),
    status: z.enum(ORDER_STATUS_IDS),
    createdAt: Instant,
    total: Pence,
    itemCount: z.number().int().min(0),
  })
  .meta({ id: "OrderSummary", description: "An order in a customer's list." });
export type OrderSummary = z.output<typeof OrderSummary>;
