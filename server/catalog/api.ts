import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import type { AppEnv } from "../http/env.ts";
import { ok } from "../http/envelope.ts";
import { notFound } from "../http/errors.ts";
import { IdList, IdOrSlug } from "../http/query-schemas.ts";
import { pathParam, queryParams } from "../http/validate.ts";
import { listAttributes, listAttributeTypes } from "./service/attributes.ts";
import { getBrand, listBrands } from "./service/brands.ts";
import { getCollection } from "./service/collections.ts";
import { productFilters } from "./service/filters.ts";
import { getProduct, listProducts, relatedProducts } from "./service/products.ts";
import {
  PublicBrandListQuery,
  PublicCollectionQuery,
  PublicProductListQuery,
} from "./validators.ts";

const CACHED_PATHS = [
  "/brands",
  "/brands/*",
  "/products",
  "/products/*",
  "/product-attribute-types",
  "/product-attributes",
  "/product-filters",
  "/product-collections/*",
];

/** spec §7, public catalogue: bands, products, attributes, filters and collections. */
export function catalogPublicApi(cache: MiddlewareHandler<AppEnv>) {
  const app = new Hono<AppEnv>();
  // Only these paths: middleware on "*" here would also run for every other /api route.
  for (const path of CACHED_PATHS) app.use(path, cache);
  return app
    .get("/brands", async (c) => {
      const page = await listBrands(c.get("db"), queryParams(c, PublicBrandListQuery));
      return c.json(page);
    })
    .get("/brands/:id", async (c) => {
      const brand = await getBrand(c.get("db"), pathParam(c, "id", IdOrSlug));
      if (!brand) throw notFound("No band with that id or slug.");
      return ok(c, brand);
    })
    .get("/products", async (c) => {
      return c.json(await listProducts(c.get("db"), queryParams(c, PublicProductListQuery)));
    })
    .get("/products/:id", async (c) => {
      const product = await getProduct(c.get("db"), pathParam(c, "id", IdOrSlug));
      if (!product) throw notFound("No product with that id or slug.");
      return ok(c, product);
    })
    .get("/products/:id/related", async (c) => {
      const related = await relatedProducts(c.get("db"), pathParam(c, "id", IdOrSlug));
      if (!related) throw notFound("No product with that id or slug.");
      return ok(c, related);
    })
    .get("/product-attribute-types", async (c) => {
      queryParams(c, z.strictObject({}));
      return ok(c, await listAttributeTypes(c.get("db")));
    })
    .get("/product-attributes", async (c) => {
      const { types } = queryParams(c, z.strictObject({ types: IdList.optional() }));
      return ok(c, await listAttributes(c.get("db"), types));
    })
    .get("/product-filters", async (c) => {
      return ok(c, await productFilters(c.get("db"), queryParams(c, PublicProductListQuery)));
    })
    .get("/product-collections/:id", async (c) => {
      const query = queryParams(c, PublicCollectionQuery);
      const collection = await getCollection(c.get("db"), pathParam(c, "id", IdOrSlug), query);
      if (!collection) throw notFound("No collection with that id or slug.");
      return ok(c, collection);
    });
}
