import { and, eq, gte, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { productVariants } from "../schema.ts";
import { MAX_STOCK } from "../validators.ts";
import { LOW_STOCK } from "./products.ts";
import { refreshProductSummaries } from "./summaries.ts";

export type StockLine = { variantId: number; quantity: number };

/**
 * Every statement that changes `stock_on_hand` sets this too, so an export's `stock_version`
 * tells whether the stock it read has moved since (docs/security.md #26, decision 0017).
 */
export const nextStockVersion = sql`${productVariants.stockVersion} + 1`;

/**
 * security.md #10: takes the lines' units from stock inside the caller's transaction, each with one
 * guarded UPDATE (never below zero, whatever the concurrency: the row lock orders the buyers and
 * the second sees what the first left). Lines are taken in id order, so two baskets holding the
 * same variants cannot deadlock. Answers the first variant that is short, having taken nothing
 * the caller will keep (the caller rolls back); the product summaries follow in the same
 * transaction (decision 0004). Says whether what pages show changed (a variant sold out or is
 * now few, shown "Only n left"): only then does the caller announce it after its commit, so a
 * drop's orders do not empty every cache many times a second (docs/decisions/0023).
 */
export async function takeStock(
  tx: Db,
  lines: StockLine[],
): Promise<{ ok: true; shownStockChanged: boolean } | { ok: false; shortVariantId: number }> {
  const productIds = new Set<number>();
  let shownStockChanged = false;
  for (const line of [...lines].sort((a, b) => a.variantId - b.variantId)) {
    const [taken] = await tx
      .update(productVariants)
      .set({
        stockOnHand: sql`${productVariants.stockOnHand} - ${line.quantity}`,
        stockVersion: nextStockVersion,
      })
      .where(
        and(
          eq(productVariants.id, line.variantId),
          gte(productVariants.stockOnHand, line.quantity),
        ),
      )
      .returning({ productId: productVariants.productId, left: productVariants.stockOnHand });
    if (!taken) return { ok: false, shortVariantId: line.variantId };
    productIds.add(taken.productId);
    // A product's own count is shown only when its variants' are all few, so this covers it.
    if (taken.left <= LOW_STOCK) shownStockChanged = true;
  }
  await refreshProductSummaries(tx, [...productIds], { stamp: false });
  return { ok: true, shownStockChanged };
}

/** Gives units back to stock (a reservation released), inside the caller's transaction. */
export async function returnStock(tx: Db, lines: StockLine[]): Promise<void> {
  const productIds = new Set<number>();
  for (const line of [...lines].sort((a, b) => a.variantId - b.variantId)) {
    const [returned] = await tx
      .update(productVariants)
      .set({
        stockOnHand: sql`${productVariants.stockOnHand} + ${line.quantity}`,
        stockVersion: nextStockVersion,
      })
      .where(eq(productVariants.id, line.variantId))
      .returning({ productId: productVariants.productId });
    if (returned) productIds.add(returned.productId);
  }
  await refreshProductSummaries(tx, [...productIds], { stamp: false });
}

/** A variant's stock as an import found it, for a refusal that names what the shop has now. */
export type StockNow = { stock: number; version: number };

const stockNow = async (tx: Db, variantId: number): Promise<StockNow> => {
  const [row] = await tx
    .select({ stock: productVariants.stockOnHand, version: productVariants.stockVersion })
    .from(productVariants)
    .where(eq(productVariants.id, variantId));
  return row ?? { stock: 0, version: 0 };
};

/**
 * Sets a variant's stock to a count an export read at `version`, in one guarded UPDATE: only
 * while no sale, release, return or edit has changed the stock since (docs/security.md #26).
 * Answers what the shop has now when it has changed. The caller refreshes the product's summaries.
 */
export async function setStockAtVersion(
  tx: Db,
  variantId: number,
  stock: number,
  version: number,
): Promise<{ ok: true } | { ok: false; now: StockNow }> {
  const [set] = await tx
    .update(productVariants)
    .set({ stockOnHand: stock, stockVersion: nextStockVersion, updatedAt: new Date() })
    .where(and(eq(productVariants.id, variantId), eq(productVariants.stockVersion, version)))
    .returning({ id: productVariants.id });
  return set ? { ok: true } : { ok: false, now: await stockNow(tx, variantId) };
}

/**
 * Adds `units` (a delivery, or fewer after a count: negative) to the stock the variant has at
 * this moment, in one guarded UPDATE that never takes it below zero (nor above the most a form
 * may set, `MAX_STOCK`). Answers what the shop has
 * now when it would. The caller refreshes the product's summaries.
 */
export async function adjustStock(
  tx: Db,
  variantId: number,
  units: number,
): Promise<{ ok: true } | { ok: false; now: StockNow }> {
  const [adjusted] = await tx
    .update(productVariants)
    .set({
      stockOnHand: sql`${productVariants.stockOnHand} + ${units}`,
      stockVersion: nextStockVersion,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(productVariants.id, variantId),
        sql`${productVariants.stockOnHand} + ${units} between 0 and ${MAX_STOCK}`,
      ),
    )
    .returning({ id: productVariants.id });
  return adjusted ? { ok: true } : { ok: false, now: await stockNow(tx, variantId) };
}

/** Units on hand per variant (tests and the back office read stock through here). */
export async function stockOf(db: Db, variantIds: number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({ id: productVariants.id, stock: productVariants.stockOnHand })
    .from(productVariants)
    .where(inArray(productVariants.id, variantIds));
  return new Map(rows.map((row) => [row.id, row.stock]));
}
