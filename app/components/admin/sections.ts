/**
 * The back office's sections, in the order of its navigation (issues 14 and 15).
 * `resource` is the staff API's (and the audit log's) name for its records, and `path` the
 * screen a record of it is edited at, for links from the audit log.
 */
export type BackOfficeSection = {
  /** The address under /admin: `bands` is /admin/bands. Empty for the overview. */
  slug: string;
  label: string;
  group?: "Catalogue";
  /** The audit log's name for the section's records, e.g. `brands`. */
  resource?: string;
  /**
   * Where the records of each audit-log resource of the section are edited, when not at
   * `/admin/{slug}/{id}`: the media library's files and folders have screens of their own.
   */
  records?: Readonly<Record<string, string>>;
  /** Only admins may open it (its API routes are admins'), so only they see it in the navigation. */
  adminOnly?: boolean;
};

export const BACK_OFFICE_SECTIONS: readonly BackOfficeSection[] = [
  { slug: "", label: "Overview" },
  { slug: "products", label: "Products", group: "Catalogue", resource: "products" },
  { slug: "bands", label: "Bands", group: "Catalogue", resource: "brands" },
  {
    slug: "attributes",
    label: "Attributes",
    group: "Catalogue",
    resource: "product-attributes",
  },
  {
    slug: "attribute-types",
    label: "Attribute types",
    group: "Catalogue",
    resource: "product-attribute-types",
  },
  {
    slug: "collections",
    label: "Collections",
    group: "Catalogue",
    resource: "product-collections",
  },
  { slug: "search-words", label: "Search words", group: "Catalogue" },
  {
    slug: "media",
    label: "Media",
    resource: "files",
    records: { files: "/admin/media/files", folders: "/admin/media/folders" },
  },
  {
    slug: "orders",
    label: "Orders",
    resource: "orders",
  },
  {
    slug: "customers",
    label: "Customers",
    resource: "customers",
  },
  {
    slug: "segments",
    label: "Segments",
    resource: "segments",
  },
  {
    slug: "discounts",
    label: "Discounts",
    resource: "discounts",
  },
  {
    slug: "delivery",
    label: "Delivery",
    resource: "delivery-options",
    records: {
      "delivery-option-groups": "/admin/delivery/groups",
      "delivery-options": "/admin/delivery/options",
    },
  },
  {
    slug: "billing-models",
    label: "Billing models",
    resource: "billing-models",
  },
  { slug: "venues", label: "Venues", resource: "venues" },
  { slug: "staff", label: "Staff", resource: "staff", adminOnly: true },
  { slug: "audit-log", label: "Audit log" },
  { slug: "outbox", label: "Outbox" },
];

/** The sections a staff member of `role` may open, in the navigation's order. */
export const sectionsFor = (role: string): readonly BackOfficeSection[] =>
  role === "admin"
    ? BACK_OFFICE_SECTIONS
    : BACK_OFFICE_SECTIONS.filter((section) => !section.adminOnly);

/** The path of a section: `/admin/bands`, or `/admin` for the overview. */
export const sectionPath = (section: Pick<BackOfficeSection, "slug">) =>
  section.slug ? `/admin/${section.slug}` : "/admin";

/**
 * The screen a record of the audit log's `resource` is edited at, when one exists (so the log
 * links there), or undefined.
 */
export function recordPath(resource: string, id: string): string | undefined {
  const section = BACK_OFFICE_SECTIONS.find(
    (entry) => entry.resource === resource || entry.records?.[resource] !== undefined,
  );
  if (!section) return undefined;
  const prefix = section.records?.[resource] ?? sectionPath(section);
  return `${prefix}/${encodeURIComponent(id)}`;
}

/**
 * The screen of record `id` in the section at `slug` (`/admin/bands/5`), when the section has
 * its screens, or undefined: for links to a record from another screen.
 */
export function sectionRecordPath(slug: string, id: number | string): string | undefined {
  const section = BACK_OFFICE_SECTIONS.find((entry) => entry.slug === slug);
  if (!section) return undefined;
  return `${sectionPath(section)}/${encodeURIComponent(String(id))}`;
}
