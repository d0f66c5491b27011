/**
 * How many of `total` cards a grid of one column on phones, two from `sm` and `wide` from `lg`
 * shows so that no row at any width ends with a lone card; and `wide`, 3 when six or more fill
 * whole rows of two and of three, else 2 (issue 16: no orphan card).
 */
export function fullRows(total: number): { count: number; wide: 1 | 2 | 3 } {
  if (total >= 6) return { count: total - (total % 6), wide: 3 };
  if (total >= 2) return { count: total - (total % 2), wide: 2 };
  // One card fills the one column it is given at every width.
  return { count: total, wide: 1 };
}
