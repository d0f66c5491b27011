import { count, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orders } from "../schema.ts";

// For delivery's staff deletes (issue 15): an option an order names keeps that order's history,
// so staff make it inactive instead. Every order counts, archived and cancelled ones included.

/** How many orders name each of `optionIds`; an option never chosen is absent. */
export async function orderCountsOfDeliveryOptions(
  db: Db,
  optionIds: number[],
): Promise<Map<number, number>> {
  if (optionIds.length === 0) return new Map();
  const rows = await db
    .select({ id: orders.deliveryOptionId, orders: count() })
    .from(orders)
    .where(inArray(orders.deliveryOptionId, optionIds))
    .groupBy(orders.deliveryOptionId);
  return new Map(rows.map((row) => [row.id, row.orders]));
}
