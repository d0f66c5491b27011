import { z } from "zod";
import { PRODUCT_SORTS } from "../../common/product-list-query.ts";
import { PRODUCT_TYPES } from "../../common/product-types.ts";
import { Flag, IdList, IdOrSlug, Pagination, Pence } from "../http/query-schemas.ts";

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
