import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { ATTRIBUTE_DISPLAYS, type BrandLinks, COLLECTION_KINDS } from "../../common/catalog.ts";
import { type CollectionRuleView, PRODUCT_STATUSES } from "../../common/catalog-admin.ts";
import { billingModels } from "../billing/schema.ts";
import { users } from "../customers/schema.ts";
import { createdAt, pence, timestamps } from "../db/columns.ts";
import { mediaFiles } from "../media/schema.ts";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export type { ProductStatus } from "../../common/catalog-admin.ts";
export { PRODUCT_STATUSES };

/** Bands (the API calls them brands, behaviour.md §7). */
export const brands = pgTable(
  "brands",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    story: text("story").notNull().default(""),
    genre: text("genre").notNull().default(""),
    origin: text("origin").notNull().default(""),
    links: jsonb("links").$type<BrandLinks>().notNull().default({}),
    logoFileId: integer("logo_file_id").references(() => mediaFiles.id, { onDelete: "set null" }),
    heroFileId: integer("hero_file_id").references(() => mediaFiles.id, { onDelete: "set null" }),
    featured: boolean("featured").notNull().default(false),
    /** The page's own title and description for search engines; empty means the defaults. */
    seoTitle: text("seo_title").notNull().default(""),
    seoDescription: text("seo_description").notNull().default(""),
    ...timestamps(),
  },
  (table) => [
    index("brands_title_idx").on(table.title),
    // A name identifies a band to fans and staff: two "Static Gulls" would both list on /bands
    // (issue 30). Compared without case, as people read names.
    uniqueIndex("brands_title_unique").on(sql`lower(${table.title})`),
  ],
);

/**
 * Products. `priceFrom`, `priceTo`, `stockTotal` and `attributeIds` summarise the variants so a
 * listing of 100,000 products filters and sorts on one table; the catalogue service refreshes them
 * whenever variants change.
 */
export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    brandId: integer("brand_id")
      .notNull()
      .references(() => brands.id, { onDelete: "restrict" }),
    productType: text("product_type").notNull(),
    status: text("status", { enum: PRODUCT_STATUSES }).notNull().default("draft"),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    releaseDate: date("release_date"),
    // Kept equal to "its billing model is a pre-order" by the product service, for the filters.
    preOrder: boolean("pre_order").notNull().default(false),
    /** How it is sold (`server/billing`); none is one-off. Restrict: a model in use stays. */
    billingModelId: integer("billing_model_id").references(() => billingModels.id, {
      onDelete: "restrict",
    }),
    // The whole percent of VAT in the product's prices: 20 (standard) unless UK law rates it
    // lower, as it zero-rates children's clothes and printed books.
    vatRate: smallint("vat_rate").notNull().default(20),
    seoTitle: text("seo_title"),
    seoDescription: text("seo_description"),
    featuredRank: integer("featured_rank"),
    priceFrom: pence("price_from").notNull().default(0),
    priceTo: pence("price_to").notNull().default(0),
    compareAtFrom: pence("compare_at_from"),
    stockTotal: integer("stock_total").notNull().default(0),
    attributeIds: integer("attribute_ids").array().notNull().default(sql`'{}'::int[]`),
    searchDocument: tsvector("search_document"),
    /**
     * The words of the product's title and band alone: a search finds the products it names
     * through this column's own index before the others (decision 0039).
     */
    searchName: tsvector("search_name"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    index("products_status_brand_idx").on(table.status, table.brandId),
    index("products_status_type_idx").on(table.status, table.productType),
    // One index per listing order, matching its ORDER BY, so a page reads 24 rows, not all.
    index("products_status_price_idx").on(table.status, table.priceFrom, table.id),
    index("products_status_published_idx").on(
      table.status,
      table.publishedAt.desc().nullsLast(),
      table.id.desc(),
    ),
    index("products_status_title_idx").on(table.status, table.title, table.id),
    index("products_featured_idx").on(
      table.status,
      table.featuredRank.asc().nullsLast(),
      table.publishedAt.desc().nullsLast(),
      table.id.desc(),
    ),
    // What shoppers filter by most, in the listing's default or price order, over published
    // products only (partial: drafts and archived ones never list). With a type or a band fixed,
    // a page still reads its 24 rows in order instead of skipping the other types' or bands'.
    index("products_published_type_price_idx")
      .on(table.productType, table.priceFrom, table.id)
      .where(sql`status = 'published'`),
    index("products_published_type_featured_idx")
      .on(
        table.productType,
        table.featuredRank.asc().nullsLast(),
        table.publishedAt.desc().nullsLast(),
        table.id.desc(),
      )
      .where(sql`status = 'published'`),
    index("products_published_brand_featured_idx")
      .on(
        table.brandId,
        table.featuredRank.asc().nullsLast(),
        table.publishedAt.desc().nullsLast(),
        table.id.desc(),
      )
      .where(sql`status = 'published'`),
    // The on-sale collection (a rule) in the featured order: a tenth of the catalogue.
    index("products_published_on_sale_featured_idx")
      .on(
        table.featuredRank.asc().nullsLast(),
        table.publishedAt.desc().nullsLast(),
        table.id.desc(),
      )
      .where(sql`status = 'published' and compare_at_from is not null`),
    // Searches list published products only, so their indexes hold nothing else (decision 0039).
    index("products_search_idx")
      .using("gin", table.searchDocument)
      .where(sql`status = 'published'`),
    index("products_search_name_idx")
      .using("gin", table.searchName)
      .where(sql`status = 'published'`),
    index("products_attribute_ids_idx").using("gin", table.attributeIds),
    index("products_tags_idx").using("gin", table.tags),
    check("products_vat_rate", sql`${table.vatRate} between 0 and 100`),
    check(
      "products_price_range",
      sql`${table.priceFrom} >= 0 and ${table.priceTo} >= ${table.priceFrom}`,
    ),
  ],
);

