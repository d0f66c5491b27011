// Whole numbers as en-GB writes them ("1,204"), without Intl: the first Intl formatter or
// `toLocaleString` a page calls loads the browser's locale data, a long task on a phone
// (issue 29), so what the storefront writes as its scripts start is plain arithmetic.
const THOUSANDS = /\B(?=(\d{3})+$)/g;

/**
 * A whole number with thousands commas, as `n.toLocaleString("en-GB")` writes it; anything else
 * (a fraction, NaN, beyond 2^53) is left to `toLocaleString` itself.
 */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n) || Object.is(n, -0)) return n.toLocaleString("en-GB");
  return `${n < 0 ? "-" : ""}${String(Math.abs(n)).replace(THOUSANDS, ",")}`;
}
