// The audit log's names for what it records, declared once (issue 30): the staff API's resource
// names (`product-variants`) stay in addresses and the database; staff read these, as the
// back office's screens name the records (docs/architecture.md §5).

/** Each audited resource, by its staff API name, as one record of it is called on its screen. */
export const AUDIT_RESOURCE_LABELS = {
  products: "Product",
  "product-variants": "Variant",
  brands: "Band",
  "product-attribute-types": "Attribute type",
  "product-attributes": "Attribute",
  "product-collections": "Collection",
  "search-synonyms": "Search words",
  files: "Media file",
  folders: "Media folder",
  orders: "Order",
  customers: "Customer",
  segments: "Segment",
  discounts: "Discount code",
  "discount-batches": "Discount code batch",
  "delivery-option-groups": "Delivery group",
  "delivery-options": "Delivery option",
  "billing-models": "Billing model",
  venues: "Venue",
  staff: "Staff account",
} as const satisfies Record<string, string>;

export type AuditResource = keyof typeof AUDIT_RESOURCE_LABELS;

/** A resource's name as staff read it; one the log does not know yet is called a "Record". */
export const auditResourceLabel = (resource: string): string =>
  (AUDIT_RESOURCE_LABELS as Record<string, string>)[resource] ?? "Record";

/** The audit log's record kinds for its filter: internal names as values, screen names shown. */
export const AUDIT_RESOURCE_OPTIONS = Object.entries(AUDIT_RESOURCE_LABELS)
  .map(([id, title]) => ({ id, title }))
  .sort((a, b) => a.title.localeCompare(b.title));

/**
 * Writes no staff member made one by one on a screen, but a file did (docs/architecture.md §5): an
 * entry keeps which import wrote it, and the file's name as it was uploaded.
 */
export const AUDIT_SOURCES = ["product-import", "dispatch-import"] as const;
export type AuditSource = (typeof AUDIT_SOURCES)[number];

/** How the log marks an entry an import wrote. */
export const AUDIT_SOURCE_LABELS: Record<AuditSource, string> = {
  "product-import": "Product CSV import",
  "dispatch-import": "Dispatch CSV import",
};