export const productVariants = pgTable(
  "product_variants",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    sku: text("sku").notNull().unique(),
    price: pence("price").notNull(),
    compareAtPrice: pence("compare_at_price"),
    stockOnHand: integer("stock_on_hand").notNull().default(0),
    /**
     * Counts the changes of `stock_on_hand`: every sale, release, return, staff edit and import
     * adds 1 in the statement that changes the stock. The export writes it beside the stock, and
     * an import sets stock only while it is unchanged, so a file read before a sale cannot put
     * the sold units back on sale (docs/security.md #26, decision 0017).
     */
    stockVersion: integer("stock_version").notNull().default(0),
    position: integer("position").notNull().default(0),
    ...timestamps(),
  },
  (table) => [
    index("product_variants_product_idx").on(table.productId, table.position),
    // security.md #6 and #10: prices are positive pence and stock never goes below zero.
    check("product_variants_price", sql`${table.price} > 0`),
    check(
      "product_variants_compare_at",
      sql`${table.compareAtPrice} is null or ${table.compareAtPrice} > ${table.price}`,
    ),
    check("product_variants_stock", sql`${table.stockOnHand} >= 0`),
    check("product_variants_stock_version", sql`${table.stockVersion} >= 0`),
  ],
);

/** Size, Colour, Fit, Format … */
export const attributeTypes = pgTable("attribute_types", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  title: text("title").notNull(),
  display: text("display", { enum: ATTRIBUTE_DISPLAYS }).notNull().default("buttons"),
  position: integer("position").notNull().default(0),
  ...timestamps(),
});

/** The values of an attribute type, in their natural order (XS, S, M … not alphabetical). */
export const attributes = pgTable(
  "attributes",
  {
    id: serial("id").primaryKey(),
    attributeTypeId: integer("attribute_type_id")
      .notNull()
      .references(() => attributeTypes.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    position: integer("position").notNull().default(0),
    swatch: text("swatch"),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex("attributes_type_slug_idx").on(table.attributeTypeId, table.slug),
    // A value's name is what shoppers choose by: two "Red"s of one option would both be offered.
    uniqueIndex("attributes_type_title_unique").on(
      table.attributeTypeId,
      sql`lower(${table.title})`,
    ),
    check("attributes_swatch", sql`${table.swatch} is null or ${table.swatch} ~ '^#[0-9a-f]{6}$'`),
  ],
);

export const variantAttributes = pgTable(
  "variant_attributes",
  {
    variantId: integer("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    attributeId: integer("attribute_id")
      .notNull()
      .references(() => attributes.id, { onDelete: "restrict" }),
  },
  (table) => [
    primaryKey({ columns: [table.variantId, table.attributeId] }),
    index("variant_attributes_attribute_idx").on(table.attributeId),
  ],
);

/** A product's ordered files; an image may belong to one colour, so the gallery can follow it. */
export const productMedia = pgTable(
  "product_media",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    fileId: integer("file_id")
      .notNull()
      .references(() => mediaFiles.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    attributeId: integer("attribute_id").references(() => attributes.id, { onDelete: "set null" }),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.fileId] }),
    index("product_media_product_idx").on(table.productId, table.position),
    // "Where is this file used?" and the in-use check before a file is deleted.
    index("product_media_file_idx").on(table.fileId),
  ],
);

