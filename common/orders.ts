import { z } from "zod";

/** The kinds of charge an order's lines carry: goods, delivery, and money off. */
export const CHARGE_TYPE_IDS = ["product", "delivery", "discount"] as const;

/** GET /api/charge-types: one of these per kind of charge. */
export const ChargeTypeOption = z
  .object({ id: z.enum(CHARGE_TYPE_IDS), title: z.string() })
  .meta({ id: "ChargeTypeOption", description: "A kind of charge on an order, and its name." });
export type ChargeTypeOption = z.output<typeof ChargeTypeOption>;
