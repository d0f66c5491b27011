import { z } from "zod";
import { BillingTermsView } from "./billing-terms.ts";
import { FILE_TYPES, ImageRef } from "./images.ts";
import { cappedPageOf, pageOf } from "./pagination.ts";

/** How an attribute type's values are offered: as buttons (sizes) or colour swatches. */
export const ATTRIBUTE_DISPLAYS = ["buttons", "swatches"] as const;

/** A collection is curated (products picked by the team) or follows a rule (e.g. new in). */
export const COLLECTION_KINDS = ["curated", "rule"] as const;

const Id = z.number().int().min(1);
const Pence = z.number().int().min(0);
const Count = z.number().int().min(0);
/** A colour as `#rrggbb`. */
const Swatch = z.string().nullable();

/** A band named where something belongs to it. */
export const BrandRef = z
  .object({ id: Id, slug: z.string(), title: z.string() })
  .meta({ id: "BrandRef", description: "A band, by id, slug and name." });
export type BrandRef = z.output<typeof BrandRef>;

/** A band's own web addresses; only http(s) addresses are ever sent. */
export const BrandLinks = z
  .object({
    website: z.string().optional(),
    instagram: z.string().optional(),
    spotify: z.string().optional(),
    bandcamp: z.string().optional(),
    youtube: z.string().optional(),
  })
  .meta({ id: "BrandLinks", description: "A band's web addresses (http or https only)." });
export type BrandLinks = z.output<typeof BrandLinks>;

/** GET /api/brands (a page of these) and /api/brands/{id}. */
export const BrandView = z
  .object({
    id: Id,
    slug: z.string(),
    title: z.string(),
    story: z.string().meta({ description: "Sanitised HTML." }),
    genre: z.string(),
    origin: z.string(),
    links: BrandLinks,
    featured: z.boolean(),
    logo: ImageRef.nullable(),
    hero: ImageRef.nullable(),
    productCount: Count.meta({ description: "How many published products the band has." }),
    seoDescription: z.string().meta({
      description: "What search engines show for the band's page; empty for the default.",
    }),
  })
  .meta({ id: "BrandView", description: "A band as the public sees it." });
export type BrandView = z.output<typeof BrandView>;

export const BrandPage = pageOf(BrandView).meta({
  id: "BrandPage",
  description: "One page of bands, A to Z.",
});

/** A product in a list (security.md #3: allow-listed public fields only). */
export const ProductCard = z
  .object({
    id: Id,
    slug: z.string(),
    title: z.string(),
    productType: z.string().meta({ description: "A product type's title, e.g. 'T-shirt'." }),
    brand: BrandRef,
    priceFrom: Pence.meta({ description: "The cheapest variant's price in pence, VAT included." }),
    priceTo: Pence.meta({ description: "The dearest variant's price in pence, VAT included." }),
    compareAtPrice: Pence.nullable().meta({
      description: "The cheapest variant's former price in pence, when it is on sale.",
    }),
    inStock: z.boolean(),
    stockLeft: Count.nullable().meta({
      description: "How many are left in all when that is few (1 to 5); otherwise null.",
    }),
    preOrder: z.boolean(),
    releaseDate: z.iso.date().nullable(),
    image: ImageRef.nullable(),
  })
  .meta({ id: "ProductCard", description: "A product as a card in a list shows it." });
export type ProductCard = z.output<typeof ProductCard>;

export const ProductCardPage = cappedPageOf(ProductCard).meta({
  id: "ProductCardPage",
  description: "One page of product cards; the total is counted up to a cap (`totalIsCapped`).",
});

/** GET /api/search/suggestions: what the search box offers as the shopper types (issue 29). */
export const SearchSuggestions = z
  .object({
    searchedFor: z.string().meta({
      description:
        "The words searched: what was typed, or its correction when a word was misspelt.",
    }),
    correctedFrom: z.string().nullable().meta({
      description: "What was typed, when a misspelt word was corrected; otherwise null.",
    }),
    bands: z
      .array(BrandView.pick({ id: true, slug: true, title: true, productCount: true, logo: true }))
      .meta({ description: "Up to three bands the words name." }),
    products: z.array(ProductCard).meta({ description: "The first few products, best first." }),
    total: Count.meta({ description: "How many products the search finds (up to a cap)." }),
    totalIsCapped: z.boolean(),
  })
  .meta({
    id: "SearchSuggestions",
    description: "Bands and products for a search as it is typed.",
  });
export type SearchSuggestions = z.output<typeof SearchSuggestions>;

