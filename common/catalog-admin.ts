import { z } from "zod";
import { PRODUCT_STATUSES } from "./product-statuses.ts";

export type { ProductStatus } from "./product-statuses.ts";
export { PRODUCT_STATUS_LABELS, PRODUCT_STATUSES } from "./product-statuses.ts";

import { ATTRIBUTE_DISPLAYS, BrandLinks, COLLECTION_KINDS } from "./catalog.ts";

/** GET /api/staff/brands: one row of the bands table. */
export const StaffBrandItem = z
  .object({
    id: z.number().int(),
    title: z.string(),
    slug: z.string(),
    genre: z.string(),
    featured: z.boolean(),
    /** Every product of the band, whatever its status. */
    productCount: z.number().int(),
    logoUrl: z.string().nullable(),
    updatedAt: z.string().meta({ description: "ISO 8601 UTC." }),
  })
  .meta({ id: "StaffBrandItem" });
export type StaffBrandItem = z.output<typeof StaffBrandItem>;

/** GET /api/staff/brands/edit/{id}, and what store and update answer: the band as its form shows it. */
export const BrandEdit = z
  .object({
    id: z.number().int(),
    title: z.string(),
    slug: z.string(),
    story: z.string().meta({ description: "Rich text (HTML), sanitised when saved." }),
    genre: z.string(),
    origin: z.string(),
    links: BrandLinks,
    logoFileId: z.number().int().nullable(),
    heroFileId: z.number().int().nullable(),
    featured: z.boolean(),
    seoTitle: z.string(),
    seoDescription: z.string(),
    updatedAt: z.string().meta({
      description: "ISO 8601 UTC; send it back with an update to catch a colleague's save.",
    }),
  })
  .meta({ id: "BrandEdit" });
export type BrandEdit = z.output<typeof BrandEdit>;

// ---------------------------------------------------------------------------------------------
// Issue 14: the rest of the catalogue's staff resources. Each has a list row and an edit shape
// (what `edit/{id}`, `store` and `update` answer), shared with the back-office screens.

const Id = z.number().int();
const Instant = z.string().meta({ description: "ISO 8601 UTC." });
const UpdatedAt = z.string().meta({
  description: "ISO 8601 UTC; send it back with an update to catch a colleague's save.",
});

/** The staff product list's stock filter: any in stock, none, or some variant nearly gone. */
export const STOCK_FILTERS = ["in", "out", "low"] as const;

/** UK VAT: the standard rate, and the product types UK law zero-rates (children's clothes, books). */
export const STANDARD_VAT_RATE = 20;
export const ZERO_RATED_PRODUCT_TYPES: readonly string[] = ["kids-t-shirt", "book"];
/** The VAT rate a new product of type `typeSlug` gets unless staff choose another. */
export const defaultVatRate = (typeSlug: string) =>
  ZERO_RATED_PRODUCT_TYPES.includes(typeSlug) ? 0 : STANDARD_VAT_RATE;

// Attribute types and values ----------------------------------------------------------------------

/** GET /api/staff/product-attribute-types: one row of the option types table. */
export const StaffAttributeTypeItem = z
  .object({
    id: Id,
    title: z.string(),
    slug: z.string(),
    display: z.enum(ATTRIBUTE_DISPLAYS),
    position: z.number().int(),
    valueCount: z.number().int(),
    /** Variants with one of its values. */
    variantCount: z.number().int(),
    updatedAt: Instant,
  })
  .meta({ id: "StaffAttributeTypeItem" });
export type StaffAttributeTypeItem = z.output<typeof StaffAttributeTypeItem>;

/** GET /api/staff/product-attribute-types/edit/{id}, and what store and update answer. */
export const AttributeTypeEdit = z
  .object({
    id: Id,
    title: z.string(),
    slug: z.string(),
    display: z.enum(ATTRIBUTE_DISPLAYS),
    position: z.number().int(),
    updatedAt: UpdatedAt,
  })
  .meta({ id: "AttributeTypeEdit" });
