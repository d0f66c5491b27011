import {
  AttributeEdit,
  AttributeTypeEdit,
  BrandEdit,
  BulkStatusResult,
  CollectionEdit,
  GeneratedVariants,
  ProductEdit,
  StaffAttributeItem,
  StaffAttributeTypeItem,
  StaffBrandItem,
  StaffCollectionItem,
  StaffProductItem,
  VariantEdit,
} from "../../common/catalog-admin.ts";
import { isRefusal, type Refusal } from "../../common/refusal.ts";
import type { Db } from "../db/client.ts";
import { inTransactionOrRefuse } from "../db/transaction.ts";
import { actorOf, resourceRoutes } from "../http/resource.ts";
import { type AnyRoute, defineRoute } from "../http/route-table.ts";
import { notifyCatalogChanged } from "./cache.ts";
import { attributeService, attributeTypeService } from "./service/attribute-admin.ts";
import { brandService } from "./service/brand-admin.ts";
import { collectionService } from "./service/collection-admin.ts";
import { PRODUCTS, productService, setProductStatuses } from "./service/product-admin.ts";
import {
  generateVariants,
  VARIANTS,
  variantLabel,
  variantService,
} from "./service/variant-admin.ts";
import {
  AttributeCreateInput,
  AttributeTypeCreateInput,
  AttributeTypeUpdateFields,
  AttributeUpdateFields,
  BrandCreateInput,
  BrandUpdateFields,
  BulkStatusInput,
  CollectionCreateInput,
  CollectionUpdateFields,
  GenerateVariantsInput,
  ProductCreateInput,
  ProductUpdateFields,
  StaffAttributeListQuery,
  StaffAttributeTypeListQuery,
  StaffBrandListQuery,
  StaffCollectionListQuery,
  StaffProductListQuery,
  StaffVariantListQuery,
  VariantCreateInput,
  VariantUpdateFields,
} from "./validators.ts";

const tag = "catalogue";

/**
 * A catalogue write beside the resource routes (decision 0014): its audit entries are written by
 * `work` in the same transaction, and every process's storefront hears of it once it commits.
 */
async function catalogueWrite<T>(
  db: Db,
  work: (tx: Db) => Promise<T | Refusal>,
): Promise<T | Refusal> {
  const result = await inTransactionOrRefuse(db, work);
  if (!isRefusal(result)) await notifyCatalogChanged(db);
  return result;
}

/** The catalogue's staff API (issue 14): one resource each, plus the writes that are not records. */
export const catalogStaffRoutes: AnyRoute[] = [
  ...resourceRoutes({
    name: "brands",
    tag,
    noun: "band",
    query: StaffBrandListQuery,
    item: StaffBrandItem,
    edit: BrandEdit,
    create: BrandCreateInput,
    update: BrandUpdateFields,
    label: (brand: BrandEdit) => brand.title,
    service: brandService,
  }),
  ...resourceRoutes({
    name: "product-attribute-types",
    tag,
    noun: "option",
    query: StaffAttributeTypeListQuery,
    item: StaffAttributeTypeItem,
    edit: AttributeTypeEdit,
    create: AttributeTypeCreateInput,
    update: AttributeTypeUpdateFields,
    label: (type: AttributeTypeEdit) => type.title,
    service: attributeTypeService,
  }),
  ...resourceRoutes({
    name: "product-attributes",
    tag,
    noun: "option value",
    query: StaffAttributeListQuery,
    item: StaffAttributeItem,
    edit: AttributeEdit,
    create: AttributeCreateInput,
    update: AttributeUpdateFields,
    label: (value: AttributeEdit) => value.title,
    service: attributeService,
  }),
  ...resourceRoutes({
    name: PRODUCTS,
    tag,
    noun: "product",
    query: StaffProductListQuery,
    item: StaffProductItem,
    edit: ProductEdit,
    create: ProductCreateInput,
    update: ProductUpdateFields,
    label: (product: ProductEdit) => product.title,
    service: productService,
  }),
  ...resourceRoutes({
    name: VARIANTS,
    tag,
    noun: "variant",
    // spec §7 names this one `POST /product-variants/create`.
    storePath: "create",
    query: StaffVariantListQuery,
    item: VariantEdit,
    edit: VariantEdit,
    create: VariantCreateInput,
    update: VariantUpdateFields,
    label: variantLabel,
    service: variantService,
  }),
  ...resourceRoutes({
    name: "product-collections",
    tag,
    noun: "collection",
    query: StaffCollectionListQuery,
    item: StaffCollectionItem,
    edit: CollectionEdit,
    create: CollectionCreateInput,
    update: CollectionUpdateFields,
    label: (collection: CollectionEdit) => collection.title,
    service: collectionService,
  }),
  defineRoute({
    method: "post",
    path: "/products/generate-variants",
    tag,
    summary: "Add a variant for every combination of the chosen option values",
    description:
      "One value or more of each option type (5 sizes and 2 colours make 10 variants), each with " +
      "the price given and a SKU from `skuPattern` (`{product}-{size}-{colour}` by default, upper " +
      "case, numbered when taken). Combinations the product has already are kept as they are. " +
      "One audit entry per variant added.",
    body: GenerateVariantsInput,
    answers: { data: GeneratedVariants, status: 201 },
    refusals: ["invalid", "not-found", "conflict"],
    call: ({ db, account }, { body }) =>
      catalogueWrite(db, (tx) => generateVariants(tx, body, actorOf(account))),
  }),
  defineRoute({
    method: "post",
    path: "/products/bulk-status",
    tag,
    summary: "Publish, unpublish or archive several products at once",
    description:
      "All or none; one audit entry per product whose status changed. A product without variants " +
      "is not published (409).",
    body: BulkStatusInput,
    answers: { data: BulkStatusResult },
    refusals: ["not-found", "conflict"],
    call: ({ db, account }, { body }) =>
      catalogueWrite(db, (tx) => setProductStatuses(tx, body, actorOf(account))),
  }),
];
