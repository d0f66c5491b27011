import { and, asc, eq, inArray } from "drizzle-orm";
import { billingTermsOf } from "../../billing/index.ts";
import type { Db } from "../../db/client.ts";
import { mediaFileView } from "../../media/index.ts";
import {
  attributes,
  attributeTypes,
  brands,
  productMedia,
  products,
  productVariants,
  variantAttributes,
} from "../schema.ts";

/**
 * What a basket needs of these variants, in three queries whatever their number: price, VAT
 * rate, stock, status, product and band of each; their options in display order; their products'
 * files in gallery order. Unknown ids are left out; the basket decides what to make of each row.
 */
export async function basketVariants(db: Db, variantIds: number[]) {
  const [variantRows, optionRows] = await Promise.all([
    db
      .select({
        id: productVariants.id,
        sku: productVariants.sku,
        price: productVariants.price,
        compareAtPrice: productVariants.compareAtPrice,
        stock: productVariants.stockOnHand,
        productId: products.id,
        productSlug: products.slug,
        productTitle: products.title,
        productType: products.productType,
        preOrder: products.preOrder,
        billingModelId: products.billingModelId,
        releaseDate: products.releaseDate,
        vatRate: products.vatRate,
        status: products.status,
        brandTitle: brands.title,
        brandSlug: brands.slug,
      })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .innerJoin(brands, eq(brands.id, products.brandId))
      .where(inArray(productVariants.id, variantIds)),
    db
      .select({
        variantId: variantAttributes.variantId,
        id: attributes.id,
        title: attributes.title,
        type: attributeTypes.title,
      })
      .from(variantAttributes)
      .innerJoin(attributes, eq(attributes.id, variantAttributes.attributeId))
      .innerJoin(attributeTypes, eq(attributeTypes.id, attributes.attributeTypeId))
      .where(inArray(variantAttributes.variantId, variantIds))
      .orderBy(asc(attributeTypes.position), asc(attributeTypes.id), asc(attributes.position)),
  ]);
  const productIds = [...new Set(variantRows.map((row) => row.productId))];
  const fileRows = productIds.length
    ? await db
        .select({
          productId: productMedia.productId,
          attributeId: productMedia.attributeId,
          slug: mediaFileView.slug,
          fileType: mediaFileView.fileType,
          width: mediaFileView.width,
          height: mediaFileView.height,
        })
        .from(productMedia)
        .innerJoin(mediaFileView, eq(mediaFileView.id, productMedia.fileId))
        .where(and(inArray(productMedia.productId, productIds)))
        .orderBy(asc(productMedia.position), asc(productMedia.fileId))
    : [];

  const terms = await billingTermsOf(db, variantRows);
  return {
    variantRows: variantRows.map((row, index) => ({ ...row, billing: terms[index] ?? null })),
    optionRows,
    fileRows,
  };
}