export type AttributeTypeEdit = z.output<typeof AttributeTypeEdit>;

/** GET /api/staff/product-attributes: one row of the option values table. */
export const StaffAttributeItem = z
  .object({
    id: Id,
    title: z.string(),
    slug: z.string(),
    position: z.number().int(),
    swatch: z.string().nullable(),
    attributeType: z.object({ id: Id, slug: z.string(), title: z.string() }),
    /** The variants with this value, and the products they belong to. */
    variantCount: z.number().int(),
    productCount: z.number().int(),
    updatedAt: Instant,
  })
  .meta({ id: "StaffAttributeItem" });
export type StaffAttributeItem = z.output<typeof StaffAttributeItem>;

/** GET /api/staff/product-attributes/edit/{id}, and what store and update answer. */
export const AttributeEdit = z
  .object({
    id: Id,
    attributeTypeId: Id,
    title: z.string(),
    slug: z.string(),
    position: z.number().int(),
    swatch: z.string().nullable().meta({ description: "#rrggbb, for swatches." }),
    updatedAt: UpdatedAt,
  })
  .meta({ id: "AttributeEdit" });
export type AttributeEdit = z.output<typeof AttributeEdit>;

// Variants ----------------------------------------------------------------------------------------

/** A variant as its product's form shows it. Money in pence, VAT included. */
export const VariantRow = z
  .object({
    id: Id,
    sku: z.string(),
    /** Its options, in type order: "M / Black"; empty for a product without options. */
    title: z.string(),
    price: z.number().int(),
    compareAtPrice: z.number().int().nullable(),
    stockOnHand: z.number().int(),
    attributeIds: z.array(Id),
    position: z.number().int(),
    /** Whether an order holds it: then it cannot be deleted (set its stock to 0 instead). */
    ordered: z.boolean(),
    updatedAt: UpdatedAt,
  })
  .meta({ id: "VariantRow" });
export type VariantRow = z.output<typeof VariantRow>;

/** GET /api/staff/product-variants (a page of these) and edit/{id}, create and update. */
export const VariantEdit = VariantRow.extend({
  productId: Id,
  productTitle: z.string(),
}).meta({ id: "VariantEdit" });
export type VariantEdit = z.output<typeof VariantEdit>;

// Products ----------------------------------------------------------------------------------------

/** GET /api/staff/products: one row of the products table. */
export const StaffProductItem = z
  .object({
    id: Id,
    title: z.string(),
    slug: z.string(),
    status: z.enum(PRODUCT_STATUSES),
    /** The product type's slug (`t-shirt`); `PRODUCT_TYPES` has its title. */
    type: z.string(),
    brand: z.object({ id: Id, slug: z.string(), title: z.string() }),
    imageUrl: z.string().nullable().meta({ description: "The first image, small." }),
    priceFrom: z.number().int(),
    priceTo: z.number().int(),
    compareAtFrom: z.number().int().nullable(),
    stockTotal: z.number().int(),
    variantCount: z.number().int(),
    preOrder: z.boolean(),
    publishedAt: Instant.nullable(),
    updatedAt: Instant,
  })
  .meta({ id: "StaffProductItem" });
export type StaffProductItem = z.output<typeof StaffProductItem>;

/** GET /api/staff/products/edit/{id}, and what store and update answer: the product's form. */
export const ProductEdit = z
  .object({
    id: Id,
    title: z.string(),
    slug: z.string(),
    brandId: Id,
    /** The product type's slug (`t-shirt`). */
    type: z.string(),
    description: z.string().meta({ description: "Rich text (HTML), sanitised when saved." }),
    status: z.enum(PRODUCT_STATUSES),
    tags: z.array(z.string()),
    /** The hand-picked collections it is in (rule collections choose for themselves). */
    collectionIds: z.array(Id),
    vatRate: z.number().int(),
    releaseDate: z.string().nullable().meta({ description: "YYYY-MM-DD." }),
    /** How it is sold; null is one-off. */
    billingModelId: Id.nullable(),
    /** Whether its billing model is a pre-order (the service keeps it so). */
    preOrder: z.boolean(),
    seoTitle: z.string(),
    seoDescription: z.string(),
    /** The gallery in order; a file may show one colour, for the gallery to follow the choice. */
    media: z.array(z.object({ fileId: Id, attributeId: Id.nullable() })),
    variants: z.array(VariantRow),
    /** When it was first published; null until then. */
    publishedAt: Instant.nullable(),
    updatedAt: UpdatedAt,
  })
  .meta({ id: "ProductEdit" });
