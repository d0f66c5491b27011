import type { RouterContextProvider } from "react-router";
import type { ProductListQuery } from "../../common/product-list-query";
import { listAttributes } from "../../server/catalog/service/attributes";
import { getBrand, listBrands } from "../../server/catalog/service/brands";
import { getCollection, listCollections } from "../../server/catalog/service/collections";
import { productFilters } from "../../server/catalog/service/filters";
import { getProduct, listProducts, relatedProducts } from "../../server/catalog/service/products";
import { getActiveSpotlight } from "../../server/catalog/service/spotlight";
import { appContext } from "./app-context.server";

/** The catalogue services with this request's database: what loaders call (DESIGN §6.1). */
export function catalog(context: Readonly<RouterContextProvider>) {
  const { db } = context.get(appContext);
  return {
    listProducts: (query: ProductListQuery) => listProducts(db, query),
    productFilters: (query: ProductListQuery) => productFilters(db, query),
    getProduct: (idOrSlug: number | string) => getProduct(db, idOrSlug),
    relatedProducts: (idOrSlug: number | string) => relatedProducts(db, idOrSlug),
    listBrands: (query: { page: number; perPage: number; featured?: boolean }) =>
      listBrands(db, query),
    getBrand: (idOrSlug: number | string) => getBrand(db, idOrSlug),
    getCollection: (idOrSlug: number | string, query: ProductListQuery) =>
      getCollection(db, idOrSlug, query),
    listAttributes: () => listAttributes(db),
    getActiveSpotlight: () => getActiveSpotlight(db),
    listCollections: () => listCollections(db),
  };
}
