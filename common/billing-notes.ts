import type { BillingModelType, BillingPeriod } from "./billing.ts";
import { formatLongDate } from "./dates.ts";

// What shoppers read about how a product is sold (issue 15, decision 0016): on the product page,
// in the basket, at checkout, in the confirmation email and on the order page.

/** How a product is sold, as the storefront needs it: null for a plain one-off sale. */
export type BillingTerms = {
  type: BillingModelType;
  /** A membership's renewal period; null otherwise. */
  period: BillingPeriod | null;
  /** A pre-order's release date (YYYY-MM-DD); null otherwise. */
  shipsFrom: string | null;
};

const RENEWS: Readonly<Record<BillingPeriod, string>> = { month: "monthly", year: "yearly" };

/** "Pre-order: ships from 14 March 2027". */
export const preOrderNote = (shipsFrom: string) =>
  `Pre-order: ships from ${formatLongDate(shipsFrom)}`;

/**
 * The note beside a price: "Pre-order: ships from 14 March 2027" or "Fan club membership · renews
 * monthly"; undefined for a one-off sale.
 */
export function billingNote(terms: BillingTerms | null | undefined): string | undefined {
  if (!terms) return undefined;
  if (terms.type === "pre_order" && terms.shipsFrom) return preOrderNote(terms.shipsFrom);
  if (terms.type === "membership" && terms.period)
    return `Fan club membership · renews ${RENEWS[terms.period]}`;
  return undefined;
}
