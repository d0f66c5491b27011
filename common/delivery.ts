import { z } from "zod";

const Id = z.number().int().min(1);
const Pence = z.number().int().min(0);
const WorkingDays = z.number().int().min(0);

/** One way to send the order, priced for the shopper's basket (pence, VAT included). */
export const DeliveryOption = z
  .object({
    id: Id,
    title: z.string(),
    carrier: z.string(),
    price: Pence.meta({
      description:
        "What this option costs the shopper: 0 once the goods subtotal reaches freeOver.",
    }),
    freeOver: Pence.nullable().meta({
      description: "The goods subtotal from which this option is free; null if it never is.",
    }),
    estimatedDays: z
      .object({ min: WorkingDays, max: WorkingDays })
      .meta({ description: "Working days after dispatch, as the carrier aims for." }),
  })
  .meta({ id: "DeliveryOption", description: "A delivery option and its price for this basket." });
export type DeliveryOption = z.output<typeof DeliveryOption>;

/** POST /api/delivery/option-groups/determined-delivery-option-group. */
export const DeliveryOptionGroup = z
  .object({
    id: Id,
    title: z.string(),
    options: z.array(DeliveryOption).min(1),
  })
  .meta({
    id: "DeliveryOptionGroup",
    description:
      "The delivery options for the shopper's country, in the order the shop lists them.",
  });
export type DeliveryOptionGroup = z.output<typeof DeliveryOptionGroup>;

/** How near a goods subtotal is to free UK delivery: the threshold and what is still to spend. */
export type FreeUkDelivery = { freeOver: number; remaining: number };
