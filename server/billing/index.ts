// The public surface of server/billing/: what other server modules may import
// (architecture.md §6, rule `only-through-module-index`). Everything else is internal.

export {
  allBillingModels,
  billingModelRefusal,
  billingModelsByIds,
  billingTermsOf,
} from "./service.ts";