/**
 * A rule-based collection's rule: which published products belong, worked out when asked (one
 * evaluator, `collectionCondition` in service/products.ts). `product-type` names a type by its slug
 * (`t-shirt`); `price` bounds the cheapest variant's price in pence, either end optional.
 */
export type CollectionRule = CollectionRuleView;

export const productCollections = pgTable(
  "product_collections",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    kind: text("kind", { enum: COLLECTION_KINDS }).notNull().default("curated"),
    rule: jsonb("rule").$type<CollectionRule>(),
    heroFileId: integer("hero_file_id").references(() => mediaFiles.id, { onDelete: "set null" }),
    position: integer("position").notNull().default(0),
    ...timestamps(),
  },
  (table) => [uniqueIndex("product_collections_title_unique").on(sql`lower(${table.title})`)],
);

export const collectionProducts = pgTable(
  "collection_products",
  {
    collectionId: integer("collection_id")
      .notNull()
      .references(() => productCollections.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.collectionId, table.productId] }),
    index("collection_products_product_idx").on(table.productId),
    // A hand-picked collection in the team's order, a page at a time.
    index("collection_products_position_idx").on(
      table.collectionId,
      table.position,
      table.productId,
    ),
  ],
);

/** The curated spotlight: one band or one collection, with the team's words, for a time. */
export const spotlights = pgTable(
  "spotlights",
  {
    id: serial("id").primaryKey(),
    headline: text("headline").notNull(),
    body: text("body").notNull().default(""),
    brandId: integer("brand_id").references(() => brands.id, { onDelete: "cascade" }),
    collectionId: integer("collection_id").references(() => productCollections.id, {
      onDelete: "cascade",
    }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    check(
      "spotlights_one_subject",
      sql`(${table.brandId} is null) <> (${table.collectionId} is null)`,
    ),
  ],
);

/**
 * A product import's check (a dry run without errors), which the import of the same file may
 * then confirm once: the import consumes it in its own transaction, so a double submit or a
 * retry of a file that adds stock (`stock_adjustment`) adds it once (decision 0017). The token
 * is given to the staff member once and kept only as its SHA-256; it is bound to the file's
 * bytes and to the staff member who checked it.
 */
export const productImportChecks = pgTable(
  "product_import_checks",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    /** SHA-256 of the file's bytes, as checked. */
    fileHash: text("file_hash").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("product_import_checks_hash_idx").on(table.tokenHash),
    index("product_import_checks_expires_idx").on(table.expiresAt),
    check("product_import_checks_hash_format", sql`${table.tokenHash} ~ '^[0-9a-f]{64}$'`),
  ],
);

/**
 * Words a shopper may type for the same thing (tee, t-shirt, tshirt), one group a row, as staff
 * keep them (issue 29): a search for any word of a group finds what the others find. A group's
 * words are lower case, letters, digits, spaces and hyphens (server/catalog/service/search.ts).
 */
export const searchSynonyms = pgTable(
  "search_synonyms",
  {
    id: serial("id").primaryKey(),
    words: text("words").array().notNull(),
    position: integer("position").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("search_synonyms_words", sql`cardinality(${table.words}) between 2 and 20`)],
);

/**
 * Every word of the catalogue's titles, bands, types, tags and descriptions, lower case, as
 * typed (not stemmed): what a misspelt search word is compared with (pg_trgm) to find the word
 * the shopper meant. Grown as products are written, never pruned: a word no product has any
 * more finds nothing, and a correction that finds nothing is not offered.
 */
export const searchTerms = pgTable(
  "search_terms",
  {
    term: text("term").primaryKey(),
  },
  (table) => [
    index("search_terms_trgm_idx").using("gin", sql`${table.term} gin_trgm_ops`),
    index("search_terms_prefix_idx").using("btree", sql`${table.term} text_pattern_ops`),
  ],
);
