import type { CollectionRuleView } from "./catalog-admin.ts";
import { penceAsPounds } from "./money.ts";
import { productTypeBySlug } from "./product-types.ts";

/**
 * How a collection's rule reads, in the collections list and the audit log alike: "New in the
 * last 60 days". `bands` names the bands by id; one not given reads "no. 5".
 */
export function describeCollectionRule(
  rule: CollectionRuleView | null,
  bands: Readonly<Record<number, string>> = {},
): string {
  if (!rule) return "Hand-picked";
  switch (rule.type) {
    case "new-in":
      return `New in the last ${rule.days} days`;
    case "tag":
      return `Tagged “${rule.tag}”`;
    case "on-sale":
      return "On sale";
    case "low-stock":
      return `Fewer than ${rule.below} left`;
    case "band":
      return `Band: ${bands[rule.brandId] ?? `no. ${rule.brandId}`}`;
    case "product-type":
      return `Type: ${productTypeBySlug(rule.productType)?.title ?? rule.productType}`;
    case "price": {
      const pounds = (pence: number) => `£${penceAsPounds(pence)}`;
      if (rule.min !== undefined && rule.max !== undefined)
        return `Priced ${pounds(rule.min)} to ${pounds(rule.max)}`;
      return rule.min !== undefined ? `From ${pounds(rule.min)}` : `Up to ${pounds(rule.max ?? 0)}`;
    }
  }
}
