import { z } from "zod";
import {
  AttributeTypeView,
  AttributeView,
  BrandPage,
  BrandView,
  CollectionView,
  ProductCard,
  ProductCardPage,
  ProductFilters,
  ProductView,
  SearchSuggestions,
} from "../../common/catalog.ts";
import { refuse } from "../../common/refusal.ts";
import { IdList, IdOrSlug } from "../http/query-schemas.ts";
import { cached } from "../http/response-cache.ts";
import { defineRoute, type RouteGroup } from "../http/route-table.ts";
import { listAttributes, listAttributeTypes } from "./service/attributes.ts";
import { getBrand, listBrands } from "./service/brands.ts";
import { searchSuggestions } from "./service/catalogue-search.ts";
import { getCollection } from "./service/collections.ts";
import { productFilters } from "./service/filters.ts";
import { getProduct, listProducts, relatedProducts } from "./service/products.ts";
import { catalogStaffRoutes } from "./staff-api.ts";
import {
  PublicBrandListQuery,
  PublicCollectionQuery,
  PublicProductListQuery,
  SearchSuggestionsQuery,
} from "./validators.ts";

const ById = z.strictObject({ id: IdOrSlug });
const NO_PRODUCT = "No product with that id or slug.";
const tag = "catalogue";

/**
 * behaviour.md §7: the public catalogue (bands, products, attributes, filters and collections), and
 * the staff API of bands, products, variants, options and collections (staff-api.ts).
 */
export const catalogRoutes: RouteGroup[] = [
  { area: "staff", routes: catalogStaffRoutes },
  {
    area: "public",
    routes: [
      defineRoute({
        method: "get",
        path: "/brands",
        tag,
        summary: "Bands, A to Z",
        middleware: [cached],
        query: PublicBrandListQuery,
        answers: { page: BrandPage },
        call: ({ db }, { query }) => listBrands(db, query),
      }),
      defineRoute({
        method: "get",
        path: "/brands/{id}",
        tag,
        summary: "One band, by id or slug",
        middleware: [cached],
        params: ById,
        answers: { data: BrandView },
        refusals: ["not-found"],
        call: async ({ db }, { params }) =>
          (await getBrand(db, params.id)) ?? refuse("not-found", "No band with that id or slug."),
      }),
      defineRoute({
        method: "get",
        path: "/products",
        tag,
        summary: "Products, filtered, searched, sorted and paginated",
        middleware: [cached],
        query: PublicProductListQuery,
        answers: { page: ProductCardPage },
        call: ({ db }, { query }) => listProducts(db, query),
      }),
      defineRoute({
        method: "get",
        path: "/search/suggestions",
        tag,
        summary: "Bands and products for a search as it is typed",
        description:
          "The search box's suggestions: up to three bands the words name, the first five " +
          "products (best first) and how many products the search finds. The words are widened " +
          "by the shop's synonyms (tee finds T-shirts), and a misspelt word is corrected to the " +
          "nearest word of the catalogue (`correctedFrom` then says what was typed).",
        middleware: [cached],
        query: SearchSuggestionsQuery,
        answers: { data: SearchSuggestions },
        call: ({ db }, { query }) => searchSuggestions(db, query.q),
      }),
      defineRoute({
        method: "get",
        path: "/products/{id}",
        tag,
        summary: "One product with its variants, options and images",
        middleware: [cached],
        params: ById,
        answers: { data: ProductView },
        refusals: ["not-found"],
        call: async ({ db }, { params }) =>
          (await getProduct(db, params.id)) ?? refuse("not-found", NO_PRODUCT),
      }),
      defineRoute({
        method: "get",
        path: "/products/{id}/related",
        tag,
        summary: "Products to show beside one",
        middleware: [cached],
        params: ById,
        answers: { data: z.array(ProductCard) },
        refusals: ["not-found"],
        call: async ({ db }, { params }) =>
          (await relatedProducts(db, params.id)) ?? refuse("not-found", NO_PRODUCT),
      }),
      defineRoute({
        method: "get",
        path: "/product-attribute-types",
        tag,
        summary: "Kinds of option (size, colour, format)",
        middleware: [cached],
        query: z.strictObject({}),
        answers: { data: z.array(AttributeTypeView) },
        call: ({ db }) => listAttributeTypes(db),
      }),
      defineRoute({
        method: "get",
        path: "/product-attributes",
        tag,
        summary: "Option values, optionally of some kinds only",
        middleware: [cached],
        query: z.strictObject({ types: IdList.optional() }),
        answers: { data: z.array(AttributeView) },
        call: ({ db }, { query }) => listAttributes(db, query.types),
      }),
      defineRoute({
        method: "get",
        path: "/product-filters",
        tag,
        summary: "The filters and their counts for a product listing",
        middleware: [cached],
        query: PublicProductListQuery,
        answers: { data: ProductFilters },
        call: ({ db }, { query }) => productFilters(db, query),
      }),
      defineRoute({
        method: "get",
        path: "/product-collections/{id}",
        tag,
        summary: "A collection with a page of its products",
        middleware: [cached],
        params: ById,
        query: PublicCollectionQuery,
        answers: { data: CollectionView },
        refusals: ["not-found"],
        call: async ({ db }, { params, query }) =>
          (await getCollection(db, params.id, query)) ??
          refuse("not-found", "No collection with that id or slug."),
      }),
    ],
  },
];
