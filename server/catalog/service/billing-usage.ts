import { asc, count, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { products } from "../schema.ts";

// For the billing models' staff screens (issue 15): which products each model is assigned to,
// so a model in use is never deleted and its row says how many products use it.

/** How many products (any status) each of `modelIds` is assigned to; an unused model is absent. */
export async function productCountsOfBillingModels(
  db: Db,
  modelIds: number[],
): Promise<Map<number, number>> {
  if (modelIds.length === 0) return new Map();
  const rows = await db
    .select({ id: products.billingModelId, n: count() })
    .from(products)
    .where(inArray(products.billingModelId, modelIds))
    .groupBy(products.billingModelId);
  return new Map(rows.flatMap((row) => (row.id === null ? [] : [[row.id, row.n]])));
}

/** The products assigned to any of `modelIds`, by title: the first `limit` of them. */
export async function productsOfBillingModels(db: Db, modelIds: number[], limit = 5) {
  if (modelIds.length === 0) return [];
  const rows = await db
    .select({ billingModelId: products.billingModelId, title: products.title })
    .from(products)
    .where(inArray(products.billingModelId, modelIds))
    .orderBy(asc(products.title), asc(products.id))
    .limit(limit);
  return rows.map((row) => ({ billingModelId: row.billingModelId as number, title: row.title }));
}
