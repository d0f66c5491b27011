import type { RouterContextProvider } from "react-router";
import type { ProductListQuery } from "../../common/product-list-query";
import { listAttributes } from "../../server/catalog/service/attributes";
import { getBrand, listBrands } from "../../server/catalog/service/brands";
import { searchCatalogue } from "../../server/catalog/service/catalogue-search";
import { getCollection, listCollections } from "../../server/catalog/service/collections";
import { productFilters } from "../../server/catalog/service/filters";
import { getProduct, listProducts, relatedProducts } from "../../server/catalog/service/products";
import { productRecommendations } from "../../server/catalog/service/recommendations";
import { getActiveSpotlight } from "../../server/catalog/service/spotlight";
import { freeUkDelivery } from "../../server/delivery/service";
import { appContext } from "./app-context.server";

// Page requests that were served a kept answer because the database did not answer.
const servedKept = new WeakSet<object>();

/** Whether this request's page holds a kept catalogue answer (so no cache may store it). */
export const servedKeptCatalogue = (context: object) => servedKept.has(context);

/**
 * The catalogue services with this request's database: what loaders call (architecture.md §7.1).
 * Each answer is kept, so while the database falters a page seen before still renders
 * (security.md #15).
 */
export function catalog(context: Readonly<RouterContextProvider>) {
  const { db, lastGoodCatalog } = context.get(appContext);
  const kept =
    <Args extends unknown[], T>(name: string, load: (...args: Args) => Promise<T>) =>
    (...args: Args) =>
      lastGoodCatalog.read(
        `${name}:${JSON.stringify(args)}`,
        () => load(...args),
        () => servedKept.add(context),
      );
  return {
    listProducts: kept("listProducts", (query: ProductListQuery) => listProducts(db, query)),
    searchCatalogue: kept("searchCatalogue", (query: ProductListQuery & { q: string }) =>
      searchCatalogue(db, query),
    ),
    productFilters: kept(
      "productFilters",
      (query: ProductListQuery, options: { brandFixed?: boolean } = {}) =>
        productFilters(db, query, options),
    ),
    getProduct: kept("getProduct", (idOrSlug: number | string) => getProduct(db, idOrSlug)),
    relatedProducts: kept("relatedProducts", (idOrSlug: number | string) =>
      relatedProducts(db, idOrSlug),
    ),
    productRecommendations: kept("productRecommendations", (idOrSlug: number | string) =>
      productRecommendations(db, idOrSlug),
    ),
    listBrands: kept("listBrands", (query: { page: number; perPage: number; featured?: boolean }) =>
      listBrands(db, query),
    ),
    getBrand: kept("getBrand", (idOrSlug: number | string) => getBrand(db, idOrSlug)),
    getCollection: kept("getCollection", (idOrSlug: number | string, query: ProductListQuery) =>
      getCollection(db, idOrSlug, query),
    ),
    listAttributes: kept("listAttributes", () => listAttributes(db)),
    getActiveSpotlight: kept("getActiveSpotlight", () => getActiveSpotlight(db)),
    listCollections: kept("listCollections", () => listCollections(db)),
    /** From what goods total UK delivery is free, for the product page beside its price. */
    freeUkDelivery: kept("freeUkDelivery", () => freeUkDelivery(db, 0)),
  };
}
