import { z } from "zod";
import { MAX_ID } from "../../../common/ids.ts";

const Id = z.number().int().min(1).max(MAX_ID, "No such line.");

/**
 * POST /api/staff/orders/refund/{id}: what to give back. Amounts never come from here: the
 * server works them out from the order's stored figures.
 */
export const RefundInput = z
  .strictObject({
    lines: z
      .array(
        z.strictObject({
          lineId: Id,
          quantity: z
            .number({ error: "Enter how many units to refund." })
            .int("Enter a whole number of units.")
            .min(1, "Refund at least one unit, or leave the line out.")
            .max(100_000, "That is more units than the line has."),
        }),
      )
      .max(500, "At most 500 lines.")
      .default([]),
    /** Everything not yet refunded: every unit left, and delivery if not yet given back. */
    full: z.boolean().default(false),
    delivery: z.boolean().default(false),
    /** Staff say the goods came back: the units return to stock. */
    restock: z.boolean().default(false),
    reason: z.string().trim().max(500, "Keep the reason under 500 characters.").default(""),
  })
  .refine((input) => input.full || input.delivery || input.lines.length > 0, {
    message: "Choose what to refund: units of a line, the delivery charge, or everything.",
    path: ["lines"],
  })
  .refine((input) => new Set(input.lines.map((line) => line.lineId)).size === input.lines.length, {
    message: "Name each line once.",
    path: ["lines"],
  });
export type RefundInput = z.output<typeof RefundInput>;

/** POST /api/staff/orders/cancel/{id}. */
export const CancelInput = z.strictObject({
  reason: z.string().trim().max(500, "Keep the reason under 500 characters.").default(""),
});
export type CancelInput = z.output<typeof CancelInput>;
