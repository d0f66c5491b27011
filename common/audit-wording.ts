// The audit log in words (issue 30): what an entry's `before` and `after` hold (a record's form
// fields, docs/architecture.md §5) said field by field as staff speak, money in pounds, times on
// London's clock, lists as what was added, removed or reordered. Pure, so the screen's loader and
// the tests read entries the same way; the names of records an entry points at by id (a band, a
// file) come with it in `AuditNames`, looked up by the audit service.
import { BILLING_MODEL_TYPE_TITLES, BILLING_PERIOD_TITLES } from "./billing.ts";
import { type CollectionRuleView, PRODUCT_STATUS_LABELS } from "./catalog-admin.ts";
import { describeCollectionRule } from "./collection-rules.ts";
import { formatLongDate } from "./dates.ts";
import { DISCOUNT_UNIT_TYPE_LABELS, ELIGIBLE_USER_GROUP_LABELS } from "./discounts.ts";
import { DISCOUNT_SCOPE_LABELS } from "./discounts-admin.ts";
import { formatLondonDateTime } from "./london-time.ts";
import { formatPrice } from "./money.ts";
import { ORDER_STATUS_LABELS } from "./order-statuses.ts";
import { productTypeBySlug } from "./product-types.ts";
import { describeSegmentRule } from "./segment-labels.ts";
import type { SegmentRule } from "./segments.ts";
import { STAFF_ROLE_LABELS } from "./staff.ts";

/** The kinds of record an entry may point at by id, for their names. */
export const AUDIT_NAME_KINDS = [
  "bands",
  "files",
  "folders",
  "options",
  "optionValues",
  "collections",
  "products",
  "billingModels",
  "segments",
] as const;
export type AuditNameKind = (typeof AUDIT_NAME_KINDS)[number];

/** The names of records the entries point at, by kind and id: `{ bands: { 5: "Night Owls" } }`. */
export type AuditNames = Partial<Record<AuditNameKind, Readonly<Record<number, string>>>>;

/** What one entry holds, as the log reads it. */
export type AuditEntryFields = {
  action: "create" | "update" | "delete";
  resource: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

/**
 * One line of an entry: a field that changed, from → to; or what a created or deleted record held
 * (and a list's additions and removals), as `text`.
 */
export type AuditChange =
  | { field: string; from: string; to: string }
  | { field: string; text: string };

const EMPTY = "(empty)";
const MAX = 160;
const cut = (text: string) => (text.length > MAX ? `${text.slice(0, MAX - 1)}…` : text);

/** How each kind of record is called when its name is not known: "file no. 12". */
const NAME_NOUNS: Record<AuditNameKind, string> = {
  bands: "band",
  files: "file",
  folders: "folder",
  options: "option",
  optionValues: "option value",
  collections: "collection",
  products: "product",
  billingModels: "billing model",
  segments: "segment",
};

type Context = {
  names: AuditNames;
  resource: string;
  record: Record<string, unknown>;
  /** An update's record as it was, for reading the fields of its `before`. */
  earlier?: Record<string, unknown>;
};

/** How a field's value reads; one that is not known is said as what it is (text, yes/no, a list). */
type Shown = (value: unknown, context: Context) => string;

const nameOf = (kind: AuditNameKind, id: unknown, names: AuditNames) =>
  typeof id === "number" ? (names[kind]?.[id] ?? `${NAME_NOUNS[kind]} no. ${id}`) : plain(id);

const money = (value: unknown) => (typeof value === "number" ? formatPrice(value) : plain(value));
const instant = (value: unknown) =>
  typeof value === "string" && !Number.isNaN(Date.parse(value))
    ? formatLondonDateTime(value)
    : plain(value);
const day: Shown = (value) =>
  typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? formatLongDate(`${value}T12:00:00Z`)
    : plain(value);
const ref =
  (kind: AuditNameKind): Shown =>
  (value, { names }) =>
    value === null || value === undefined ? "(none)" : nameOf(kind, value, names);
const percent: Shown = (value) => (typeof value === "number" ? `${value}%` : plain(value));
const words: Shown = (value) =>
  typeof value === "string"
    ? value
        .replace(/<[^>]*>/g, " ")
        .replace(/\s+/g, " ")
        .replace(/ ([.,;:!?])/g, "$1")
        .trim()
    : plain(value);

/** A value said plainly: yes/no, text, a list's items, an object's fields, never "[object Object]". */
function plain(value: unknown, context?: Context): string {
  if (value === null || value === undefined || value === "") return EMPTY;
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "number" || typeof value === "string") return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return "(none)";
    if (value.every((item) => item === null || typeof item !== "object"))
      return value.map((item) => plain(item)).join(", ");
    return value.map((item) => `(${plain(item, context)})`).join(", ");
  }
  if (typeof value === "object") {
    const parts = Object.entries(value as Record<string, unknown>)
      .filter(([, inner]) => inner !== null && inner !== undefined && inner !== "")
      .map(([key, inner]) => {
        // Its own fields are the context of each (a discount's `value` is read by its `unitType`).
        const own = { ...(context ?? NO_CONTEXT), record: value as Record<string, unknown> };
        return `${fieldLabel(key).toLowerCase()} ${shownField(key, inner, own)}`;
      });
    return parts.length ? parts.join(", ") : EMPTY;
  }
  return String(value);
}

