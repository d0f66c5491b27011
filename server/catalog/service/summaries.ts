import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";

/**
 * Recomputes each product's variant summary (price range, the cheapest variant's compare-at price,
 * total stock, attribute ids) and its search document (title and band weigh most, then type and
 * tags, then the description's text). Call it in the same transaction as any variant or product
 * change; `ids` omitted means every product.
 */
export async function refreshProductSummaries(db: Db, ids?: number[]): Promise<void> {
  if (ids && ids.length === 0) return;
  const only = ids ? sql`and p.id = any(${sql.param(ids)}::int[])` : sql``;
  await db.execute(sql`
    update products p set
      price_from = coalesce(v.min_price, 0),
      price_to = coalesce(v.max_price, 0),
      compare_at_from = v.cheapest_compare_at,
      stock_total = coalesce(v.stock, 0),
      attribute_ids = coalesce(a.ids, '{}'),
      search_document =
        setweight(to_tsvector('english', p.title), 'A') ||
        setweight(to_tsvector('english', b.title), 'A') ||
        setweight(to_tsvector('english', p.product_type), 'B') ||
        setweight(to_tsvector('english', array_to_string(p.tags, ' ')), 'B') ||
        setweight(to_tsvector('english', regexp_replace(p.description, '<[^>]*>', ' ', 'g')), 'C'),
      updated_at = now()
    from brands b,
      lateral (
        select min(pv.price) as min_price, max(pv.price) as max_price,
          sum(pv.stock_on_hand)::int as stock,
          (array_agg(pv.compare_at_price order by pv.price, pv.id))[1] as cheapest_compare_at
        from product_variants pv where pv.product_id = p.id
      ) v,
      lateral (
        select array_agg(distinct va.attribute_id order by va.attribute_id) as ids
        from variant_attributes va join product_variants pv on pv.id = va.variant_id
        where pv.product_id = p.id
      ) a
    where b.id = p.brand_id ${only}
  `);
}
