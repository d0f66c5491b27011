import type { BillingModelType, BillingPeriod, DispatchPlan } from "./billing.ts";
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

/** What the shopper reads for each plan, at checkout and on the order afterwards. */
export function dispatchPlanTitle(plan: DispatchPlan, shipsFrom: string): string {
  return plan === "split"
    ? "Send what's ready now and the rest on release"
    : `Send everything together from ${formatLongDate(shipsFrom)}`;
}

/** Why split costs nothing more: the shop pays for the second parcel. */
export const SPLIT_COSTS_NOTHING = "No extra delivery charge: we pay for the second parcel.";

/** Only one membership, once, per order: it renews on its own. */
export const ONE_MEMBERSHIP =
  "A basket can hold one fan-club membership, once: buy another in a separate order.";

/** What the dispatch of a basket's lines needs: their latest release, and whether to ask. */
export function dispatchOf(lines: Array<{ billing: BillingTerms | null }>): {
  /** The latest release date of its pre-orders; null without any. */
  shipsFrom: string | null;
  /** Pre-orders and goods that ship now together: the shopper chooses a plan. */
  mixed: boolean;
} {
  const releases = lines.flatMap((line) =>
    line.billing?.type === "pre_order" && line.billing.shipsFrom ? [line.billing.shipsFrom] : [],
  );
  const shipsFrom = releases.length ? (releases.sort().at(-1) as string) : null;
  const now = lines.some((line) => !line.billing);
  return { shipsFrom, mixed: shipsFrom !== null && now };
}

/** Whether the lines break the one-membership rule. */
export const tooManyMemberships = (
  lines: Array<{ billing: BillingTerms | null; quantity: number }>,
) => {
  const members = lines.filter((line) => line.billing?.type === "membership");
  return members.length > 1 || members.some((line) => line.quantity > 1);
};

/** How a line was sold, as the order keeps it, in the shape `billingNote` reads. */
export const termsOfLine = (line: {
  billingModelType: BillingModelType;
  billingPeriod: BillingPeriod | null;
  shipsFrom: string | null;
}): BillingTerms | null =>
  line.billingModelType === "one_off"
    ? null
    : { type: line.billingModelType, period: line.billingPeriod, shipsFrom: line.shipsFrom };

/**
 * What an order with pre-orders says about its dispatch, on its page and in its emails:
 * "Pre-orders ship from 14 March 2027. You chose: Send what's ready now and the rest on release."
 */
export function orderDispatchNote(order: {
  shipsFrom: string | null;
  dispatchPlan: DispatchPlan | null;
}): string | undefined {
  if (!order.shipsFrom) return undefined;
  const when = `Pre-orders ship from ${formatLongDate(order.shipsFrom)}.`;
  if (!order.dispatchPlan) return when;
  const extra = order.dispatchPlan === "split" ? " (at no extra delivery charge)" : "";
  return `${when} You chose: ${dispatchPlanTitle(order.dispatchPlan, order.shipsFrom)}${extra}.`;
}

/**
 * Where a membership's renewal stands, as its member reads it: "Renews on 24 November 2027",
 * "Renewal payment due" or "Cancelled".
 */
export function membershipRenewalNote(membership: {
  state: "active" | "past_due" | "cancelled";
  renewsAt: string | null;
}): string {
  if (membership.state === "cancelled") return "Cancelled";
  if (membership.state === "past_due") return "Renewal payment due";
  return membership.renewsAt ? `Renews on ${formatLongDate(membership.renewsAt)}` : "Active";
}
