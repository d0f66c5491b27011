// A product's statuses and their words, for the contract, its screens and the audit log. Free of
// zod, so a screen showing a status does not carry the validators to the browser.

/** A product's life: a draft is hidden, published is on sale, archived is off sale but kept. */
export const PRODUCT_STATUSES = ["draft", "published", "archived"] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** Each product status as staff read it: its badge, the form's choice, the audit log. */
export const PRODUCT_STATUS_LABELS: Readonly<Record<ProductStatus, string>> = {
  draft: "Draft",
  published: "Published",
  archived: "Archived",
};
