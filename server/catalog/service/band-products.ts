import { eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { brands, products } from "../schema.ts";

export type BandForRules = { id: number; title: string; productIds: SQL };

/**
 * Bands as other modules' rules name them (a segment's "bought from a band"): their title, which
 * order lines keep, and a subquery of their products' ids, for matching lines whose product is
 * still in the catalogue. Bands that do not exist are missing from the answer.
 */
export async function bandsForRules(db: Db, ids: number[]): Promise<Map<number, BandForRules>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: brands.id, title: brands.title })
    .from(brands)
    .where(inArray(brands.id, ids));
  return new Map(
    rows.map((row) => [
      row.id,
      {
        ...row,
        productIds: sql`select ${products.id} from ${products} where ${eq(products.brandId, row.id)}`,
      },
    ]),
  );
}
