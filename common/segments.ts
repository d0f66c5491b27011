import { z } from "zod";

const Id = z.number().int().min(1).max(2_147_483_647);
const Day = z.iso.date("Enter a date as YYYY-MM-DD.");

/**
 * One condition of a segment; a customer is in the segment when every condition holds. Dates are
 * days in Europe/London; money is pence.
 */
export const SegmentRule = z.discriminatedUnion("type", [
  z.object({ type: z.literal("bought-from-band"), brandId: Id }),
  z.object({ type: z.literal("spent-over"), amount: z.number().int().min(0).max(100_000_000) }),
  // "Ordered in the last 90 days": relative, so the group stays current.
  z.object({ type: z.literal("ordered-within"), days: z.number().int().min(1).max(3650) }),
  z.object({ type: z.literal("signed-up-after"), date: Day }),
  z.object({ type: z.literal("marketing-consent"), consent: z.boolean() }),
]);
export type SegmentRule = z.output<typeof SegmentRule>;
export type SegmentRuleType = SegmentRule["type"];
