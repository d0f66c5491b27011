import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { brands, products } from "../schema.ts";

export type CatalogCounts = { publishedProducts: number; draftProducts: number; bands: number };

/** How many products are on sale and in draft, and how many bands there are, in one query. */
export async function catalogCounts(db: Db): Promise<CatalogCounts> {
  const [row] = await db
    .select({
      publishedProducts: sql<number>`count(*) filter (where ${products.status} = 'published')::int`,
      draftProducts: sql<number>`count(*) filter (where ${products.status} = 'draft')::int`,
      bands: sql<number>`(select count(*)::int from ${brands})`,
    })
    .from(products);
  if (!row) throw new Error("The catalogue count query returned nothing");
  return row;
}
