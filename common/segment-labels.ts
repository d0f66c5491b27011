import type { SegmentRule } from "./segments.ts";

/** What each kind of rule is called in the rule builder. */
export const SEGMENT_RULE_LABELS: Record<SegmentRule["type"], string> = {
  "bought-from-band": "Bought from a band",
  "spent-over": "Spent over",
  "ordered-within": "Ordered in the last",
  "signed-up-after": "Signed up after",
  "marketing-consent": "Marketing consent",
};
