/** Where a code is in its life: not started yet, live, or ended (its `endsAt` has passed). */
export const DISCOUNT_STATUSES = ["scheduled", "live", "ended"] as const;

export type DiscountStatus = (typeof DISCOUNT_STATUSES)[number];

/** The status of a code with these dates at `at`: live from `startsAt` to `endsAt` (exclusive). */
export function discountStatus(
  dates: { startsAt: string; endsAt: string | null },
  at = new Date(),
): DiscountStatus {
  if (at < new Date(dates.startsAt)) return "scheduled";
  if (dates.endsAt && at >= new Date(dates.endsAt)) return "ended";
  return "live";
}
