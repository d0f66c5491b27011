import { z } from "zod";
import { PRODUCT_SORTS } from "../../common/product-list-query.ts";
import { PRODUCT_TYPES } from "../../common/product-types.ts";
import { Flag, IdList, IdOrSlug, MAX_ID, Pagination, Pence } from "../http/query-schemas.ts";

const typeSlugs = PRODUCT_TYPES.map((type) => type.slug);

const Sort = z.enum(PRODUCT_SORTS, { error: `Sort by one of: ${PRODUCT_SORTS.join(", ")}.` });

/** GET /api/products and /api/product-filters: every filter the storefront offers. */
export const PublicProductListQuery = z
  .strictObject({
    ...Pagination,
    q: z.string().trim().max(100, "Search for 100 characters or fewer.").optional(),
    brand: z
      .string()
      .max(2000)
      .regex(/^[a-z0-9-]+(,[a-z0-9-]+)*$/, "Must be comma-separated band ids or slugs.")
      .transform((value) => [...new Set(value.split(","))])
      .optional(),
    collection: IdOrSlug.optional(),
    type: z
      .string()
      .max(500)
      .transform((value) => [...new Set(value.split(","))])
      .pipe(z.array(z.enum(typeSlugs as [string, ...string[]], { error: "Unknown product type." })))
      .optional(),
    attributes: IdList.optional(),
    priceMin: Pence.optional(),
    priceMax: Pence.optional(),
    inStock: Flag.optional(),
    sort: Sort.optional(),
  })
  .refine(
    (query) =>
      query.priceMin === undefined ||
      query.priceMax === undefined ||
      query.priceMin <= query.priceMax,
    {
      path: ["priceMax"],
      message: "The highest price must not be below the lowest.",
    },
  );

export const PublicBrandListQuery = z.strictObject({
  ...Pagination,
  perPage: z.coerce.number().int().min(1).max(100).default(100),
  featured: Flag.optional(),
});

/** GET /api/product-collections/{id}: a page of the collection's products. */
export const PublicCollectionQuery = z.strictObject({ ...Pagination, sort: Sort.optional() });

const Slug = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "Enter a slug, or leave it empty to make one from the title.")
  .max(80, "A slug is at most 80 characters.")
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "Use lower-case letters, digits and single hyphens.");
const WebAddress = z
  .string()
  .trim()
  .max(300, "At most 300 characters.")
  .refine((value) => value === "" || /^https?:\/\/[^\s]+$/.test(value), {
    message: "Enter a web address starting with https://.",
  })
  .transform((value) => value || undefined);
const FileId = z.number().int().min(1).max(MAX_ID, "No such file.").nullable();

/**
 * A band's fields as staff edit them (spec §7 brands: title, slug, description, images, SEO).
 * No defaults here: an update changes only what it sends, and the service fills a new band's.
 */
const brandFields = {
  title: z.string().trim().min(1, "Enter the band's name.").max(120, "At most 120 characters."),
  slug: Slug.optional(),
  story: z.string().max(20_000, "At most 20,000 characters.").optional(),
  genre: z.string().trim().max(60, "At most 60 characters.").optional(),
  origin: z.string().trim().max(80, "At most 80 characters.").optional(),
  links: z
    .strictObject({
      website: WebAddress.optional(),
      instagram: WebAddress.optional(),
      spotify: WebAddress.optional(),
      bandcamp: WebAddress.optional(),
      youtube: WebAddress.optional(),
    })
    .optional(),
  logoFileId: FileId.optional(),
  heroFileId: FileId.optional(),
  featured: z.boolean().optional(),
  seoTitle: z.string().trim().max(70, "Search engines show about 60 characters.").optional(),
  seoDescription: z
    .string()
    .trim()
    .max(160, "Search engines show about 155 characters.")
    .optional(),
};

/** POST /api/staff/brands/store. */
export const BrandCreateInput = z.strictObject(brandFields);
export type BrandCreateInput = z.output<typeof BrandCreateInput>;

/** POST /api/staff/brands/update: the fields sent change, the others stay. */
export const BrandUpdateFields = z.strictObject(brandFields);
export type BrandUpdateInput = Partial<BrandCreateInput> & { id: number };

export const BRAND_SORTS = [
  "title",
  "-title",
  "updated",
  "-updated",
  "products",
  "-products",
] as const;

/** GET /api/staff/brands. */
export const StaffBrandListQuery = z.strictObject({
  ...Pagination,
  q: z.string().trim().max(100, "Search for 100 characters or fewer.").optional(),
  featured: Flag.optional(),
  sort: z
    .enum(BRAND_SORTS, { error: `Sort by one of: ${BRAND_SORTS.join(", ")}.` })
    .default("title"),
});
export type StaffBrandListQuery = z.output<typeof StaffBrandListQuery>;
