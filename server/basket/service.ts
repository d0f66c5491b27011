import type { Basket, BasketAdjustment, BasketLine } from "../../common/basket.ts";
import { basketVariants } from "../catalog/service/basket-variants.ts";
import type { Db } from "../db/client.ts";
import type { BasketLineRequest } from "./validators.ts";

/** The most of one item a basket may hold, whatever the stock. */
export const MAX_PER_LINE = 10;

/**
 * The basket for the requested lines, priced from the database. Lines for the same variant are
 * added together; a variant that no longer exists, is unpublished or sold out is dropped; a
 * quantity above the stock or MAX_PER_LINE is capped. Each change is reported.
 */
export async function resolveBasket(db: Db, requested: BasketLineRequest[]): Promise<Basket> {
  const wanted = new Map<number, number>();
  for (const line of requested) {
    if (line.quantity > 0) wanted.set(line.id, (wanted.get(line.id) ?? 0) + line.quantity);
  }
  const ids = [...wanted.keys()];
  if (ids.length === 0) return { lines: [], adjustments: [], subtotal: 0, itemCount: 0 };

  const { variantRows, optionRows, fileRows } = await basketVariants(db, ids);

  const lines: BasketLine[] = [];
  const adjustments: BasketAdjustment[] = [];
  // Keep the order the shopper added things in.
  for (const [id, quantity] of wanted) {
    const variant = variantRows.find((row) => row.id === id);
    if (variant?.status !== "published") {
      adjustments.push({
        id,
        kind: "removed",
        message: "An item in your basket is no longer available and was removed.",
      });
      continue;
    }
    const options = optionRows.filter((row) => row.variantId === id);
    const name = [variant.productTitle, ...options.map((option) => option.title)].join(", ");
    if (variant.stock <= 0) {
      adjustments.push({
        id,
        kind: "removed",
        message: `${name} has sold out and was removed from your basket.`,
      });
      continue;
    }
    const maxQuantity = Math.min(variant.stock, MAX_PER_LINE);
    let kept = quantity;
    if (quantity > maxQuantity) {
      kept = maxQuantity;
      adjustments.push({
        id,
        kind: "capped",
        message:
          maxQuantity < MAX_PER_LINE
            ? `Only ${maxQuantity} of ${name} ${maxQuantity === 1 ? "is" : "are"} left, so your basket now holds ${maxQuantity}.`
            : `You can buy up to ${MAX_PER_LINE} of each item, so your basket now holds ${MAX_PER_LINE} of ${name}.`,
      });
    }
    const files = fileRows
      .filter((file) => file.productId === variant.productId)
      .map((file) => ({
        slug: file.slug,
        fileType: file.fileType,
        alt: variant.productTitle,
        width: file.width,
        height: file.height,
        attributeId: file.attributeId,
      }));
    const images = files.filter((file) => file.fileType === "IMAGE");
    // spec §3: the line's image is the product's first IMAGE file (its chosen colour's, when it has one).
    const image =
      images.find((file) => options.some((option) => option.id === file.attributeId)) ?? images[0];
    lines.push({
      key: String(id),
      title: variant.productTitle,
      productId: variant.productId,
      quantity: kept,
      maxQuantity,
      lineTotal: kept * variant.price,
      productVariant: {
        id,
        sku: variant.sku,
        price: variant.price,
        compareAtPrice: variant.compareAtPrice,
        attributes: options.map((option) => ({
          id: option.id,
          title: option.title,
          type: option.type,
        })),
        product: {
          id: variant.productId,
          slug: variant.productSlug,
          title: variant.productTitle,
          productType: variant.productType,
          preOrder: variant.preOrder,
          brand: { title: variant.brandTitle, slug: variant.brandSlug },
          mediaFiles: files.map(({ attributeId: _attributeId, ...file }) => file),
        },
      },
      image: image
        ? { slug: image.slug, alt: image.alt, width: image.width, height: image.height }
        : null,
    });
  }
  return {
    lines,
    adjustments,
    subtotal: lines.reduce((sum, line) => sum + line.lineTotal, 0),
    itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
  };
}