/** One buyable version of a product: a size and colour, with its own price and stock. */
export const VariantView = z
  .object({
    id: Id,
    sku: z.string(),
    price: Pence,
    compareAtPrice: Pence.nullable(),
    inStock: z.boolean(),
    stockLeft: Count.nullable().meta({
      description: "How many are left when that is few; otherwise null.",
    }),
    attributes: z.array(z.object({ id: Id, slug: z.string(), title: z.string(), typeId: Id })),
  })
  .meta({
    id: "VariantView",
    description: "A variant of a product: its options, price and stock.",
  });
export type VariantView = z.output<typeof VariantView>;

/** GET /api/products/{id}: the product page's data. */
export const ProductView = ProductCard.extend({
  description: z.string().meta({ description: "Sanitised HTML." }),
  billing: BillingTermsView.nullable(),
  billingNote: z.string().nullable().meta({
    description:
      "How it is sold when not one-off: “Pre-order: ships from 14 March 2027”, “Fan club membership · renews yearly”.",
  }),
  tags: z.array(z.string()),
  seoTitle: z.string().nullable(),
  seoDescription: z.string().nullable(),
  variants: z.array(VariantView),
  attributeTypes: z.array(
    z.object({
      id: Id,
      slug: z.string(),
      title: z.string(),
      display: z.enum(ATTRIBUTE_DISPLAYS),
      attributes: z.array(
        z.object({ id: Id, slug: z.string(), title: z.string(), swatch: Swatch }),
      ),
    }),
  ),
  mediaFiles: z.array(
    ImageRef.extend({
      id: Id,
      title: z.string(),
      fileType: z.enum(FILE_TYPES),
      attributeId: Id.nullable().meta({ description: "The colour this file shows, if one." }),
    }),
  ),
}).meta({
  id: "ProductView",
  description: "A published product with its variants, options and files.",
});
export type ProductView = z.output<typeof ProductView>;

/** GET /api/product-attribute-types: Size, Colour … in display order. */
export const AttributeTypeView = z
  .object({ id: Id, slug: z.string(), title: z.string(), display: z.enum(ATTRIBUTE_DISPLAYS) })
  .meta({ id: "AttributeTypeView", description: "A kind of option, such as Size or Colour." });
export type AttributeTypeView = z.output<typeof AttributeTypeView>;

/** GET /api/product-attributes: option values in their natural order (XS → 3XL). */
export const AttributeView = z
  .object({
    id: Id,
    slug: z.string(),
    title: z.string(),
    swatch: Swatch,
    position: z.number().int(),
    attributeType: z.object({ id: Id, slug: z.string(), title: z.string() }),
  })
  .meta({ id: "AttributeView", description: "An option value, such as M or Black, and its type." });
export type AttributeView = z.output<typeof AttributeView>;

/** GET /api/product-filters: each facet counts under every filter but its own. */
export const ProductFilters = z
  .object({
    brands: z.array(BrandRef.extend({ count: Count })),
    types: z.array(z.object({ slug: z.string(), title: z.string(), count: Count })),
    attributeTypes: z.array(
      z.object({
        id: Id,
        slug: z.string(),
        title: z.string(),
        display: z.enum(ATTRIBUTE_DISPLAYS),
        attributes: z.array(
          z.object({ id: Id, slug: z.string(), title: z.string(), swatch: Swatch, count: Count }),
        ),
      }),
    ),
    price: z
      .object({ min: Pence, max: Pence })
      .nullable()
      .meta({ description: "The price range in pence; null when nothing matches." }),
    inStock: Count.meta({ description: "How many matching products can be bought now." }),
    countsAsOf: z.string().nullable().meta({
      description:
        "null: the counts are exact, counted now. Otherwise (a large catalogue) the time, ISO 8601, of the catalogue snapshot the counts were taken from, at most 10 seconds old; the products listed are always live.",
    }),
  })
  .meta({ id: "ProductFilters", description: "The filters for a product listing, with counts." });
export type ProductFilters = z.output<typeof ProductFilters>;

/** GET /api/product-collections/{id}. */
export const CollectionView = z
  .object({
    id: Id,
    slug: z.string(),
    title: z.string(),
    description: z.string().meta({ description: "Sanitised HTML." }),
    kind: z.enum(COLLECTION_KINDS),
    products: ProductCardPage,
  })
  .meta({
    id: "CollectionView",
    description: "A collection with one page of its published products.",
  });
export type CollectionView = z.output<typeof CollectionView>;
