import { countDistinct, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orderLines } from "../schema.ts";

// For the catalogue's staff deletes (issue 14): a product or variant that has been ordered keeps
// its orders' history, so staff archive it instead. Order lines keep a snapshot and the product id
// whatever happens to the variant, so every order counts, pending ones included.

/** How many orders hold each of `productIds`; a product never ordered is absent. */
export async function orderCountsOfProducts(
  db: Db,
  productIds: number[],
): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ id: orderLines.productId, orders: countDistinct(orderLines.orderId) })
    .from(orderLines)
    .where(inArray(orderLines.productId, productIds))
    .groupBy(orderLines.productId);
  return new Map(rows.map((row) => [row.id, row.orders]));
}

/** How many orders hold each of `variantIds`; a variant never ordered is absent. */
export async function orderCountsOfVariants(
  db: Db,
  variantIds: number[],
): Promise<Map<number, number>> {
  if (variantIds.length === 0) return new Map();
  const rows = await db
    .select({ id: orderLines.variantId, orders: countDistinct(orderLines.orderId) })
    .from(orderLines)
    .where(inArray(orderLines.variantId, variantIds))
    .groupBy(orderLines.variantId);
  return new Map(rows.flatMap((row) => (row.id === null ? [] : [[row.id, row.orders]])));
}
