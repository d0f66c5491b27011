import { formatLongDate } from "./dates.ts";
import { formatPrice } from "./money.ts";
import type { SegmentRule } from "./segments.ts";

/** What each kind of rule is called in the rule builder. */
export const SEGMENT_RULE_LABELS: Record<SegmentRule["type"], string> = {
  "bought-from-band": "Bought from a band",
  "spent-over": "Spent over",
  "ordered-within": "Ordered in the last",
  "signed-up-after": "Signed up after",
  "marketing-consent": "Marketing consent",
};

/**
 * How one rule of a segment reads, in the audit log: "Spent over £50.00". `bands` names the bands
 * by id; one not given reads "no. 5".
 */
export function describeSegmentRule(
  rule: SegmentRule,
  bands: Readonly<Record<number, string>> = {},
): string {
  switch (rule.type) {
    case "bought-from-band":
      return `${SEGMENT_RULE_LABELS[rule.type]}: ${bands[rule.brandId] ?? `no. ${rule.brandId}`}`;
    case "spent-over":
      return `${SEGMENT_RULE_LABELS[rule.type]} ${formatPrice(rule.amount)}`;
    case "ordered-within":
      return `${SEGMENT_RULE_LABELS[rule.type]} ${rule.days} ${rule.days === 1 ? "day" : "days"}`;
    case "signed-up-after":
      return `${SEGMENT_RULE_LABELS[rule.type]} ${formatLongDate(`${rule.date}T12:00:00Z`)}`;
    case "marketing-consent":
      return `${SEGMENT_RULE_LABELS[rule.type]}: ${rule.consent ? "yes" : "no"}`;
  }
}
