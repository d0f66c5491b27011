import type { DiscountUnitType } from "../../common/discounts.ts";

/**
 * The discount in pence on the lines in scope, which add up to `eligibleSubtotal`.
 *
 * Rounding: a percentage is taken of the eligible subtotal as a whole (not line by line) and
 * rounded half up to the penny: 10% of £24.95 = 249.5p → 250p; 15% of £9.99 = 149.85p → 150p.
 * A fixed amount is its value. Either way the discount is never more than the eligible subtotal
 * (security.md #6), so a total never goes below zero.
 */
export function discountAmount(
  unitType: DiscountUnitType,
  value: number,
  eligibleSubtotal: number,
): number {
  // Integer arithmetic: floor((s × p + 50) / 100) is s × p / 100 rounded half up, with no float error.
  const raw = unitType === "percentage" ? Math.floor((eligibleSubtotal * value + 50) / 100) : value;
  return Math.max(0, Math.min(raw, eligibleSubtotal));
}

/**
 * Splits `amount` pence over `weights` (each eligible line's total; 0 for a line out of scope) in
 * proportion, by the largest-remainder method: every line gets the whole pence of its exact
 * share, and the pence left over go one each to the lines with the largest remainders, the
 * earlier line first on a tie. The shares sum exactly to `amount`; a weight of 0 gets 0.
 */
export function splitProportionally(amount: number, weights: number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (amount <= 0 || total <= 0) return weights.map(() => 0);
  // BigInt: amount × weight can pass 2^53 for a large basket.
  const whole = BigInt(amount);
  const sum = BigInt(total);
  const parts = weights.map((weight, index) => {
    const exact = whole * BigInt(weight);
    return { index, share: Number(exact / sum), remainder: exact % sum };
  });
  let left = amount - parts.reduce((given, part) => given + part.share, 0);
  const byRemainder = [...parts].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  // The remainders add up to `left` whole pence and each is under one, so more than `left` lines
  // have one: no line with a zero weight (or a zero remainder) is ever given a penny.
  for (const part of byRemainder) {
    if (left === 0) break;
    part.share += 1;
    left -= 1;
  }
  return parts.map((part) => part.share);
}
