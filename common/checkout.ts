import { z } from "zod";
import { DISPATCH_PLANS } from "./billing.ts";
import { BillingTermsView } from "./billing-terms.ts";
import { DeliveryOption } from "./delivery.ts";

const Id = z.number().int().min(1);
const Pence = z.number().int().min(0);

export const CHECKOUT_PROBLEM_CODES = [
  "out_of_stock",
  "short_of_stock",
  "unpublished",
  "over_limit",
] as const;

/** A line of the quote, priced by the server. */
export const QuoteLine = z
  .object({
    id: Id.meta({ description: "The variant id." }),
    title: z.string(),
    attributes: z.array(z.string()),
    quantity: z.number().int().min(1),
    unitPrice: Pence,
    lineTotal: Pence,
    discount: Pence.meta({ description: "The line's share of the discount code." }),
    vatRate: z.number().int().min(0).max(100),
    vat: Pence.meta({ description: "The VAT charged on the line after its discount." }),
    billing: BillingTermsView.nullable().meta({
      description: "A pre-order (and when it ships) or a membership (and how often it renews).",
    }),
  })
  .meta({ id: "QuoteLine", description: "A line of the quote, priced by the server." });

/** POST /api/checkout/show: what the order would cost now. */
export const CheckoutQuote = z
  .object({
    lines: z.array(QuoteLine),
    subtotal: Pence,
    discount: Pence,
    discountCode: z.string().nullable(),
    discountProblem: z
      .string()
      .nullable()
      .meta({ description: "Why the code given does not apply (then no discount is taken)." }),
    delivery: Pence,
    deliveryOption: DeliveryOption.nullable(),
    exported: z.boolean().meta({ description: "Sent outside the UK VAT area: no UK VAT." }),
    vat: Pence.meta({ description: "The VAT included in the total." }),
    vatTakenOff: Pence.meta({ description: "On an export, the UK VAT taken off the prices." }),
    total: Pence,
    problems: z
      .array(z.object({ id: Id, code: z.enum(CHECKOUT_PROBLEM_CODES), message: z.string() }))
      .meta({ description: "Lines that stop the order being charged until the basket changes." }),
    shipsFrom: z.string().nullable().meta({
      description: "With pre-orders: the latest release date (YYYY-MM-DD), when all can ship.",
    }),
    preOrderNote: z
      .string()
      .nullable()
      .meta({ description: "With pre-orders: “Pre-order: ships from 14 March 2027”." }),
    dispatchPlans: z.array(z.object({ id: z.enum(DISPATCH_PLANS), title: z.string() })).meta({
      description:
        "Pre-orders mixed with goods that ship now: the ways to send them, one of which the charge needs as `dispatchPlan`. Empty otherwise. Split costs no more delivery.",
    }),
    membershipProblem: z.string().nullable().meta({
      description: "More than one membership, or one twice: the charge refuses it (422 on lines).",
    }),
  })
  .meta({ id: "CheckoutQuote", description: "The server's price for the basket, delivered." });
export type CheckoutQuote = z.output<typeof CheckoutQuote>;

export const CHARGE_STATUSES = ["paid", "requires_action", "declined"] as const;

/** POST /api/checkout/charge. */
export const ChargeResult = z
  .object({
    orderId: Id,
    number: z.string(),
    status: z.enum(CHARGE_STATUSES),
    total: Pence,
    provider: z.enum(["test", "stripe"]),
    clientSecret: z
      .string()
      .optional()
      .meta({ description: "With requires_action: for Stripe Elements or the test bank step." }),
    paymentReference: z.string(),
    declineMessage: z.string().optional(),
    accessToken: z
      .string()
      .optional()
      .meta({ description: "Guests only, shown once: opens the order with /api/orders/show." }),
  })
  .meta({
    id: "ChargeResult",
    description: "The order written by a charge, and where its payment stands.",
  });
export type ChargeResult = z.output<typeof ChargeResult>;

/**
 * POST /api/checkout/charge answered 202: the order is written and its payment is still being
 * confirmed when the request's time ran out. Never "busy" for an order that will be paid: the
 * client polls the order (the answer's `Location`) until it is paid or cancelled.
 */
export const ChargeAccepted = z
  .object({
    orderId: Id,
    number: z.string(),
    status: z.literal("processing"),
    total: Pence,
    accessToken: z
      .string()
      .optional()
      .meta({ description: "Guests only, shown once: opens the order with /api/orders/show." }),
  })
  .meta({
    id: "ChargeAccepted",
    description:
      "The order is written; its payment is being confirmed. Poll the order at `Location` until it is paid or cancelled.",
  });
export type ChargeAccepted = z.output<typeof ChargeAccepted>;