export type ProductEdit = z.output<typeof ProductEdit>;

/** POST /api/staff/products/generate-variants: what was added, and how many already existed. */
export const GeneratedVariants = z
  .object({
    created: z.array(VariantRow),
    /** Combinations the product had already, left as they were. */
    kept: z.number().int(),
  })
  .meta({ id: "GeneratedVariants" });
export type GeneratedVariants = z.output<typeof GeneratedVariants>;

/** POST /api/staff/products/bulk-status: the products whose status changed. */
export const BulkStatusResult = z
  .object({ ids: z.array(Id) })
  .meta({ id: "BulkStatusResult", description: "The ids whose status changed." });
export type BulkStatusResult = z.output<typeof BulkStatusResult>;

// Collections -------------------------------------------------------------------------------------

/** Which published products a rule collection holds. */
export const CollectionRuleView = z
  .discriminatedUnion("type", [
    z.object({ type: z.literal("new-in"), days: z.number().int() }),
    z.object({ type: z.literal("tag"), tag: z.string() }),
    z.object({ type: z.literal("on-sale") }),
    z.object({ type: z.literal("low-stock"), below: z.number().int() }),
    z.object({ type: z.literal("band"), brandId: Id }),
    z.object({ type: z.literal("product-type"), productType: z.string() }),
    z.object({
      type: z.literal("price"),
      min: z.number().int().optional(),
      max: z.number().int().optional(),
    }),
  ])
  .meta({ id: "CollectionRule" });
export type CollectionRuleView = z.output<typeof CollectionRuleView>;

/** GET /api/staff/product-collections: one row of the collections table. */
export const StaffCollectionItem = z
  .object({
    id: Id,
    title: z.string(),
    slug: z.string(),
    kind: z.enum(COLLECTION_KINDS),
    rule: CollectionRuleView.nullable(),
    /** The published products shoppers see in it now. */
    productCount: z.number().int(),
    position: z.number().int(),
    heroUrl: z.string().nullable(),
    updatedAt: Instant,
  })
  .meta({ id: "StaffCollectionItem" });
export type StaffCollectionItem = z.output<typeof StaffCollectionItem>;

/** GET /api/staff/product-collections/edit/{id}, and what store and update answer. */
export const CollectionEdit = z
  .object({
    id: Id,
    title: z.string(),
    slug: z.string(),
    description: z.string().meta({ description: "Rich text (HTML), sanitised when saved." }),
    kind: z.enum(COLLECTION_KINDS),
    rule: CollectionRuleView.nullable(),
    /** A hand-picked collection's products in order (any status); empty for a rule's. */
    productIds: z.array(Id),
    heroFileId: Id.nullable(),
    position: z.number().int(),
    updatedAt: UpdatedAt,
  })
  .meta({ id: "CollectionEdit" });
export type CollectionEdit = z.output<typeof CollectionEdit>;

/** GET and POST /api/search/synonyms: the search's synonym groups, in order (issue 29). */
export const SynonymGroups = z
  .object({
    groups: z.array(z.array(z.string())).meta({
      description: "Each group's words, lower case: a search for one finds what the others find.",
    }),
  })
  .meta({ id: "SynonymGroups", description: "Words fans type for the same thing." });
export type SynonymGroups = z.output<typeof SynonymGroups>;