// Field names as the forms label them; others are spelt out from their camelCase name.
const FIELD_LABELS: Record<string, string> = {
  title: "Name",
  seoTitle: "SEO title",
  seoDescription: "SEO description",
  logoFileId: "Logo",
  heroFileId: "Banner image",
  origin: "From",
  brandId: "Band",
  billingModelId: "Billing model",
  segmentId: "Segment",
  collectionIds: "Collections",
  productIds: "Products",
  attributeIds: "Options",
  attributeTypeId: "Attribute type",
  folderId: "Folder",
  parentId: "Parent folder",
  sku: "SKU",
  vatRate: "VAT rate",
  compareAtPrice: "Compare-at price",
  stockOnHand: "Stock",
  minSubtotal: "Minimum spend",
  freeOver: "Free over",
  type: "Type",
  vat: "VAT",
  groups: "Synonym groups",
  productTitle: "Product",
  mimeType: "MIME type",
  byteSize: "Size",
};

/** `seoTitle` as "SEO title", `stockOnHand` as "Stock", `releaseDate` as "Release date". */
export function fieldLabel(name: string): string {
  const known = FIELD_LABELS[name];
  if (known) return known;
  const spaced = name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

const MONEY = new Set([
  "price",
  "compareAtPrice",
  "freeOver",
  "minSubtotal",
  "refundedTotal",
  "total",
  "amount",
  "vat",
  "delivery",
  "lifetimeSpend",
]);
const INSTANT = /At$/;

const SHOWN: Record<string, Shown> = {
  releaseDate: day,
  vatRate: percent,
  story: words,
  description: words,
  logoFileId: ref("files"),
  heroFileId: ref("files"),
  folderId: ref("folders"),
  parentId: ref("folders"),
  brandId: ref("bands"),
  billingModelId: ref("billingModels"),
  segmentId: ref("segments"),
  attributeTypeId: ref("options"),
  byteSize: (value) =>
    typeof value === "number" ? `${Math.max(1, Math.round(value / 1024))} KB` : plain(value),
  type: (value, { resource }) =>
    resource === "products" && typeof value === "string"
      ? (productTypeBySlug(value)?.title ?? value)
      : plain(value),
  // A discount's value is a percentage or pence off, as its unit says.
  value: (value, { record }) =>
    typeof value !== "number"
      ? plain(value)
      : record.unitType === "fixed"
        ? formatPrice(value)
        : record.unitType === "percentage"
          ? `${value}%`
          : String(value),
  rule: (value, { names }) =>
    value === null || typeof value === "object"
      ? describeCollectionRule(value as CollectionRuleView | null, names.bands)
      : plain(value),
  // A batch's `rules` are a code's, read with the batch's context (its choices' words).
  rules: (value, context) =>
    context.resource === "segments" && Array.isArray(value)
      ? value.length
        ? value
            .map((rule) => describeSegmentRule(rule as SegmentRule, context.names.bands))
            .join("; ")
        : "(none)"
      : plain(value, context),
  shipments: (value) => {
    if (!value || typeof value !== "object") return plain(value);
    const shipment = value as { carrier?: string; trackingNumber?: string; lineIds?: unknown[] };
    const lines = shipment.lineIds?.length ?? 0;
    return `${shipment.carrier ?? "Carrier"}, tracking ${shipment.trackingNumber ?? "none"}, ${lines} ${lines === 1 ? "line" : "lines"}`;
  },
};

/** A code's rules, as a discount and a batch of codes (its `rules`) hold them. */
const DISCOUNT_CHOICES = {
  unitType: DISCOUNT_UNIT_TYPE_LABELS,
  eligibleGroup: ELIGIBLE_USER_GROUP_LABELS,
  scope: DISCOUNT_SCOPE_LABELS,
};

/**
 * Fields that hold one of a fixed set of values (`paid`, `percentage`), by resource: each value
 * is said in the words its screen uses for it, from the one place those words are declared,
 * never as the value stored. A value the set does not know is said as it is.
 */
const CHOICE_LABELS: Readonly<
  Record<string, Readonly<Record<string, Readonly<Record<string, string>>>>>
> = {
  orders: { status: ORDER_STATUS_LABELS },
  products: { status: PRODUCT_STATUS_LABELS },
  discounts: DISCOUNT_CHOICES,
  "discount-batches": DISCOUNT_CHOICES,
  "billing-models": { type: BILLING_MODEL_TYPE_TITLES, period: BILLING_PERIOD_TITLES },
  staff: { role: STAFF_ROLE_LABELS },
};

const NO_CONTEXT: Context = { names: {}, resource: "", record: {} };

/** A field's value in words, as `SHOWN`, its set of choices or its kind (money, an instant) says. */
function shownField(name: string, value: unknown, context: Context = NO_CONTEXT): string {
  const choices = CHOICE_LABELS[context.resource]?.[name];
  if (choices && typeof value === "string")
    return cut((Object.hasOwn(choices, value) ? choices[value] : undefined) ?? value);
  const how = SHOWN[name];
  if (how) return cut(how(value, context));
  const timed = MONEY.has(name) ? money : INSTANT.test(name) ? instant : undefined;
  if (timed) return value === null ? "(none)" : timed(value);
  return cut(plain(value, context));
}

// Lists --------------------------------------------------------------------------------------------

/** Items of a list by a key, each with how it reads. */
type Item = { key: string; name: string };

/** A list's change: "added Black, Blue; removed Red", or "reordered" when only the order moved. */
function listChange(before: Item[], after: Item[], noun?: [string, string]): string | undefined {
  const had = new Set(before.map((item) => item.key));
  const has = new Set(after.map((item) => item.key));
  const added = after.filter((item) => !had.has(item.key));
  const removed = before.filter((item) => !has.has(item.key));
  const kept = (items: Item[], other: Set<string>) =>
    items.filter((item) => other.has(item.key)).map((item) => item.key);
  const reordered = kept(before, has).join("\u0000") !== kept(after, had).join("\u0000");
  const counted = (items: Item[]) =>
    noun ? `${items.length} ${items.length === 1 ? noun[0] : noun[1]} ` : "";
  const parts = [
    added.length ? `${counted(added)}added: ${added.map((item) => item.name).join(", ")}` : "",
    removed.length
      ? `${counted(removed)}removed: ${removed.map((item) => item.name).join(", ")}`
      : "",
    reordered ? "reordered" : "",
  ].filter(Boolean);
  return parts.length ? cut(parts.join("; ")) : undefined;
}

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/** Lists of ids (a product's collections, a variant's options) by the names of what they hold. */
const ID_LISTS: Record<string, AuditNameKind> = {
  collectionIds: "collections",
  productIds: "products",
  attributeIds: "optionValues",
};

/** The items of a list field, or undefined for a field that is not a list the log knows. */
function itemsOf(name: string, value: unknown, context: Context): Item[] | undefined {
  const kind = ID_LISTS[name];
  if (kind)
    return asArray(value).map((id) => ({ key: String(id), name: nameOf(kind, id, context.names) }));
  if (name === "tags" || name === "groups")
    return asArray(value).map((word) => ({ key: String(word), name: plain(word) }));
  if (name === "targets")
    return asArray(value).map((target) => {
      const { kind: type, id, title } = asRecord(target);
      return { key: `${type}:${id}`, name: plain(title) };
    });
  if (name === "media")
    return asArray(value).map((item) => {
      const { fileId } = asRecord(item);
      return { key: String(fileId), name: nameOf("files", fileId, context.names) };
    });
  return undefined;
}

/** A list's whole content, for a record created or deleted: "Black, Blue", "2 files: a, b". */
function listText(name: string, items: Item[]): string {
  if (items.length === 0) return "(none)";
  const all = items.map((item) => item.name).join(", ");
  if (name === "media")
    return cut(`${items.length} ${items.length === 1 ? "file" : "files"}: ${all}`);
  return cut(all);
}

// Variants of a product ------------------------------------------------------------------------------

type VariantLike = Record<string, unknown> & { id?: unknown; title?: unknown; sku?: unknown };

/** A variant as the product form names it: its options ("M / Black"), or its SKU without any. */
const variantName = (variant: VariantLike) =>
  `Variant ${typeof variant.title === "string" && variant.title ? variant.title : plain(variant.sku)}`;

/** What the variant grid shows of one: "M / Black: SKU NO-TEE-M-BLK, £25.00, 12 in stock". */
const variantSummary = (variant: VariantLike) =>
  `SKU ${plain(variant.sku)}, ${money(variant.price)}, ${plain(variant.stockOnHand)} in stock`;

/** Fields of a variant the grid does not show, or that follow from others. */
const VARIANT_BOOKKEEPING = new Set(["id", "ordered", "updatedAt", "position"]);

function variantChanges(before: unknown, after: unknown, context: Context): AuditChange[] {
  const old = asArray(before).map(asRecord) as VariantLike[];
  const now = asArray(after).map(asRecord) as VariantLike[];
  const byId = new Map(old.map((variant) => [String(variant.id), variant]));
  const lines: AuditChange[] = [];
  for (const variant of now) {
    const prior = byId.get(String(variant.id));
    if (!prior) {
      lines.push({ field: variantName(variant), text: `added: ${variantSummary(variant)}` });
      continue;
    }
    const keys = [...new Set([...Object.keys(prior), ...Object.keys(variant)])];
    for (const key of keys) {
      if (VARIANT_BOOKKEEPING.has(key)) continue;
      if (JSON.stringify(prior[key]) === JSON.stringify(variant[key])) continue;
      if (key === "attributeIds") continue; // said by its title, "M / Black" → "L / Black"
      const record = { ...prior, ...variant };
      lines.push({
        field: `${variantName(prior)}: ${fieldLabel(key).toLowerCase()}`,
        from: shownField(key, prior[key], { ...context, record }),
        to: shownField(key, variant[key], { ...context, record }),
      });
    }
  }
  const kept = new Set(now.map((variant) => String(variant.id)));
  for (const variant of old)
    if (!kept.has(String(variant.id))) lines.push({ field: variantName(variant), text: "removed" });
  const order = listChange(
    old.map((variant) => ({ key: String(variant.id), name: "" })),
    now.map((variant) => ({ key: String(variant.id), name: "" })),
  );
  if (order?.endsWith("reordered")) lines.push({ field: "Variants", text: "reordered" });
  return lines;
}

function variantsText(value: unknown): string {
  const variants = asArray(value).map(asRecord) as VariantLike[];
  if (variants.length === 0) return "(none)";
  const each = variants.map(
    (variant) => `${variantName(variant).slice("Variant ".length)} (${money(variant.price)})`,
  );
  return cut(
    `${variants.length} ${variants.length === 1 ? "variant" : "variants"}: ${each.join(", ")}`,
  );
}

// Media's colours -----------------------------------------------------------------------------------

/** A gallery file newly shown for one colour: "cover.jpg shows Black". */
function mediaColours(before: unknown, after: unknown, context: Context): string[] {
  const colourOf = new Map(
    asArray(before).map((item) => {
      const { fileId, attributeId } = asRecord(item);
      return [String(fileId), attributeId ?? null];
    }),
  );
  return asArray(after).flatMap((item) => {
    const { fileId, attributeId } = asRecord(item);
    const prior = colourOf.get(String(fileId));
    if (prior === undefined || prior === (attributeId ?? null)) return [];
    const file = nameOf("files", fileId, context.names);
    return attributeId === null || attributeId === undefined
      ? [`${file} shows every colour`]
      : [`${file} shows ${nameOf("optionValues", attributeId, context.names)}`];
  });
}

// Links ------------------------------------------------------------------------------------------------

const LINK_LABELS: Record<string, string> = {
  website: "Website",
  instagram: "Instagram",
  spotify: "Spotify",
  bandcamp: "Bandcamp",
  youtube: "YouTube",
};
const linkLabel = (key: string) => `Link: ${LINK_LABELS[key] ?? fieldLabel(key)}`;

function linkChanges(before: unknown, after: unknown): AuditChange[] {
  const old = asRecord(before);
  const now = asRecord(after);
  return [...new Set([...Object.keys(old), ...Object.keys(now)])]
    .filter((key) => (old[key] ?? "") !== (now[key] ?? ""))
    .map((key) => ({
      field: linkLabel(key),
      from: cut(plain(old[key])),
      to: cut(plain(now[key])),
    }));
}

// Entries -------------------------------------------------------------------------------------------------

/** The name first, then the fields A to Z as staff read them (jsonb keeps no order). */
const inOrder = (names: string[]) =>
  names.sort((a, b) =>
    a === "title" ? -1 : b === "title" ? 1 : fieldLabel(a).localeCompare(fieldLabel(b)),
  );

/** Fields no staff member sets, kept by the service (a variant's `ordered`, ids). */
const HIDDEN = new Set(["id", "updatedAt", "ordered"]);

/** One field of an update: a line, several (variants, links), or none when nothing reads different. */
function updateLines(
  name: string,
  before: unknown,
  after: unknown,
  context: Context,
): AuditChange[] {
  const field = fieldLabel(name);
  if (name === "variants") return variantChanges(before, after, context);
  if (name === "links") return linkChanges(before, after);
  const items = itemsOf(name, before, context);
  if (items) {
    const noun: [string, string] | undefined = name === "media" ? ["file", "files"] : undefined;
    const text = [listChange(items, itemsOf(name, after, context) ?? [], noun)]
      .concat(name === "media" ? mediaColours(before, after, context) : [])
      .filter(Boolean)
      .join("; ");
    return text ? [{ field, text }] : [];
  }
  // Each side is read by its own record: a discount's value before is read by the unit it had.
  const from = shownField(name, before, { ...context, record: context.earlier ?? context.record });
  const to = shownField(name, after, context);
  return from === to ? [] : [{ field, from, to }];
}

/** One field of a created or deleted record: what it held. */
function heldLine(name: string, value: unknown, context: Context): AuditChange {
  const field = fieldLabel(name);
  if (name === "variants") return { field, text: variantsText(value) };
  if (name === "links") {
    const set = Object.entries(asRecord(value)).filter(([, address]) => address);
    return {
      field,
      text: set.length
        ? cut(
            set.map(([key, address]) => `${LINK_LABELS[key] ?? key}: ${plain(address)}`).join(", "),
          )
        : "(none)",
    };
  }
  const items = itemsOf(name, value, context);
  if (items) return { field, text: listText(name, items) };
  return { field, text: shownField(name, value, context) };
}

/**
 * An entry's changes in words, field by field: an update's fields before → after (a variant's
 * as "Variant M / Black: price", £25.00 → £27.00), a created record's fields as made, a deleted
 * one's as they were. Never "[object Object]".
 */
export function describeAuditChanges(
  entry: AuditEntryFields,
  names: AuditNames = {},
): AuditChange[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const record = { ...before, ...after };
  const context: Context = { names, resource: entry.resource, record };
  if (entry.action === "update") {
    context.earlier = { ...after, ...before };
    const fields = inOrder(
      [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
        (name) => !HIDDEN.has(name),
      ),
    );
    return fields.flatMap((name) =>
      updateLines(name, before[name] ?? null, after[name] ?? null, context),
    );
  }
  // A delete keeps what the record held; an erasure, which keeps nothing of it, what was done.
  const held = entry.action === "delete" && entry.before ? before : after;
  return inOrder(Object.keys(held).filter((name) => !HIDDEN.has(name))).map((name) =>
    heldLine(name, held[name], { ...context, record: held }),
  );
}

/** The ids of records each entry points at, by kind, for the service to name. */
export function auditReferences(entries: AuditEntryFields[]): Record<AuditNameKind, Set<number>> {
  const found = Object.fromEntries(
    AUDIT_NAME_KINDS.map((kind) => [kind, new Set<number>()]),
  ) as Record<AuditNameKind, Set<number>>;
  const add = (kind: AuditNameKind, id: unknown) => {
    if (typeof id === "number" && Number.isInteger(id)) found[kind].add(id);
  };
  const single: Record<string, AuditNameKind> = {
    logoFileId: "files",
    heroFileId: "files",
    folderId: "folders",
    parentId: "folders",
    brandId: "bands",
    billingModelId: "billingModels",
    segmentId: "segments",
    attributeTypeId: "options",
  };
  for (const entry of entries)
    for (const side of [entry.before, entry.after]) {
      for (const [name, value] of Object.entries(side ?? {})) {
        const kind = single[name];
        if (kind) add(kind, value);
        const list = ID_LISTS[name];
        if (list) for (const id of asArray(value)) add(list, id);
        if (name === "media")
          for (const item of asArray(value)) {
            add("files", asRecord(item).fileId);
            add("optionValues", asRecord(item).attributeId);
          }
        if (name === "rule") add("bands", asRecord(value).brandId);
        if (name === "rules")
          for (const rule of asArray(value)) add("bands", asRecord(rule).brandId);
      }
    }
  return found;
}
