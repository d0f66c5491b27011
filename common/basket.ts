import { z } from "zod";
import { BillingTermsView } from "./billing-terms.ts";
import { FILE_TYPES, ImageRef } from "./images.ts";

const Id = z.number().int().min(1);
const Pence = z.number().int().min(0);

/**
 * behaviour.md §3: a basket line as the shop shows it; prices come from the database, never the
 * client.
 */
export const BasketLine = z
  .object({
    key: z.string(),
    title: z.string(),
    productId: Id,
    quantity: z.number().int().min(1),
    maxQuantity: z.number().int().min(1).meta({
      description: "The most this line can hold now: its stock, within the per-line limit.",
    }),
    lineTotal: Pence,
    vatRate: z.number().int().min(0).max(100).meta({
      description: "The whole percent of VAT in lineTotal: 20, or 0 for zero-rated goods.",
    }),
    productVariant: z.object({
      id: Id,
      sku: z.string(),
      price: Pence,
      compareAtPrice: Pence.nullable(),
      attributes: z.array(z.object({ id: Id, title: z.string(), type: z.string() })),
      product: z.object({
        id: Id,
        slug: z.string(),
        title: z.string(),
        productType: z.string(),
        preOrder: z.boolean(),
        billing: BillingTermsView.nullable(),
        brand: z.object({ title: z.string(), slug: z.string() }),
        mediaFiles: z.array(ImageRef.extend({ fileType: z.enum(FILE_TYPES) })),
      }),
    }),
    image: ImageRef.nullable(),
  })
  .meta({ id: "BasketLine", description: "A line of the basket, priced from the database." });
export type BasketLine = z.output<typeof BasketLine>;

/** Why a requested line changed: the shopper is told each one. */
export const BasketAdjustment = z
  .object({
    id: Id,
    kind: z.enum(["removed", "capped"]),
    reason: z.enum(["unavailable", "sold-out", "short-of-stock", "over-limit"]).meta({
      description: "Why: no longer sold, sold out, fewer left, or over the per-line limit.",
    }),
    message: z.string(),
  })
  .meta({
    id: "BasketAdjustment",
    description: "A requested variant that was removed or capped, and what to tell the shopper.",
  });
export type BasketAdjustment = z.output<typeof BasketAdjustment>;

/** POST /api/basket/lines. */
export const Basket = z
  .object({
    lines: z.array(BasketLine),
    adjustments: z.array(BasketAdjustment),
    subtotal: Pence,
    itemCount: z.number().int().min(0),
  })
  .meta({ id: "Basket", description: "The requested lines, priced and checked against stock." });
export type Basket = z.output<typeof Basket>;
